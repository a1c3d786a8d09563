// Unsigned decimal numbers as the trace formats write them.
#pragma once

#include <charconv>
#include <cstdint>
#include <string_view>

namespace tc::formats::torch_trace {

// Parses ASCII decimal digits (no sign, no space) into a u64; false when
// empty, not ASCII digits, or beyond 2^64-1 (where Rust's parse::<u64>()
// fails, and tlparse's unwrap() on it panics).
inline bool parse_u64(std::string_view digits, uint64_t& out) {
  if (digits.empty()) return false;
  for (char c : digits)
    if (c < '0' || c > '9') return false;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
  return ec == std::errc() && p == digits.data() + digits.size();
}

}  // namespace tc::formats::torch_trace
