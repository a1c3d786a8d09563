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

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TC_JSON_BLOCK_X86 1
#endif

namespace tc::json {

// '[' (0x5B) and '{' (0x7B) differ only in bit 0x20, as do ']' and '}': OR
// 0x20 in and one comparison finds both (no other byte maps onto them).
inline constexpr char kJsonBracketFold = 0x20;

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

#ifdef TC_JSON_BLOCK_X86
// The splitter's block scanner has a build of its own for CPUs with AVX2
// (json/array_scan.cpp), which inlines these: AVX2 for the masks, PCLMUL for
// string_interior, POPCNT for the line counts. x86-64's baseline has none of
// them (classify_json_block is then a call through a pointer, popcount a call
// into libgcc). Every AVX2 CPU has the other two, but each is asked for.
#define TC_JSON_BLOCK_AVX2 __attribute__((target("avx2,pclmul,popcnt")))

// Whether this CPU runs the functions marked TC_JSON_BLOCK_AVX2.
bool cpu_has_json_block_avx2();

namespace block_scan_detail {
TC_JSON_BLOCK_AVX2 inline uint64_t bits(__m256i lo, __m256i hi) {
  return static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(lo))) |
         static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(hi))) << 32;
}
}  // namespace block_scan_detail

TC_JSON_BLOCK_AVX2 inline JsonBlock classify_json_block_avx2(const char* p) {
  const __m256i quote = _mm256_set1_epi8('"'), backslash = _mm256_set1_epi8('\\'), newline = _mm256_set1_epi8('\n');
  const __m256i fold = _mm256_set1_epi8(kJsonBracketFold), open = _mm256_set1_epi8('{'), close = _mm256_set1_epi8('}');
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
  const __m256i flo = _mm256_or_si256(lo, fold), fhi = _mm256_or_si256(hi, fold);
  using block_scan_detail::bits;
  JsonBlock r;
  r.quote = bits(_mm256_cmpeq_epi8(lo, quote), _mm256_cmpeq_epi8(hi, quote));
  r.backslash = bits(_mm256_cmpeq_epi8(lo, backslash), _mm256_cmpeq_epi8(hi, backslash));
  r.newline = bits(_mm256_cmpeq_epi8(lo, newline), _mm256_cmpeq_epi8(hi, newline));
  r.bracket = bits(_mm256_or_si256(_mm256_cmpeq_epi8(flo, open), _mm256_cmpeq_epi8(flo, close)),
                   _mm256_or_si256(_mm256_cmpeq_epi8(fhi, open), _mm256_cmpeq_epi8(fhi, close)));
  return r;
}

// string_interior by one carry-less multiply: the product of the quotes
// and all ones is their prefix XOR.
TC_JSON_BLOCK_AVX2 inline uint64_t string_interior_clmul(uint64_t quotes, bool starts_inside) {
  const __m128i x = _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<int64_t>(quotes)), _mm_set1_epi8(-1), 0);
  const auto prefix = static_cast<uint64_t>(_mm_cvtsi128_si64(x));
  return starts_inside ? ~prefix : prefix;
}
#endif

}  // namespace tc::json
