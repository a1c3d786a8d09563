#include "runner/out_dir.h"

#include "runner/mounts.h"

namespace tc::runner {
namespace fs = std::filesystem;

bool prepare_out_dir(const fs::path& dir, std::string& error) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(dir), ec);
  if (ec || abs == abs.root_path()) {
    error = "refusing to use " + dir.string() + " as an output folder";
    return false;
  }
  std::string mount_error;
  auto mounted = mount_points_below(abs, mount_error);
  if (!mount_error.empty()) {
    error = mount_error;
    return false;
  }
  if (!mounted.empty()) {
    error = "refusing to empty " + abs.string() + ": " + mounted.front() + " is mounted there";
    return false;
  }
  if (fs::exists(abs, ec) && !fs::is_directory(abs, ec)) {
    error = abs.string() + " exists and is not a folder";
    return false;
  }
  fs::create_directories(abs, ec);
  if (ec) {
    error = "cannot create " + abs.string() + ": " + ec.message();
    return false;
  }
  for (const auto& entry : fs::directory_iterator(abs, ec)) {
    fs::remove_all(entry.path(), ec);
    if (ec) {
      error = "cannot remove " + entry.path().string() + ": " + ec.message();
      return false;
    }
  }
  if (ec) {
    error = "cannot list " + abs.string() + ": " + ec.message();
    return false;
  }
  return true;
}

int count_files(const fs::path& dir) {
  std::error_code ec;
  int n = 0;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.is_regular_file(ec)) ++n;
  return n;
}

}  // namespace tc::runner
