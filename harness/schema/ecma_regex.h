// ECMA-262 regular expressions (what JSON Schema's pattern and
// patternProperties hold) compiled for RE2.
//
// Contract: the pattern is translated where the two dialects differ but RE2
// can say the same thing: \s and . use ECMA's line terminators and white
// space, \uXXXX (surrogate pairs joined), \cX, \0, (?<name>...), [^] and [].
// What RE2 cannot express (lookahead, lookbehind, backreferences) is an
// error that says so, never a silent mismatch. Matching is unanchored
// (ECMA's RegExp.test), on UTF-8 text.
#pragma once

#include <re2/re2.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tc::schema {

// Returns nullptr and sets `error` when the pattern cannot be used.
std::unique_ptr<RE2> compile_ecma_regex(std::string_view pattern, std::string& error);

// The RE2 syntax compile_ecma_regex hands to RE2 (exposed for tests);
// nullopt with `error` set when the pattern needs a feature RE2 lacks.
std::optional<std::string> translate_ecma_regex(std::string_view pattern, std::string& error);

inline bool regex_search(const RE2& re, std::string_view text) {
  return re.Match(text, 0, text.size(), RE2::UNANCHORED, nullptr, 0);
}

}  // namespace tc::schema
