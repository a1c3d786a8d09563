// Python str methods on UTF-8 text, for byte-exact reproduction of what a
// Python formatter prints.
//
// Contract:
//  - whitespace is exactly Python's str.isspace() set (U+0009-000D,
//    U+001C-001F, U+0020, U+0085, U+00A0, U+1680, U+2000-200A, U+2028,
//    U+2029, U+202F, U+205F, U+3000), which is what strip()/rstrip() with no
//    argument remove;
//  - line boundaries are exactly str.splitlines()'s: \n, \r, \r\n, \x0b,
//    \x0c, \x1c, \x1d, \x1e, U+0085, U+2028, U+2029 (keepends=False, and no
//    empty last line after a final boundary);
//  - a byte that does not start a valid UTF-8 sequence counts as one
//    character that is neither whitespace nor a boundary (Python would have
//    held it as a surrogate escape, which is neither).
// Returned views point into the argument.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tc::formats::torch_trace {

bool is_python_space(char32_t c);
bool is_python_line_break(char32_t c);

std::vector<std::string_view> python_splitlines(std::string_view text);
std::string_view python_rstrip(std::string_view text);
std::string_view python_strip(std::string_view text);

// "\n".join(line.rstrip() for line in text.splitlines()), appended to out.
void append_rstripped_lines(std::string_view text, std::string& out);

}  // namespace tc::formats::torch_trace
