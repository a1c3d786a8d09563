#include "io/newlines.h"

#include <algorithm>

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TC_NEWLINES_AVX2 1
#endif

namespace tc::io {

std::vector<uint32_t> find_line_ends_baseline(std::string_view text) {
  std::vector<uint32_t> ends;
  const char* p = text.data();
  const size_t n = text.size();
  size_t i = 0;
#ifdef __SSE2__
  const __m128i newline = _mm_set1_epi8('\n');
  for (; i + 16 <= n; i += 16) {
    auto hits = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)), newline)));
    for (; hits; hits &= hits - 1) ends.push_back(static_cast<uint32_t>(i + static_cast<size_t>(__builtin_ctz(hits))));
  }
#endif
  for (; i < n; ++i)
    if (p[i] == '\n') ends.push_back(static_cast<uint32_t>(i));
  return ends;
}

uint64_t count_newlines_baseline(std::string_view text) {
  const char* p = text.data();
  const size_t n = text.size();
  uint64_t count = 0;
  size_t i = 0;
#ifdef __SSE2__
  // Each byte lane counts its hits (a compare gives -1, subtracted) for at
  // most 255 rounds before the lanes are summed (psadbw against zero); four
  // accumulators take 64 bytes a round.
  const __m128i newline = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  auto hits = [&](size_t at) {
    return _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at)), newline);
  };
  auto sum = [&](__m128i lanes) {
    const __m128i sums = _mm_sad_epu8(lanes, zero);
    return static_cast<uint64_t>(_mm_cvtsi128_si64(sums)) +
           static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  };
  while (i + 64 <= n) {
    const size_t rounds = std::min<size_t>((n - i) / 64, 255);
    __m128i a = zero, b = zero, c = zero, d = zero;
    for (size_t r = 0; r < rounds; ++r, i += 64) {
      a = _mm_sub_epi8(a, hits(i));
      b = _mm_sub_epi8(b, hits(i + 16));
      c = _mm_sub_epi8(c, hits(i + 32));
      d = _mm_sub_epi8(d, hits(i + 48));
    }
    count += sum(a) + sum(b) + sum(c) + sum(d);
  }
  __m128i tail = zero;
  for (; i + 16 <= n; i += 16) tail = _mm_sub_epi8(tail, hits(i));  // at most 3 rounds
  count += sum(tail);
#endif
  for (; i < n; ++i) count += p[i] == '\n';
  return count;
}

#ifdef TC_NEWLINES_AVX2
// The AVX2 builds of the loops above, written out again at twice the width:
// one template over the lane width would pass __m256i between functions
// built with and without AVX, which clang refuses (a change of ABI).
namespace {

bool cpu_has_avx2() {
  static const bool avx2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return avx2;
}

// find_line_ends_baseline's loop on 32 bytes at a time; the rest goes to it.
__attribute__((target("avx2"))) std::vector<uint32_t> find_line_ends_avx2(std::string_view text) {
  std::vector<uint32_t> ends;
  const char* p = text.data();
  const size_t n = text.size();
  size_t i = 0;
  const __m256i newline = _mm256_set1_epi8('\n');
  for (; i + 32 <= n; i += 32) {
    auto hits = static_cast<uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i)), newline)));
    for (; hits; hits &= hits - 1) ends.push_back(static_cast<uint32_t>(i + static_cast<size_t>(__builtin_ctz(hits))));
  }
  for (uint32_t end : find_line_ends_baseline(text.substr(i))) ends.push_back(static_cast<uint32_t>(i) + end);
  return ends;
}

// count_newlines_baseline's loop on 32-byte lanes, 128 bytes a round; the
// rest goes to it.
__attribute__((target("avx2"))) uint64_t count_newlines_avx2(std::string_view text) {
  const char* p = text.data();
  const size_t n = text.size();
  uint64_t count = 0;
  size_t i = 0;
  const __m256i newline = _mm256_set1_epi8('\n');
  const __m256i zero = _mm256_setzero_si256();
  auto hits = [&](size_t at) __attribute__((target("avx2"))) {
    return _mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + at)), newline);
  };
  auto sum = [&](__m256i lanes) __attribute__((target("avx2"))) {
    const __m256i sums = _mm256_sad_epu8(lanes, zero);  // four 64-bit sums
    return static_cast<uint64_t>(_mm256_extract_epi64(sums, 0)) + static_cast<uint64_t>(_mm256_extract_epi64(sums, 1)) +
           static_cast<uint64_t>(_mm256_extract_epi64(sums, 2)) + static_cast<uint64_t>(_mm256_extract_epi64(sums, 3));
  };
  while (i + 128 <= n) {
    const size_t rounds = std::min<size_t>((n - i) / 128, 255);
    __m256i a = zero, b = zero, c = zero, d = zero;
    for (size_t r = 0; r < rounds; ++r, i += 128) {
      a = _mm256_sub_epi8(a, hits(i));
      b = _mm256_sub_epi8(b, hits(i + 32));
      c = _mm256_sub_epi8(c, hits(i + 64));
      d = _mm256_sub_epi8(d, hits(i + 96));
    }
    count += sum(a) + sum(b) + sum(c) + sum(d);
  }
  return count + count_newlines_baseline(text.substr(i));
}

}  // namespace
#endif

std::vector<uint32_t> find_line_ends(std::string_view text) {
#ifdef TC_NEWLINES_AVX2
  if (cpu_has_avx2()) return find_line_ends_avx2(text);
#endif
  return find_line_ends_baseline(text);
}

uint64_t count_newlines(std::string_view text) {
#ifdef TC_NEWLINES_AVX2
  if (cpu_has_avx2()) return count_newlines_avx2(text);
#endif
  return count_newlines_baseline(text);
}

}  // namespace tc::io
