#include "formats/debug_dir/layout.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <string_view>
#include <system_error>

#include "formats/debug_dir/stored_file.h"

namespace tc::formats::debug_dir {
namespace fs = std::filesystem;

const std::vector<RequiredFile>& required_files() {
  static const std::vector<RequiredFile> files = {
      {"fx_graph_readable.py", 512}, {"fx_graph_runnable.py", 512}, {"fx_graph_transformed.py", 512},
      {"output_code.py", 1024},      {"ir_pre_fusion.txt", 0},      {"ir_post_fusion.txt", 0},
  };
  return files;
}

bool scan_debug_dir(const std::string& root, DebugDirScan& scan, std::string& error) {
  constexpr size_t kMaxEntries = 10000;
  constexpr int kMaxDepth = 16;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::none, ec);
  if (ec) {
    error = root + ": cannot list: " + ec.message();
    return false;
  }
  std::set<std::string> graphs;
  size_t entries = 0;
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) {
      error = root + ": cannot list: " + ec.message();
      return false;
    }
    if (++entries > kMaxEntries) {
      scan.truncated = true;
      break;
    }
    if (it.depth() >= kMaxDepth) {
      scan.truncated = true;
      it.disable_recursion_pending();
    }
    std::error_code type_ec;
    const fs::directory_entry& e = *it;
    if (e.is_symlink(type_ec)) continue;
    std::string rel = e.path().lexically_relative(root).generic_string();
    if (e.is_directory(type_ec)) {
      if (e.path().parent_path().filename() == "torchinductor") graphs.insert(rel);
      continue;
    }
    if (!e.is_regular_file(type_ec)) continue;
    scan.files.push_back(rel);
    const std::string file_name = e.path().filename().string();
    const std::string_view name = name_as_written(file_name);
    for (const RequiredFile& r : required_files())
      if (name == r.name) {
        std::string parent = e.path().parent_path().lexically_relative(root).generic_string();
        graphs.insert(parent == "." ? "" : parent);
      }
  }
  std::sort(scan.files.begin(), scan.files.end());
  scan.graphs.assign(graphs.begin(), graphs.end());
  return true;
}

}  // namespace tc::formats::debug_dir
