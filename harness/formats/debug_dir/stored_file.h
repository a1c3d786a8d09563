// A file of a debug directory as inductor wrote it (NAME), or gzipped
// beside where it would be (NAME.gz): CI jobs keep their artifacts so, and
// tracecheck stores a capture's raw debug_dir so (golden/raw_artifacts.h).
//
// Contract:
// - stored_path(plain) is `plain` when that is a regular file, else
//   plain + ".gz" when that is one, else empty: NAME wins over its twin;
// - read_stored(path, limit, out, error) puts the first `limit` bytes of
//   the file's content into `out` (decompressed when the file is gzip,
//   known by its magic bytes, as io::open_input knows it); false, with
//   `error`, when it cannot be opened or read or its gzip stream is corrupt.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace tc::formats::debug_dir {

std::filesystem::path stored_path(const std::filesystem::path& plain);

bool read_stored(const std::filesystem::path& path, uint64_t limit, std::string& out, std::string& error);

}  // namespace tc::formats::debug_dir
