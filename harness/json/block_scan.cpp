#include "json/block_scan.h"

namespace tc::json {

JsonBlock classify_json_block_portable(const char* p) {
  JsonBlock b;
  for (int i = 0; i < 64; ++i) {
    const uint64_t bit = uint64_t{1} << i;
    const char c = p[i];
    const char folded = static_cast<char>(c | kJsonBracketFold);
    if (c == '"') b.quote |= bit;
    if (c == '\\') b.backslash |= bit;
    if (c == '\n') b.newline |= bit;
    if (folded == '{' || folded == '}') b.bracket |= bit;
  }
  return b;
}

namespace {

#ifdef TC_JSON_BLOCK_X86

JsonBlock classify_sse2(const char* p) {
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), newline = _mm_set1_epi8('\n');
  const __m128i fold = _mm_set1_epi8(kJsonBracketFold), open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
  JsonBlock b;
  for (int k = 0; k < 4; ++k) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const __m128i f = _mm_or_si128(v, fold);
    auto bits = [&](__m128i eq) {
      return static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(eq))) << (16 * k);
    };
    b.quote |= bits(_mm_cmpeq_epi8(v, quote));
    b.backslash |= bits(_mm_cmpeq_epi8(v, backslash));
    b.newline |= bits(_mm_cmpeq_epi8(v, newline));
    b.bracket |= bits(_mm_or_si128(_mm_cmpeq_epi8(f, open), _mm_cmpeq_epi8(f, close)));
  }
  return b;
}

JsonBlockClassifier pick() { return cpu_has_json_block_avx2() ? classify_json_block_avx2 : classify_sse2; }

#endif

}  // namespace

#ifdef TC_JSON_BLOCK_X86
bool cpu_has_json_block_avx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("popcnt");
}
#endif

std::vector<JsonBlockClassifier> json_block_classifiers() {
  std::vector<JsonBlockClassifier> all = {classify_json_block_portable};
#ifdef TC_JSON_BLOCK_X86
  all.push_back(classify_sse2);
  if (cpu_has_json_block_avx2()) all.push_back(classify_json_block_avx2);
#endif
  return all;
}

JsonBlock classify_json_block(const char* p) {
#ifdef TC_JSON_BLOCK_X86
  static const JsonBlockClassifier classify = pick();
  return classify(p);
#else
  return classify_json_block_portable(p);
#endif
}

}  // namespace tc::json
