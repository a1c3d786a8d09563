// The end of a text: what a person needs to see of a failing run's output.
//
// Contract: last_lines() returns at most `lines` lines and `max_bytes` bytes
// of `text` (cut at a line start when it can be), without a trailing newline;
// file_tail() does the same for a file, reading only its last max_bytes*2
// bytes, and returns "" for a missing or unreadable file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace tc::runner {

std::string last_lines(std::string_view text, size_t lines, size_t max_bytes = 8192);

std::string file_tail(const std::filesystem::path& file, size_t lines, size_t max_bytes = 8192);

}  // namespace tc::runner
