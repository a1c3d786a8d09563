#include "io/data_root.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace tc::io {
namespace fs = std::filesystem;

namespace {

std::string find_data_root() {
  if (const char* env = std::getenv("TRACECHECK_DATA_DIR"); env && *env) return env;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path share = exe.parent_path().parent_path() / "share" / "tracecheck";
    if (exe.parent_path().filename() == "bin" && fs::is_directory(share / "schemas", ec)) return share.string();
  }
  return TRACECHECK_SOURCE_DIR;
}

}  // namespace

const std::string& data_root() {
  static const std::string root = find_data_root();
  return root;
}

}  // namespace tc::io
