// 64-byte block classification for the JSON splitter (json/array_stream.h):
// instead of looking at one byte at a time, a block of 64 bytes becomes a few
// 64-bit masks (bit i stands for byte i), and strings, escapes and brackets
// are worked out with integer arithmetic on them.
//
// Contract:
//  - classify_json_block reads exactly 64 bytes at `p` (the caller keeps them
//    readable: the splitter's buffers carry kJsonPadding bytes of slack) and
//    sets a bit for every byte of each class, wherever it stands (inside a
//    string or not); the caller masks off bytes past its data;
//  - escaped_json_bytes and string_interior are exact for any masks: they
//    model JSON's rule that a backslash escapes the byte after it, given
//    that the byte at bit 0 is not escaped by anything before the block.
//    They are right only where every backslash stands inside a string (JSON
//    gives a backslash outside a string no meaning); the splitter checks that
//    and falls back to its byte-at-a-time scanner when it does not hold.
#pragma once

#include <cstdint>
#include <vector>

namespace tc::json {

struct JsonBlock {
  uint64_t quote = 0;      // '"'
  uint64_t backslash = 0;  // '\\'
  uint64_t newline = 0;    // '\n'
  uint64_t bracket = 0;    // '{', '[', '}' or ']'
};

// The masks of the 64 bytes at p (SIMD where the CPU has it, else portable).
JsonBlock classify_json_block(const char* p);
// The same, one byte at a time: the reference the SIMD versions are tested against.
JsonBlock classify_json_block_portable(const char* p);
// Every implementation this CPU can run (the portable one first), for tests.
using JsonBlockClassifier = JsonBlock (*)(const char*);
std::vector<JsonBlockClassifier> json_block_classifiers();

// The number of set bits. Written out because x86-64's baseline has no
// POPCNT, so __builtin_popcountll is a call into libgcc (0.6% of a check of a
// Kineto trace went there, counting the lines of each block).
inline unsigned count_bits(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<unsigned>((x * 0x0101010101010101ULL) >> 56);
}

// Bytes escaped by a backslash: bit e is set when the run of backslashes
// that ends just before byte e has odd length (so its last backslash escapes
// byte e). A run that reaches bit 63 with odd length escapes the first byte
// of the next block: `carry_out` is set then.
inline uint64_t escaped_json_bytes(uint64_t backslash, bool& carry_out) {
  constexpr uint64_t kEven = 0x5555555555555555ULL;  // bits 0, 2, 4, ...
  const uint64_t starts = backslash & ~(backslash << 1);
  // Adding a run's start bit to the run ripples a carry through it and
  // leaves one bit just past its end (or a carry out of bit 63). The run's
  // length is odd when its start and that end bit differ in parity.
  uint64_t from_even = 0, from_odd = 0;
  __builtin_add_overflow(backslash, starts & kEven, &from_even);  // runs of even start: carry out = even length
  carry_out = __builtin_add_overflow(backslash, starts & ~kEven, &from_odd);  // odd start, reaching bit 64: odd
  return (from_even & ~backslash & ~kEven) | (from_odd & ~backslash & kEven);
}

// Bit i set when byte i is inside a string, given `quotes` (the unescaped
// quotes) and whether the block starts inside one: an opening quote counts
// as inside, a closing quote as outside (prefix XOR of the quotes).
inline uint64_t string_interior(uint64_t quotes, bool starts_inside) {
  uint64_t x = quotes;
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return starts_inside ? ~x : x;
}

}  // namespace tc::json
