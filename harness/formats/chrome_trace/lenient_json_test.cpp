#include "formats/chrome_trace/lenient_json.h"

#include <gtest/gtest.h>

namespace tc::formats::chrome_trace {
namespace {

using K = LenientFault::Kind;

TEST(LenientJson, FindsATrailingCommaInsideArgs) {
  std::string repaired;
  const std::string_view text = R"({"ph": "X", "args": {"a": 1, }, "l": [1, 2 ,]})";
  LenientFault f = find_lenient_fault(text, repaired);
  EXPECT_EQ(f.kind, K::TrailingComma);
  EXPECT_EQ(f.offset, text.find(", }"));
  EXPECT_EQ(repaired, R"({"ph": "X", "args": {"a": 1 }, "l": [1, 2 ]})");
}

TEST(LenientJson, FindsARawControlCharacterInAString) {
  std::string repaired;
  const std::string_view text = "{\"name\": \"a\nb\\\"\tc\"}";
  LenientFault f = find_lenient_fault(text, repaired);
  EXPECT_EQ(f.kind, K::RawControl);
  EXPECT_EQ(f.offset, text.find('\n'));
  EXPECT_EQ(f.ch, '\n');
  EXPECT_EQ(repaired, "{\"name\": \"a\\u000ab\\\"\\u0009c\"}");
}

TEST(LenientJson, LeavesOtherControlCharactersToTheSyntaxError) {
  std::string repaired;
  const std::string text("{\"name\": \"a\0b\"}", 15);
  EXPECT_EQ(find_lenient_fault(text, repaired).kind, K::None);
  EXPECT_EQ(repaired, text);
}

TEST(LenientJson, LeavesCommasAndWhitespaceInStringsAndStrictJsonAlone) {
  std::string repaired;
  const std::string_view text = "{\"s\": \",}\", \"t\": \"\\\\\",\n \"u\": [1, 2]}";
  LenientFault f = find_lenient_fault(text, repaired);
  EXPECT_EQ(f.kind, K::None);
  EXPECT_EQ(repaired, text);
}

}  // namespace
}  // namespace tc::formats::chrome_trace
