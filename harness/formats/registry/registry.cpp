#include "formats/registry/registry.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "formats/chrome_trace/format.h"
#include "formats/debug_dir/format.h"
#include "formats/execution_trace/format.h"
#include "formats/torch_trace/format.h"
#include "io/input_source.h"

namespace tc::formats::registry {
namespace fs = std::filesystem;

namespace {

// The first `limit` bytes of a file, decompressed when it is gzip.
bool read_head(const std::string& path, size_t limit, std::string& head, std::string& why) {
  std::unique_ptr<io::InputSource> in = io::open_input(path, why);
  if (!in) return false;
  head.resize(limit);
  size_t got = 0;
  while (got < limit) {
    ptrdiff_t n = in->read(head.data() + got, limit - got);
    if (n < 0) {
      if (got > 0 && in->data_error()) break;  // a truncated .gz still has a head
      why = in->name() + ": " + in->error();
      return false;
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  head.resize(got);
  return true;
}

// Whether `name` ("torch_trace/pytorch_test", "chrome_trace/step_1.json")
// lies under the format id `id`: "<id>/" and more.
bool under_format(std::string_view name, const std::string& id) {
  return name.size() > id.size() && name.starts_with(id) && name[id.size()] == '/';
}

}  // namespace

const std::vector<Format>& all_formats() {
  // Order matters only for ties in detect_format().
  static const std::vector<Format> formats = {torch_trace::torch_trace_format(), chrome_trace::chrome_trace_format(),
                                              execution_trace::execution_trace_format(), debug_dir::debug_dir_format()};
  return formats;
}

const Format* find_format(std::string_view id) {
  for (const Format& f : all_formats())
    if (f.id == id) return &f;
  return nullptr;
}

const Format* unclaimed_directory_format() {
  for (const Format& f : all_formats())
    if (f.reads_unclaimed_directories) return &f;
  return nullptr;
}

const Format* format_of_rule_set(std::string_view ref) {
  for (const Format& f : all_formats())
    if (under_format(ref, f.id)) return &f;
  return nullptr;
}

const Format* format_of_section(std::string_view label) {
  for (const Format& f : all_formats())
    if (f.owns_section ? f.owns_section(label) : under_format(label, f.id)) return &f;
  return nullptr;
}

std::vector<Record> split_section(std::string_view label, const std::vector<std::string>& lines) {
  const Format* f = format_of_section(label);
  if (f && f->split_records) return f->split_records(label, lines);
  if (lines.empty()) return {};
  return {Record{"?", "", "-", "", lines}};
}

std::optional<Drawing> draw_section(std::string_view label, const std::vector<std::string>& lines, size_t budget) {
  const Format* f = format_of_section(label);
  if (!f || !f->draw) return std::nullopt;
  Drawing d = f->draw(label, lines, budget);
  d.section = std::string(label);
  return d;
}

const Format* format_read_by(std::string_view parser_name) {
  for (const Format& f : all_formats())
    if (std::find(f.external_parsers.begin(), f.external_parsers.end(), parser_name) != f.external_parsers.end())
      return &f;
  return nullptr;
}

const diag::Catalog& catalog() {
  static const diag::Catalog assembled = [] {
    diag::Catalog c;
    c.add_rules(diag::common_rules());
    for (const Format& f : all_formats()) c.add_rules(f.rules, f.id);
    c.add_profile(diag::strict_profile());
    for (const Format& f : all_formats())
      for (diag::Profile p : f.profiles) {
        p.format = f.id;
        c.add_profile(std::move(p));
      }
    return c;
  }();
  return assembled;
}

std::string file_nouns() {
  std::vector<std::string> nouns;
  for (const Format& f : all_formats())
    if (!f.file_noun.empty()) nouns.push_back(f.file_noun);
  std::string text;
  for (size_t i = 0; i < nouns.size(); ++i) {
    if (i > 0) text += i + 1 == nouns.size() ? " and " : ", ";
    text += nouns[i];
  }
  return text;
}

const Format* detect_format(const std::string& path, std::string& why, bool* blank) {
  constexpr size_t kHead = 64 * 1024;
  if (blank) *blank = false;
  SniffInput input;
  input.path = path;
  const std::string shown = io::input_name(path);
  std::string head;
  std::error_code ec;
  if (path != "-" && fs::is_directory(path, ec)) {
    input.is_directory = true;
    for (const auto& e : fs::directory_iterator(path, ec)) input.entries.push_back(e.path().filename().string());
    if (ec) {
      why = path + ": cannot list: " + ec.message();
      return nullptr;
    }
    std::sort(input.entries.begin(), input.entries.end());
  } else {
    // stdin, a pipe or a FIFO too: io::open_input keeps what the head takes
    // of a stream for the reader that opens it next (io/kept_stream.h).
    if (!read_head(path, kHead, head, why)) return nullptr;
    input.head = head;
    if (blank && head.size() < kHead && head.find_first_not_of(" \t\r\n") == std::string::npos) {
      *blank = true;
      why = shown + ": the file is empty or holds only blank lines";
      return nullptr;
    }
  }
  const Format* best = nullptr;
  int best_score = 0;
  for (const Format& f : all_formats()) {
    int score = f.sniff ? f.sniff(input) : 0;
    if (score > best_score) best = &f, best_score = score;
  }
  if (!best) why = shown + ": not a trace format tracecheck knows (use --format to say which)";
  return best;
}

}  // namespace tc::formats::registry
