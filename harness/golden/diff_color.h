// Colour for diffs shown on a terminal.
//
// Contract: use_color("auto") is true only when stdout is a tty, NO_COLOR
// is unset or empty (https://no-color.org) and TERM is not "dumb";
// "always" and "never" force it. colorize_diff() wraps removed lines
// ("-...", "...: removed") in red, added ones ("+...", "...: added") in
// green, hunk and section heads ("@@", "[section]") in cyan, and changed
// records in yellow; the text is otherwise unchanged.
#pragma once

#include <string>
#include <string_view>

namespace tc::golden {

bool use_color(std::string_view when);
std::string colorize_diff(std::string_view diff);

}  // namespace tc::golden
