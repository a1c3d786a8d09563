// The inductor debug-trace directory format (formats/format.h). Canonical
// text: the file list, then ir_pre_fusion.txt and ir_post_fusion.txt of
// each graph folder, all through the debug_dir scrub rules (default
// debug_dir/ir).
#include "formats/debug_dir/format.h"
#include "formats/debug_dir/rules.h"

#include <filesystem>
#include <string_view>
#include <system_error>

#include "formats/debug_dir/checks.h"
#include "formats/debug_dir/layout.h"
#include "formats/debug_dir/stored_file.h"
#include "scrub/canonical_text.h"

namespace tc::formats::debug_dir {
namespace fs = std::filesystem;
namespace {

// A gzipped IR text longer than this is not read (a plain one is read
// whole): a small file must not inflate past memory.
constexpr uint64_t kMaxGzippedText = uint64_t{1} << 30;

int sniff(const SniffInput& in) {
  if (!in.is_directory) return 0;
  for (const std::string& e : in.entries) {
    if (e == "torch_compile_debug" || e == "torchinductor") return 50;
    if (e.rfind("run_", 0) == 0 && e.find("-pid_") != std::string::npos) return 50;
    const std::string_view file = name_as_written(e);
    if (file == kLogFile || file == "ir_pre_fusion.txt" || file == "fx_graph_readable.py") return 50;
  }
  return 0;
}

void add_section(const CheckRequest& request, const std::string& label, const std::string& file, std::string text) {
  std::string problem;
  if (!scrub::scrub_canonical_text(request.rules, "debug_dir", "debug_dir/ir", text, problem, request.rule_usage) &&
      request.problems)
    request.problems->push_back(problem);
  request.canonical->push_back({label, file, std::move(text)});
}

bool check(const CheckRequest& request, std::string& io_error) {
  std::error_code ec;
  if (!fs::is_directory(request.path, ec)) {
    io_error = request.path + ": an inductor debug trace is a directory";
    return false;
  }
  DebugDirScan scan;
  if (!scan_debug_dir(request.path, scan, io_error)) return false;
  check_debug_dir(request.path, scan, *request.reporter);
  if (!request.canonical) return true;
  std::string list;
  for (const std::string& f : scan.files) list += f + '\n';
  if (scan.truncated) list += "(truncated)\n";
  add_section(request, "debug_dir/files", request.path, list);
  for (const std::string& graph : scan.graphs) {
    for (const char* name : {"ir_pre_fusion.txt", "ir_post_fusion.txt"}) {
      fs::path path;
      std::string text;
      if (!read_stored_whole(fs::path(request.path) / graph / name, kMaxGzippedText, text, path))
        continue;  // dd-file-missing says so
      std::string label = "debug_dir/" + fs::path(graph).filename().string() + "/" + name;
      add_section(request, label, path.string(), std::move(text));
    }
  }
  return true;
}

// Records (formats/format.h Record): each line of "debug_dir/files" is a
// file, kind "file" named by its path; any other section is one file's
// text, one record of kind "file text" named by the section's file.
std::vector<Record> debug_dir_records(std::string_view label, const std::vector<std::string>& lines) {
  std::vector<Record> out;
  if (label == "debug_dir/files") {
    for (const std::string& line : lines) out.push_back(Record{"file", line, "-", line, {}});
    return out;
  }
  if (lines.empty()) return out;
  std::string name(label.substr(label.find('/') + 1));
  out.push_back(Record{"file text", name, "-", lines.front(), {lines.begin() + 1, lines.end()}});
  return out;
}

}  // namespace

Format debug_dir_format() {
  Format f{"debug_dir", "Inductor debug-trace directories (trace.enabled / TORCH_COMPILE_DEBUG)", sniff, check,
           {"default"}, /*stable_line_numbers=*/false, "debug_dir/ir"};
  f.split_records = debug_dir_records;
  f.rules = debug_dir_rules();
  f.profiles = debug_dir_profiles();
  return f;
}

}  // namespace tc::formats::debug_dir
