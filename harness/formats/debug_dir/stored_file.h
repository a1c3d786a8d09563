// A file of a debug directory as inductor wrote it (NAME), or gzipped
// beside where it would be (NAME.gz): CI jobs keep their artifacts so, and
// tracecheck stores a capture's raw debug_dir so (golden/raw_artifacts.h).
//
// Contract:
// - name_as_written(name) is NAME for "NAME.gz", else `name`;
// - stored_path(plain) is `plain` when that is a regular file, else
//   plain + ".gz" when that is one, else empty: NAME wins over its twin;
// - read_stored(path, limit, out, error) puts the first `limit` bytes of
//   the file's content into `out` (decompressed when the file is gzip,
//   known by its magic bytes, as io::open_input knows it); false, with
//   `error`, when it cannot be opened or read or its gzip stream is corrupt;
// - read_stored_whole(plain, gzip_limit, out, path) sets `path` to
//   stored_path(plain) and reads it whole: NAME as it is, NAME.gz
//   decompressed and refused (false) past `gzip_limit` bytes, so that a
//   small file cannot inflate past memory; false when neither can be read.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace tc::formats::debug_dir {

std::string_view name_as_written(std::string_view name);

std::filesystem::path stored_path(const std::filesystem::path& plain);

bool read_stored(const std::filesystem::path& path, uint64_t limit, std::string& out, std::string& error);

bool read_stored_whole(const std::filesystem::path& plain, uint64_t gzip_limit, std::string& out,
                       std::filesystem::path& path);

}  // namespace tc::formats::debug_dir
