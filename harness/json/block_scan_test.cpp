#include "json/block_scan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/rng.h"
#include "json/array_stream.h"
#include "io/memory_source.h"

namespace tc::json {
namespace {

// The byte-at-a-time meaning of the masks, for comparison: every byte
// after an unescaped backslash is escaped (backslashes too).
uint64_t escaped_reference(uint64_t backslash, bool& carry_out) {
  uint64_t escaped = 0;
  bool pending = false;
  for (int i = 0; i < 64; ++i) {
    if (pending) {
      escaped |= uint64_t{1} << i;
      pending = false;
    } else if (backslash >> i & 1) {
      pending = true;
    }
  }
  carry_out = pending;
  return escaped;
}

uint64_t interior_reference(uint64_t quotes, bool inside) {
  uint64_t out = 0;
  for (int i = 0; i < 64; ++i) {
    if (quotes >> i & 1) inside = !inside;
    if (inside) out |= uint64_t{1} << i;
  }
  return out;
}

// Masks with runs: random bits, long runs and the edges.
uint64_t random_mask(testing::Rng& rng) {
  switch (rng.below(5)) {
    case 0: return rng.next();
    case 1: return rng.next() & rng.next() & rng.next();
    case 2: {  // a few runs of random length
      uint64_t m = 0;
      for (int r = static_cast<int>(rng.below(4)); r >= 0; --r) {
        size_t start = rng.below(64), len = 1 + rng.below(12);
        for (size_t i = start; i < start + len && i < 64; ++i) m |= uint64_t{1} << i;
      }
      return m;
    }
    case 3: return ~uint64_t{0} << rng.below(64);  // a run up to bit 63
    default: return ~uint64_t{0} >> rng.below(64);  // a run from bit 0
  }
}

TEST(JsonBlockScan, EscapedBytesMatchTheByteRule) {
  testing::Rng rng(11);
  for (int i = 0; i < 200000; ++i) {
    uint64_t bs = random_mask(rng);
    bool carry = false, want_carry = false;
    // Only bytes that are not backslashes matter (an escaped backslash
    // inside a run is not reported).
    uint64_t want = escaped_reference(bs, want_carry) & ~bs;
    ASSERT_EQ(escaped_json_bytes(bs, carry), want) << std::hex << bs;
    ASSERT_EQ(carry, want_carry) << std::hex << bs;
  }
  bool carry = false;
  EXPECT_EQ(escaped_json_bytes(0, carry), 0u);
  EXPECT_FALSE(carry);
  EXPECT_EQ(escaped_json_bytes(~uint64_t{0}, carry), 0u);  // a run of 64: even
  EXPECT_FALSE(carry);
  EXPECT_EQ(escaped_json_bytes(~uint64_t{0} << 1, carry), 0u);  // 63: odd, escapes the next block's first byte
  EXPECT_TRUE(carry);
  EXPECT_EQ(escaped_json_bytes(0b0111010, carry), 0b1000100u);  // runs of 1 and 3 escape bits 2 and 6
  EXPECT_FALSE(carry);
}

TEST(JsonBlockScan, CountBitsCountsEveryBit) {
  testing::Rng rng(14);
  for (int i = 0; i < 100000; ++i) {
    const uint64_t m = random_mask(rng);
    unsigned want = 0;
    for (int b = 0; b < 64; ++b) want += (m >> b) & 1;
    ASSERT_EQ(count_bits(m), want) << std::hex << m;
  }
  EXPECT_EQ(count_bits(0), 0u);
  EXPECT_EQ(count_bits(~uint64_t{0}), 64u);
  EXPECT_EQ(count_bits(uint64_t{1} << 63), 1u);
}

TEST(JsonBlockScan, StringInteriorIsPrefixParity) {
  testing::Rng rng(12);
  for (int i = 0; i < 100000; ++i) {
    uint64_t q = random_mask(rng);
    bool inside = rng.chance(50);
    ASSERT_EQ(string_interior(q, inside), interior_reference(q, inside)) << std::hex << q;
#ifdef TC_JSON_BLOCK_X86
    if (cpu_has_json_block_avx2())
      ASSERT_EQ(string_interior_clmul(q, inside), interior_reference(q, inside)) << std::hex << q;
#endif
  }
}

TEST(JsonBlockScan, EveryClassifierMatchesThePortableOne) {
  testing::Rng rng(13);
  const std::string alphabet = std::string("\"\\\n\r{}[]:, ax0\x7b\x5b\x5d\x7d\x3b\x5f\x79\xff\x80") + '\0';
  std::vector<JsonBlockClassifier> all = json_block_classifiers();
  ASSERT_FALSE(all.empty());
  for (int i = 0; i < 20000; ++i) {
    char block[64];
    for (char& c : block) c = rng.chance(10) ? static_cast<char>(rng.next()) : alphabet[rng.below(alphabet.size())];
    JsonBlock want = classify_json_block_portable(block);
    for (JsonBlockClassifier f : all) {
      JsonBlock got = f(block);
      ASSERT_EQ(got.quote, want.quote);
      ASSERT_EQ(got.backslash, want.backslash);
      ASSERT_EQ(got.newline, want.newline);
      ASSERT_EQ(got.bracket, want.bracket);
    }
    JsonBlock got = classify_json_block(block);
    ASSERT_EQ(got.bracket, want.bracket);
    ASSERT_EQ(got.quote, want.quote);
  }
  const char* brackets = "{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]{}[]";
  EXPECT_EQ(classify_json_block(brackets).bracket, ~uint64_t{0});
}

// Everything the splitter tells its caller, as text, for comparing runs.
std::string transcript(const std::string& input, size_t step, JsonStreamOptions o) {
  if (o.array_key.empty()) o.array_key = "traceEvents";  // the object form is a Chrome trace's
  io::MemorySource src(input, step);
  std::string out;
  auto pos = [](const JsonPosition& p) {
    return std::to_string(p.line) + ":" + std::to_string(p.column) + "@" + std::to_string(p.offset);
  };
  JsonStreamResult r = stream_json_array(
      src, o,
      [&](std::span<const JsonElement> batch) {
        out += "batch\n";
        for (const JsonElement& e : batch)
          out += "el " + std::to_string(e.index) + " " + pos(e.pos) + " [" + std::string(e.text) + "]\n";
        return true;
      },
      [&](const JsonMember& m) {
        out += "member " + m.key + " " + pos(m.pos) + (m.truncated ? " cut" : "") + " [" + std::string(m.text) + "]\n";
      });
  out += "result kind=" + std::to_string(static_cast<int>(r.error.kind)) + " msg=" + r.error.message +
         " at=" + pos(r.error.pos) + " elements=" + std::to_string(r.elements) + " bytes=" + std::to_string(r.bytes) +
         " found=" + std::to_string(r.array_found) + " term=" + std::to_string(r.terminated) +
         " comma=" + std::to_string(r.trailing_comma) + " " + pos(r.trailing_comma_pos) +
         " bom=" + std::to_string(r.bom) + " container=" + std::to_string(static_cast<int>(r.container)) + "\n";
  return out;
}

// The byte-at-a-time scanner, the reference the block scanners must match.
JsonStreamOptions bytes_only(JsonStreamOptions o) {
  o.block_scan = false;
  return o;
}

// The block scanner built for x86-64's baseline, where `o` alone would use
// its AVX2 build.
JsonStreamOptions baseline(JsonStreamOptions o) {
  o.baseline_block_scan = true;
  return o;
}

// An event-like element with strings full of escapes, quotes, brackets and
// newlines, so that their bytes fall on every side of 64-byte blocks and
// chunk ends.
std::string random_element(testing::Rng& rng, int depth = 0) {
  static const char* strings[] = {"\"a\\\"b\"",   "\"]}[{,\"",    "\"\\\\\"",       "\"\\\\\\\"\\\\\"",
                                  "\"\\u00e9\"", "\"x\\ny\"",    "\"line\nbreak\"", "\"\\\\\\\\\\\\\\\\\"",
                                  "\"\"",        "\"\\/\\b\\f\""};
  static const char* scalars[] = {"123", "-1.5e3", "true", "null", "false", "0"};
  auto scalar = [&] {
    if (rng.chance(60)) {
      std::string s = strings[rng.below(10)];
      if (rng.chance(20)) s.insert(1, std::string(rng.below(70), 'p'));
      if (rng.chance(15)) s.insert(1, std::string(rng.below(9), '\\') + "\\\\");
      return s;
    }
    return std::string(scalars[rng.below(6)]);
  };
  std::string ws = rng.chance(20) ? (rng.chance(50) ? "\r\n  " : "\n") : (rng.chance(30) ? " " : "");
  if (depth < 4 && rng.chance(35)) {
    if (rng.chance(50)) {
      std::string e = "[";
      for (size_t i = 0, n = rng.below(4); i < n; ++i) e += (i ? "," + ws : ws) + random_element(rng, depth + 1);
      return e + "]";
    }
    std::string e = "{";
    for (size_t i = 0, n = rng.below(6); i < n; ++i)
      e += (i ? "," + ws : ws) + scalar() + ":" + ws + random_element(rng, depth + 1);
    return e + ws + "}";
  }
  return scalar();
}

// Corrupts a few bytes: stray quotes, backslashes, brackets, newlines.
void corrupt(std::string& s, testing::Rng& rng) {
  static const char bad[] = "\"\\{}[],:\n \r\x01";
  for (size_t k = 0, n = 1 + rng.below(3); k < n && !s.empty(); ++k) {
    size_t at = rng.below(s.size());
    switch (rng.below(3)) {
      case 0: s.insert(at, 1, bad[rng.below(sizeof bad - 1)]); break;
      case 1: s.erase(at, 1); break;
      default: s[at] = bad[rng.below(sizeof bad - 1)]; break;
    }
  }
}

TEST(JsonBlockScan, SplitterGivesWhatTheByteScannerGives) {
  testing::Rng rng(14);
  for (int round = 0; round < 3000; ++round) {
    std::string in = rng.chance(50)   ? "{\"k\": [1, \"]\\\\\"], \"traceEvents\": ["
                     : rng.chance(10) ? "\xEF\xBB\xBF["
                                      : "[";
    const bool object = in[0] == '{';
    for (size_t i = 0, n = rng.below(40); i < n; ++i) {
      const bool event = rng.chance(80);
      in += i ? (rng.chance(30) ? ",\n  " : ",") : "";
      in += (event ? "{\"ph\":\"X\",\"a\":" : "[") + random_element(rng) + (event ? "}" : "]");
    }
    in += object ? "], \"z\": {\"q\": \"\\\"}\"}}" : (rng.chance(50) ? "]" : "");
    if (rng.chance(40)) corrupt(in, rng);
    if (rng.chance(10)) in.resize(rng.below(in.size() + 1));
    JsonStreamOptions o;
    o.chunk = 64 + rng.below(300);
    if (rng.chance(10)) o.max_depth = 1 + rng.below(5);
    if (rng.chance(10)) o.max_element = 16 + rng.below(200);
    if (rng.chance(10)) o.max_member = rng.below(20);
    size_t step = 1 + rng.below(rng.chance(50) ? 7 : 300);
    const std::string want = transcript(in, step, bytes_only(o));
    ASSERT_EQ(transcript(in, step, o), want) << "round " << round << "\n" << in;
    ASSERT_EQ(transcript(in, step, baseline(o)), want) << "round " << round << "\n" << in;
  }
}

TEST(JsonBlockScan, SplitterEdgesAtBlockBoundaries) {
  // A string whose escapes and closing quote fall at each offset of a block.
  for (size_t pad = 0; pad < 140; ++pad) {
    for (const char* tail : {"\\\"", "\\\\", "\\\\\\\"", "\\n", "\"}", "\n"}) {
      std::string in = "[{\"s\":\"" + std::string(pad, 'x') + tail + "\\\\\"},\n{\"t\":[" + std::string(pad % 7, ' ') +
                       "\"\\\\\\\\\"]}]";
      for (size_t chunk : {64, 65, 100}) {
        JsonStreamOptions o;
        o.chunk = chunk;
        for (size_t step : {1, 3, 64, 1000}) {
          const std::string want = transcript(in, step, bytes_only(o));
          ASSERT_EQ(transcript(in, step, o), want) << in;
          ASSERT_EQ(transcript(in, step, baseline(o)), want) << in;
        }
      }
    }
  }
  // Deep nesting: refused at the same byte.
  std::string deep = "[" + std::string(600, '[') + std::string(600, ']') + "]";
  JsonStreamOptions o;
  EXPECT_EQ(transcript(deep, 50, o), transcript(deep, 50, bytes_only(o)));
  EXPECT_EQ(transcript(deep, 50, baseline(o)), transcript(deep, 50, bytes_only(o)));
  EXPECT_NE(transcript(deep, 50, o).find("nesting deeper than 512"), std::string::npos);
  // Mixed brackets deeper than the stack's first size (64), closed right,
  // then with one closer swapped deep down.
  std::string opens, closes;
  for (int i = 0; i < 300; ++i) {
    opens += i % 3 ? "[" : "{\"k\":";
    closes.insert(0, i % 3 ? "]" : "}");
  }
  std::string mixed = "[" + opens + "1" + closes + ",2]";
  std::string swapped = mixed;
  char& closer = swapped[1 + opens.size() + 1 + 100];
  closer = closer == ']' ? '}' : ']';
  for (const std::string& in : {mixed, swapped}) {
    EXPECT_EQ(transcript(in, 50, o), transcript(in, 50, bytes_only(o)));
    EXPECT_EQ(transcript(in, 50, baseline(o)), transcript(in, 50, bytes_only(o)));
  }
  EXPECT_NE(transcript(mixed, 50, o).find("elements=2"), std::string::npos);
  EXPECT_NE(transcript(swapped, 50, o).find("does not close"), std::string::npos);
  // CRLF line ends count lines as LF does.
  std::string crlf = "[{\"a\":\r\n1},\r\n{\"b\":\"x\\\r\ny\"}]";
  EXPECT_EQ(transcript(crlf, 5, o), transcript(crlf, 5, bytes_only(o)));
  EXPECT_EQ(transcript(crlf, 5, baseline(o)), transcript(crlf, 5, bytes_only(o)));
}

}  // namespace
}  // namespace tc::json
