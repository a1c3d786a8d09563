// Finding and counting the '\n's of a run of bytes with SSE2 compares (16
// bytes at a time to find, 64 a round to count): the readers' line numbers
// come from them, and a search per line costs more than the lines on logs
// of short lines.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace tc::io {

// The offset of each '\n' in `text` (smaller than 4 GiB), in order.
std::vector<uint32_t> find_line_ends(std::string_view text);

// How many '\n's `text` holds.
uint64_t count_newlines(std::string_view text);

}  // namespace tc::io
