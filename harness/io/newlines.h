// Finding and counting the '\n's of a run of bytes with SIMD compares, SSE2
// (x86-64's baseline) or AVX2 where the CPU has it (to find, 16 or 32 bytes
// at a time; to count, 64 or 128 a round): the readers' line numbers come
// from them, and a search per line costs more than the lines on logs of
// short lines.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace tc::io {

// The offset of each '\n' in `text` (smaller than 4 GiB), in order: with
// AVX2 compares where the CPU has them, else find_line_ends_baseline.
std::vector<uint32_t> find_line_ends(std::string_view text);
// The same with SSE2 (x86-64's baseline) on any CPU; the tests compare both.
std::vector<uint32_t> find_line_ends_baseline(std::string_view text);

// How many '\n's `text` holds: with AVX2 compares where the CPU has them
// (32 bytes at a time, 128 a round), else count_newlines_baseline.
uint64_t count_newlines(std::string_view text);
// The same with SSE2 (x86-64's baseline) on any CPU; the tests compare both.
uint64_t count_newlines_baseline(std::string_view text);

}  // namespace tc::io
