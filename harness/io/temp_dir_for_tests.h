// A fresh folder for a test, removed with everything in it at scope end
// (header only: tests include it, the library never does). It lies under
// $TMPDIR, and its name is unique, so tests that ctest runs at once, in one
// binary or several, never share one, and no run leaves one behind.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace tc::io::testing {

class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "tracecheck-test") {
    std::string tmpl = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    path_ = mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace tc::io::testing
