// Parser::parse(text, padded, recycled): building in a recycled Value's
// storage gives exactly the Value (and quirks) of a fresh parse, whatever
// the recycled Value held.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "json/parse.h"
#include "json/python_dump.h"

namespace tc::json {
namespace {

const std::vector<std::string> kTexts = {
    R"({"dynamo_start": {"stack": [{"line": 1, "name": "f", "filename": 3}]}, "frame_id": 0, "has_payload": "ab"})",
    R"({"str": ["/a.py", 7]})",
    R"({"a": 1, "a": {"x": [1, 2, 3]}, "b": null, "a": "last"})",
    R"([1, "two", 3.5, true, null, {"k": []}, [[], {}]])",
    R"({"n": NaN, "big": 123456789012345678901234567890, "neg": -0, "u": 18446744073709551615})",
    R"("just a string")",
    R"({})",
    R"({"deep": {"deeper": {"deepest": [{"a": {"b": {"c": "d"}}}]}}, "x": -12.5e3})",
};

TEST(ParseRecycled, EqualsAFreshParseWhateverTheRecycledValueHeld) {
  Parser fresh_parser, recycling_parser;
  for (const std::string& before : kTexts) {
    for (const std::string& text : kTexts) {
      ParseResult old = recycling_parser.parse(before);
      ASSERT_TRUE(old.ok) << before;
      ParseResult fresh = fresh_parser.parse(text);
      ParseResult recycled = recycling_parser.parse(text, false, std::move(old.value));
      ASSERT_TRUE(fresh.ok && recycled.ok) << text;
      EXPECT_TRUE(fresh.value == recycled.value) << before << " then " << text;
      EXPECT_EQ(python_dump(fresh.value), python_dump(recycled.value)) << before << " then " << text;
      ASSERT_EQ(fresh.quirks.size(), recycled.quirks.size()) << before << " then " << text;
      for (size_t i = 0; i < fresh.quirks.size(); ++i) {
        EXPECT_EQ(fresh.quirks[i].kind, recycled.quirks[i].kind);
        EXPECT_EQ(fresh.quirks[i].detail, recycled.quirks[i].detail);
      }
    }
  }
}

TEST(ParseRecycled, AFailedParseLeavesNoStaleValue) {
  Parser parser;
  ParseResult old = parser.parse(R"({"a": [1, 2]})");
  ParseResult bad = parser.parse(R"({"a": [1, 2)", false, std::move(old.value));
  EXPECT_FALSE(bad.ok);
  EXPECT_TRUE(bad.value.is_null());
}

}  // namespace
}  // namespace tc::json
