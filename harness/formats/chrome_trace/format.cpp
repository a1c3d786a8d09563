// The Chrome trace format (formats/format.h): Chrome Trace Event Format JSON,
// object or bare-array form, plain or .gz, Kineto's exports included; or a
// folder of such files (a capture's chrome_trace/, a tensorboard log dir).
//
// Canonical text: one Section per file (formats/chrome_trace/canonical.h), labelled
// "chrome_trace/<path below the folder>", except that tensorboard handler
// names (<worker>.<epoch ms>.pt.trace.json[.gz], whose worker holds the host
// name and pid) become "chrome_trace/pt_trace_<i>.json[.gz]", numbered in
// name (= time) order.
#include "formats/chrome_trace/format.h"
#include "formats/chrome_trace/rules.h"

#include <re2/re2.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "formats/chrome_trace/checker.h"
#include "formats/chrome_trace/drawing.h"
#include "formats/chrome_trace/records.h"
#include "formats/chrome_trace/schema_check.h"
#include "io/input_source.h"
#include "formats/chrome_trace/reader.h"
#include "formats/chrome_trace/canonical.h"

namespace tc::formats::chrome_trace {
namespace {
namespace fs = std::filesystem;

constexpr const char* kDefaultRules = "chrome_trace/default";

bool is_trace_name(const std::string& name) { return name.ends_with(".json") || name.ends_with(".json.gz"); }

int sniff(const SniffInput& in) {
  if (in.is_directory) {
    for (const std::string& e : in.entries)
      if (is_trace_name(e)) return 30;
    return 0;
  }
  std::string_view head = in.head;
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  size_t i = head.find_first_not_of(" \t\r\n");
  if (i == std::string_view::npos) return 0;
  if (head[i] == '[') {
    size_t j = head.find_first_not_of(" \t\r\n", i + 1);
    if (j == std::string_view::npos || head[j] == '{' || head[j] == ']') return 60;
    return 0;
  }
  if (head[i] != '{') return 0;
  if (head.find("\"traceEvents\"") != std::string_view::npos) return 60;
  // Kineto writes its metadata (schemaVersion, deviceProperties, ...) before
  // "traceEvents": a file cut short there is still a Kineto trace.
  if (head.find("\"schemaVersion\"") != std::string_view::npos) return 50;
  if (head.find("\"ph\"") != std::string_view::npos) return 40;
  return 0;
}

// Whether a file named otherwise (node's node_trace.1.log) holds a Chrome
// trace: its first 4 KiB, decompressed, sniff as one.
bool holds_trace(const std::string& path) {
  std::string error;
  std::unique_ptr<io::InputSource> in = io::open_input(path, error);
  if (!in) return false;
  std::string head(4096, '\0');
  size_t got = 0;
  while (got < head.size()) {
    ptrdiff_t n = in->read(head.data() + got, head.size() - got);
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  head.resize(got);
  SniffInput sniffed;
  sniffed.head = head;
  return sniff(sniffed) >= 40;
}

// The traces of a folder: files named *.json or *.json.gz, and any other file
// whose content is a Chrome trace (a companion such as stacks.txt is not).
std::vector<std::string> list_files(const std::string& dir, std::string& io_error) {
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->is_regular_file() && (is_trace_name(it->path().filename().string()) || holds_trace(it->path().string())))
      files.push_back(it->path().string());
  if (ec) io_error = dir + ": cannot list: " + ec.message();
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> labels_for(const std::vector<std::string>& files, const std::string& root) {
  static const RE2 tensorboard(R"(.*\.[0-9]+\.pt\.trace\.json(\.gz)?)");
  std::vector<std::string> labels;
  size_t n = 0;
  for (const std::string& f : files) {
    std::string rel = root.empty() ? fs::path(f).filename().string() : fs::relative(f, root).string();
    std::string gz;
    if (RE2::FullMatch(fs::path(rel).filename().string(), tensorboard, &gz)) {
      fs::path parent = fs::path(rel).parent_path();
      rel = (parent / ("pt_trace_" + std::to_string(++n) + ".json" + gz)).string();
    }
    labels.push_back("chrome_trace/" + rel);
  }
  return labels;
}

// One reading of `file` with the checks and (when `rules`) the canonical
// text, taking the `occurrence`-th "traceEvents" array as the events;
// findings go to `reporter`. `kineto`: whether the checks took the file for
// a Kineto trace (HTA reads those).
bool read_trace(const CheckRequest& request, const std::string& file, const std::string& shown,
                const ChromeRules* rules, uint64_t occurrence, diag::Reporter& reporter,
                ChromeReadInfo& info, std::unique_ptr<ChromeCanonical>& canon, bool& kineto,
                std::string& io_error) {
  ChromeChecker checker(reporter, shown);
  ChromeSchemaChecker schemas(reporter);
  canon.reset();
  if (rules) canon = std::make_unique<ChromeCanonical>(*rules);
  info = {};
  ChromeReadOptions options;
  options.threads = request.jobs;
  options.trace_events_occurrence = occurrence;
  options.precheck = ChromeSchemaChecker::passes;
  options.ahead = [&checker](const EventKeys& keys) { checker.ahead(keys); };
  if (request.block_bytes) options.chunk = request.block_bytes;
  ChromeTraceReader reader(
      options, reporter,
      [&](ChromeEvent& e) {
        schemas.validate_event(e);
        checker.event(e, &schemas.facts());
        schemas.report_event(e);
        e.record_kind = checker.record_kind();
        e.unread_by = checker.record_unread_by();
        if (canon) canon->event(e);
      },
      [&](const ChromeMember& m) {
        schemas.validate_member(m, shown);
        checker.member(m, &schemas.facts());
        schemas.report_member(m, shown);
        if (canon) canon->member(m);
      });
  const bool read = reader.read(file, io_error);
  info = reader.info();
  if (!read) return false;
  checker.finish(info);
  kineto = checker.is_kineto();
  return true;
}

bool check(const CheckRequest& request, std::string& io_error) {
  std::vector<std::string> files;
  std::string root;
  std::error_code ec;
  if (request.path != "-" && fs::is_directory(request.path, ec)) {
    files = list_files(request.path, io_error);
    if (!io_error.empty()) return false;
    root = request.path;
    if (files.empty() && !request.canonical)
      request.reporter->report("input-format", {request.path, 1, 1},
                               "the directory holds no Chrome trace (*.json, *.json.gz, or a file that reads as one)");
    if (files.empty() && request.canonical && request.problems)
      request.problems->push_back(request.path + ": holds no Chrome trace, so nothing of this format was checked");
  } else {
    files.push_back(request.path);
  }
  std::vector<std::string> labels = labels_for(files, root);

  ChromeRules rules;
  bool canonical = request.canonical != nullptr && !request.labels_only;
  if (canonical) {
    std::string why;
    std::string ref = request.rules.empty() ? kDefaultRules : request.rules;
    if (!load_chrome_rules(ref, rules, why)) {
      if (request.problems) request.problems->push_back(ref + ": " + why);
      canonical = false;
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    // The name findings carry: the reader calls stdin "<stdin>".
    const std::string shown = io::input_name(files[i]);
    // A file whose "traceEvents" repeats is read again for its last array,
    // the one the consumers' JSON parsers keep: its findings go to a
    // Reporter of its own first, so the first reading can be dropped
    // (stdin or a pipe cannot be read twice: its first array stays the one
    // checked).
    diag::Reporter findings(request.reporter->keep_per_rule());
    ChromeReadInfo info;
    std::unique_ptr<ChromeCanonical> canon;
    bool kineto = false;
    bool read = read_trace(request, files[i], shown, canonical ? &rules : nullptr, 1, findings, info, canon,
                           kineto, io_error);
    if (read && info.trace_events_arrays > 1 && !io::reads_once(files[i])) {
      const uint64_t last = info.trace_events_arrays;
      findings = diag::Reporter(request.reporter->keep_per_rule());
      read = read_trace(request, files[i], shown, canonical ? &rules : nullptr, last, findings, info, canon, kineto,
                        io_error);
    }
    if (!read) return false;
    request.reporter->absorb(std::move(findings));
    // Catapult and Perfetto read every Chrome trace; HTA reads Kineto's.
    std::vector<std::string> readers = {"chrome", "perfetto"};
    if (kineto) readers.push_back("hta");
    request.reporter->read_by(shown, std::move(readers));
    if (request.canonical) request.canonical->push_back({labels[i], files[i], canon ? canon->render() : ""});
  }
  return true;
}

}  // namespace

Format chrome_trace_format() {
  Format f{"chrome_trace",
           "Chrome Trace Event Format JSON (object or bare-array form, .gz too), Kineto/torch.profiler exports "
           "included; or a folder of them",
           sniff,
           check,
           {"default", "chrome", "perfetto", "hta"},
           /*stable_line_numbers=*/false,
           kDefaultRules,
           /*streamed_array=*/"traceEvents",
           /*file_noun=*/"Chrome/Kineto traces"};
  f.external_parsers = {"ajv"};
  f.record_noun = "event";
  f.split_records = [](std::string_view, const std::vector<std::string>& lines) { return chrome_trace_records(lines); };
  f.draw = [](std::string_view, const std::vector<std::string>& lines, size_t budget) {
    return chrome_trace_drawing(lines, budget);
  };
  f.rules = chrome_trace_rules();
  f.profiles = chrome_trace_profiles();
  return f;
}

}  // namespace tc::formats::chrome_trace
