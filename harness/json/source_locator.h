// Maps JSON pointers back to where their values sit in a JSON text, so that
// a schema error can be printed as FILE:LINE:COL.
//
// Contract: one pass over the text for any number of pointers, descending
// only where a pointer leads and skipping everything else (strings are
// skipped with memchr), so locating 100 errors in a 1 GB document costs one
// scan, not 100. The text must be JSON as the validator accepted it (Python's
// NaN/Infinity literals are skipped like numbers); on text it cannot follow
// the result is npos for the pointers concerned, never a crash.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tc::json {

constexpr size_t kNotFound = static_cast<size_t>(-1);

// Byte offset of the value each pointer names (its first character), or
// kNotFound. `pointers` are RFC 6901 pointers ("" is the whole text).
std::vector<size_t> locate_pointers(std::string_view text, const std::vector<std::string>& pointers);

// 1-based line and byte column of each offset (kNotFound gives 1:1), in one
// pass over the text.
std::vector<std::pair<size_t, size_t>> line_columns(std::string_view text, const std::vector<size_t>& offsets);

// Unescapes the body of a JSON string literal (between the quotes) into
// UTF-8; false when the escapes are malformed.
bool unescape_json_string(std::string_view body, std::string& out);

}  // namespace tc::json
