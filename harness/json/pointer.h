// JSON pointers (RFC 6901) and URI fragments that hold them.
//
// Contract: tokens are unescaped (~1 is '/', ~0 is '~'); a URI fragment is
// percent-decoded first (RFC 6901 section 6), so "#/a%25b" names key "a%b".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tc::json::pointer {

// Appends "/" + the escaped token to `out`.
void append_token(std::string& out, std::string_view token);
void append_index(std::string& out, size_t index);
std::string escape_token(std::string_view token);

// Splits a pointer ("" or "/a/b") into unescaped tokens; nullopt when it is
// not a pointer (no leading '/', or '~' not followed by 0 or 1).
std::optional<std::vector<std::string>> parse(std::string_view pointer);

// Percent-decodes a URI fragment; nullopt on a malformed escape.
std::optional<std::string> percent_decode(std::string_view text);

// Array index token: digits only, no leading zero (except "0").
std::optional<size_t> parse_index(std::string_view token);

}  // namespace tc::json::pointer
