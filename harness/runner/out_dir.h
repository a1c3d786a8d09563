// The output folder of one capture.
//
// Contract: prepare_out_dir() leaves `dir` existing and empty. It refuses
// (false, *error set) when anything is mounted at or below it, so emptying
// can never delete through a mount, and when `dir` is "/" or not a folder.
// count_files() counts regular files directly in a folder (0 if missing).
#pragma once

#include <filesystem>
#include <string>

namespace tc::runner {

bool prepare_out_dir(const std::filesystem::path& dir, std::string& error);

int count_files(const std::filesystem::path& dir);

}  // namespace tc::runner
