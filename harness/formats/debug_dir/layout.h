// The inductor debug-trace directory (config.trace.enabled /
// TORCH_COMPILE_DEBUG), ../shared/spec/formats.md 4.1:
//   [torch_compile_debug/]run_<time>-pid_<pid>/torchinductor/<graph>/
//     fx_graph_readable.py, fx_graph_runnable.py, fx_graph_transformed.py,
//     output_code.py, ir_pre_fusion.txt, ir_post_fusion.txt, ...
// plus, in a capture, debug_trace_log.txt: the WARNING lines the driver
// collected from the torch._inductor.debug logger.
//
// Contract: scan_debug_dir() lists every regular file below `root` (relative
// paths, sorted; at most 10000 entries and 16 levels) and the graph folders:
// folders holding one of the required files (or it gzipped: NAME.gz) or
// sitting directly in a "torchinductor" folder. It never follows symlinks
// and never throws.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tc::formats::debug_dir {

struct RequiredFile {
  const char* name;
  uint64_t min_size;  // test_debug_trace.py: filesize(...) > min_size
};

// What test_debug_trace asserts per graph folder (ir texts: present, non-empty).
const std::vector<RequiredFile>& required_files();

inline constexpr const char* kLogFile = "debug_trace_log.txt";

struct DebugDirScan {
  std::vector<std::string> files;   // relative to root, '/'-separated, sorted
  std::vector<std::string> graphs;  // relative graph folder paths, sorted
  bool truncated = false;           // more than the entry or depth limit
};

bool scan_debug_dir(const std::string& root, DebugDirScan& scan, std::string& error);

}  // namespace tc::formats::debug_dir
