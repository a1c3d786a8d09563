// A readable, bounded unified diff of two texts, line by line.
//
// Contract: returns "" when the texts are equal. Otherwise the output is a
// standard unified diff ("--- a", "+++ b", "@@ -l,n +l,n @@" hunks with
// `context` lines around changes), cut after `max_lines` lines with a final
// "... N more diff lines not shown" line. The edit script is minimal (Myers)
// up to a bounded amount of work; beyond it the differing middle is shown as
// one replaced block, so memory and time stay bounded on unrelated texts.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tc::golden {

struct DiffOptions {
  size_t context = 3;
  size_t max_lines = 200;
};

std::string unified_diff(std::string_view a, std::string_view b, std::string_view a_name, std::string_view b_name,
                         const DiffOptions& options = {});

}  // namespace tc::golden
