// Helpers shared by the runner's tests (header only: never in the library).
#pragma once

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "io/temp_dir_for_tests.h"

namespace tc::runner::testing {

using io::testing::TempDir;

// Pids of live processes whose command line contains `marker`.
inline std::string processes_with(const std::string& marker) {
  std::string found;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string pid = entry.path().filename();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "cmdline", std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    std::string cmdline = text.str();
    for (auto& c : cmdline)
      if (c == '\0') c = ' ';
    if (cmdline.find(marker) != std::string::npos) found += pid + ": " + cmdline + "\n";
  }
  return found;
}

inline std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The python the host-mode tests use: Debian's, which has no torch here;
// the fake drivers need none.
inline std::string test_python() { return access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3"; }

inline std::filesystem::path runner_data() {
  return std::filesystem::path(TRACECHECK_SOURCE_DIR) / "harness/tests/data/runner/cases/runner";
}

}  // namespace tc::runner::testing
