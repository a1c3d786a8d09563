// The lines of a golden text, for the diffs and the stability check.
//
// Contract: lines without their '\n'; a last line without one is a line
// too (a missing final newline stays visible), and a final '\n' adds no
// empty line. line_views() points into `text`, which must outlive them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tc::golden {

std::vector<std::string_view> line_views(std::string_view text);
std::vector<std::string> lines_of(std::string_view text);

}  // namespace tc::golden
