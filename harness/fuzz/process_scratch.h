// A path under the temporary directory that belongs to this process (its
// pid in the name), removed with whatever was made there when the process
// exits normally. The fuzz targets whose code under test reads files write
// each input there; a function-local static one is removed at exit, so
// neither fuzzing nor the fuzz_replay tests leave files behind. A crash
// leaves it, with the input that crashed.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

class ProcessScratch {
 public:
  // <tmp>/<stem>-<pid><suffix>
  ProcessScratch(std::string_view stem, std::string_view suffix)
      : path_(std::filesystem::temp_directory_path() /
              (std::string(stem) + "-" + std::to_string(getpid()) + std::string(suffix))) {}
  ProcessScratch(const ProcessScratch&) = delete;
  ProcessScratch& operator=(const ProcessScratch&) = delete;
  ~ProcessScratch() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};
