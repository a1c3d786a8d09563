#include "formats/torch_trace/glog_prefix.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace tc::formats::torch_trace {
namespace {

const std::string kLine = "V1206 15:18:20.253000 1500233 torch/_logging/structured.py:22] {\"str\": [\"/a/b.py\", 0]}";

TEST(GlogPrefix, MatchesPyTorchLine) {
  GlogPrefixMatcher matcher;
  PrefixMatch m;
  ASSERT_TRUE(matcher.match(kLine, m));
  EXPECT_EQ(m.start, 0u);
  EXPECT_EQ(m.level, 'V');
  EXPECT_EQ(m.timestamp, "1206 15:18:20.253000");
  EXPECT_EQ(m.thread, "1500233");
  EXPECT_EQ(m.pathname, " torch/_logging/structured.py");  // tlparse keeps the space
  EXPECT_EQ(m.lineno, "22");
  EXPECT_EQ(kLine.substr(m.json_offset, 8), "{\"str\": ");
}

TEST(GlogPrefix, RejectsWhatTlparseRejects) {
  GlogPrefixMatcher matcher;
  PrefixMatch m;
  EXPECT_FALSE(matcher.match("D1206 15:18:20.253000 1 a.py:1] {}", m));   // level
  EXPECT_FALSE(matcher.match("V1206 15:18:20.253 1 a.py:1] {}", m));      // 3-digit fraction
  EXPECT_FALSE(matcher.match("V1206 15:18:20.2530000 1 a.py:1] {}", m));  // 7 digits
  EXPECT_FALSE(matcher.match("V1206 15:18:20.253000 1 a.py:1]{}", m));    // no space after ]
  EXPECT_FALSE(matcher.match("V1206 15:18:20.253000 1 a.py:1] ", m));     // nothing after
  EXPECT_FALSE(matcher.match("V1206 15:18:20.253000 1 a.py] {}", m));     // no :LINE
  EXPECT_FALSE(matcher.match("V1206 15:18:20.253000 x a.py:1] {}", m));   // no thread digits
  EXPECT_FALSE(matcher.match("V1206 15:18:20.253000 1:1] {}", m));        // pathname needs a char
  EXPECT_FALSE(matcher.match("\t{\"name\": \"x\"}", m));
}

TEST(GlogPrefix, AcceptsWhatTlparseAccepts) {
  GlogPrefixMatcher matcher;
  PrefixMatch m;
  // Unanchored: text before the prefix.
  ASSERT_TRUE(matcher.match("[rank0]:" + kLine, m));
  EXPECT_EQ(m.start, 8u);
  // The '.' is any character.
  ASSERT_TRUE(matcher.match("I1206 15:18:20,253000 1 a.py:1] {}", m));
  ASSERT_TRUE(
      matcher.match("I1206 15:18:20\xc3\xa9"
                    "253000 1 a.py:1] {}",
                    m));
  // A ':' right after the thread: the thread gives its last digit to the path.
  ASSERT_TRUE(matcher.match("W1206 15:18:20.253000 123:45] x", m));
  EXPECT_EQ(m.thread, "12");
  EXPECT_EQ(m.pathname, "3");
  EXPECT_EQ(m.lineno, "45");
  // No space between thread and path: the path starts right after the digits.
  ASSERT_TRUE(matcher.match("E1206 15:18:20.253000 77x.py:1] x", m));
  EXPECT_EQ(m.thread, "77");
  EXPECT_EQ(m.pathname, "x.py");
  // Rust's \d is Unicode: Arabic-Indic digits match (and tlparse panics later).
  ASSERT_TRUE(matcher.match("V1206 15:18:20.253000 \xd9\xa1\xd9\xa2 a.py:1] {}", m));
  EXPECT_FALSE(m.thread_ascii);
  EXPECT_TRUE(m.timestamp_ascii);
}

TEST(GlogPrefix, FastPathAgreesWithRe2) {
  // Random edits of a real line: whenever match() succeeds, RE2 alone must
  // find the same match with the same groups, and the other way round.
  GlogPrefixMatcher matcher;
  std::mt19937 rng(12345);
  const std::string alphabet = "V D0123456789:.] \t{x\xd9\xa1/";
  for (int iter = 0; iter < 20000; ++iter) {
    std::string line = kLine;
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      size_t at = rng() % 70;
      char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0:
          line[at] = c;
          break;
        case 1:
          line.insert(line.begin() + static_cast<long>(at), c);
          break;
        default:
          line.erase(at, 1);
          break;
      }
    }
    PrefixMatch a, b;
    bool fast = matcher.match(line, a);
    bool slow = matcher.match_re2(line, b);
    ASSERT_EQ(fast, slow) << line;
    if (!fast) continue;
    ASSERT_EQ(a.start, b.start) << line;
    ASSERT_EQ(a.json_offset, b.json_offset) << line;
    ASSERT_EQ(a.thread, b.thread) << line;
    ASSERT_EQ(a.pathname, b.pathname) << line;
    ASSERT_EQ(a.lineno, b.lineno) << line;
    ASSERT_EQ(a.timestamp, b.timestamp) << line;
  }
}

TEST(GlogPrefix, ParseU64PanicsWhereTlparseWould) {
  uint64_t v = 0;
  EXPECT_TRUE(parse_u64("18446744073709551615", v));
  EXPECT_EQ(v, UINT64_MAX);
  EXPECT_FALSE(parse_u64("18446744073709551616", v));
  EXPECT_FALSE(parse_u64("", v));
  EXPECT_FALSE(parse_u64("\xd9\xa1", v));
}

TEST(GlogPrefix, ExplainsFailures) {
  EXPECT_NE(explain_prefix_failure("D1206 15:18:20.253000 1 a.py:1] {}").find("'D'"), std::string::npos);
  EXPECT_NE(explain_prefix_failure("V1206 15:18:20.253 1 a.py:1] {}").find("3 digits"), std::string::npos);
  EXPECT_NE(explain_prefix_failure("V1206 15:18:20.253000 1 a.py:1]{}").find("no space after ']'"), std::string::npos);
  EXPECT_NE(explain_prefix_failure("hello").find("no glog prefix"), std::string::npos);
}

}  // namespace
}  // namespace tc::formats::torch_trace
