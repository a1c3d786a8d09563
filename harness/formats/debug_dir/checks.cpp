#include "formats/debug_dir/checks.h"

#include <re2/re2.h>

#include <filesystem>
#include <sstream>
#include <system_error>

#include "formats/debug_dir/stored_file.h"

namespace tc::formats::debug_dir {
namespace fs = std::filesystem;
namespace {

constexpr const char* kKind = "debug-dir";
// A gzipped log past this is not read: the driver's WARNING lines take a
// few KiB.
constexpr uint64_t kMaxLogBytes = uint64_t{64} << 20;

// The log's path as a path inside `root`: from "torch_compile_debug/" on
// when root holds that folder, else from the "run_..." folder on.
std::string resolve_in_root(const std::string& root, const std::string& logged) {
  std::error_code ec;
  std::string path = fs::path(logged).generic_string();
  for (const char* anchor : {"/torch_compile_debug/", "/run_"}) {
    size_t at = path.rfind(anchor);
    if (at == std::string::npos) continue;
    std::string rel = path.substr(at + 1);
    if (fs::is_directory(fs::path(root) / rel, ec)) return rel;
  }
  return {};
}

void check_log(const std::string& root, const DebugDirScan& scan, diag::Reporter& reporter) {
  fs::path stored;
  std::string text;
  if (!read_stored_whole(fs::path(root) / kLogFile, kMaxLogBytes, text, stored)) return;  // not a capture
  const std::string log = stored.string();
  std::istringstream in(std::move(text));
  // test_debug_trace: re.match(r"WARNING.* debug trace: (.*)", line).
  static const RE2 kLine("^WARNING.* debug trace: (.*)");
  std::string line, dir;
  uint64_t number = 0, found = 0, first_line = 0;
  while (std::getline(in, line)) {
    ++number;
    std::string named;
    if (!RE2::PartialMatch(line, kLine, &named)) continue;
    if (++found == 1) dir = named, first_line = number;
  }
  if (found != 1) {
    reporter.report("dd-log-line", {log, 1, 1},
                    "torch._inductor.debug logged " + std::to_string(found) +
                        " \"WARNING ... debug trace: <dir>\" lines; PyTorch's test_debug_trace expects exactly one",
                    kKind);
    if (found == 0) return;
  }
  std::string rel = resolve_in_root(root, dir);
  bool is_graph = false;
  for (const std::string& g : scan.graphs) is_graph = is_graph || g == rel;
  if (rel.empty() || !is_graph)
    reporter.report("dd-log-dir", {log, first_line, 1},
                    "the debug trace line names " + dir + ", which is not a graph folder of this directory", kKind);
}

}  // namespace

void check_debug_dir(const std::string& root, const DebugDirScan& scan, diag::Reporter& reporter) {
  if (scan.graphs.empty())
    reporter.report("dd-graph-missing", {root, 1, 1},
                    "no graph folder (torchinductor/<graph>/ with fx_graph_*.py, output_code.py, ir_*_fusion.txt)",
                    kKind);
  for (const std::string& graph : scan.graphs) {
    for (const RequiredFile& r : required_files()) {
      std::string rel = graph.empty() ? std::string(r.name) : graph + "/" + r.name;
      const fs::path plain = fs::path(root) / rel;
      const fs::path path = stored_path(plain);
      std::error_code ec;
      uint64_t size = 0;
      std::string unreadable;
      if (path == plain) {
        size = fs::file_size(path, ec);
      } else if (!path.empty()) {
        // Gzipped: its content's size, read only as far as the bound.
        std::string head;
        if (read_stored(path, r.min_size + 1, head, unreadable)) size = head.size();
      }
      if (path.empty() || ec) {
        reporter.report("dd-file-missing", {plain.string(), 1, 1}, "graph folder " + graph + " has no " + r.name, kKind,
                        "/" + rel);
      } else if (!unreadable.empty()) {
        reporter.report("dd-file-missing", {path.string(), 1, 1},
                        "graph folder " + graph + " has no readable " + r.name + ": " + unreadable, kKind, "/" + rel);
      } else if (size <= r.min_size) {
        reporter.report("dd-file-size", {path.string(), 1, 1},
                        std::string(r.name) + (path != plain ? " (gzipped)" : "") + " has " + std::to_string(size) +
                            " bytes; test_debug_trace wants more than " + std::to_string(r.min_size),
                        kKind, "/" + rel);
      }
    }
  }
  check_log(root, scan, reporter);
}

}  // namespace tc::formats::debug_dir
