// Equality of short byte strings (JSON keys, ids) without a call: std::string_view's
// == calls compare, and memcmp, out of line.
//
// Contract: same_bytes(a, b, n) is memcmp(a, b, n) == 0 and reads no byte
// outside [a, a + n) and [b, b + n); up to 16 bytes it is two loads a side
// (overlapping when n is not a power of two), beyond that memcmp.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace tc::io {

inline bool same_bytes(const char* a, const char* b, size_t n) {
  auto eq = [&](auto word, size_t at) {
    decltype(word) x, y;
    std::memcpy(&x, a + at, sizeof x);
    std::memcpy(&y, b + at, sizeof y);
    return x == y;
  };
  if (n >= 8) return n <= 16 ? eq(uint64_t{}, 0) && eq(uint64_t{}, n - 8) : std::memcmp(a, b, n) == 0;
  if (n >= 4) return eq(uint32_t{}, 0) && eq(uint32_t{}, n - 4);
  if (n >= 2) return eq(uint16_t{}, 0) && eq(uint16_t{}, n - 2);
  return n == 0 || *a == *b;
}

inline bool same_bytes(std::string_view a, std::string_view b) {
  return a.size() == b.size() && same_bytes(a.data(), b.data(), a.size());
}

}  // namespace tc::io
