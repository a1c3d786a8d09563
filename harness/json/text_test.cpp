#include "json/text.h"

#include <gtest/gtest.h>

namespace tc::json {
namespace {

TEST(JsonText, LocatesPointers) {
  std::string_view t = R"({"a": {"b/c": [10, {"d~": "x"}]}, "e": null})";
  EXPECT_EQ(locate_json_pointer(t, ""), 0u);
  EXPECT_EQ(t.substr(locate_json_pointer(t, "/a/b~1c/0"), 2), "10");
  EXPECT_EQ(t.substr(locate_json_pointer(t, "/a/b~1c/1/d~0"), 3), "\"x\"");
  EXPECT_EQ(t.substr(locate_json_pointer(t, "/e"), 4), "null");
  EXPECT_EQ(locate_json_pointer(t, "/missing"), std::string_view::npos);
}

TEST(JsonText, LastDuplicateWinsLikePython) {
  std::string_view t = R"({"k": 1, "k": 2})";
  EXPECT_EQ(t.substr(locate_json_pointer(t, "/k"), 1), "2");
}

// The text every consumer reads: each key once, where it first appeared,
// with its last value, at every depth; strings and numbers as they were.
TEST(JsonText, LastValuesKeepEachKeyOnceWithItsLastValue) {
  simdjson::dom::parser parser;
  simdjson::padded_string t(std::string_view(
      R"({"k": 1, "a": [{"x": "q\"", "x": {"y": 1, "y": [true, null]}}], "k": 2.5, "\u00e9\n": -3})"));
  std::string out;
  append_last_values(parser.parse(t).value(), out);
  EXPECT_EQ(out, "{\"k\":2.5,\"a\":[{\"x\":{\"y\":[true,null]}}],\"\\u00e9\\n\":-3}");
}

TEST(JsonText, FindsQuirksWithPointers) {
  std::string_view t = R"({"a": NaN, "b": {"x": 1, "x": 2}, "c": [1e999, -Infinity], "s": "NaN \"x\": 1"})";
  auto found = find_json_quirks(t);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].kind, JsonTextFinding::Kind::NonFinite);
  EXPECT_EQ(found[0].pointer, "/a");
  EXPECT_EQ(t.substr(found[0].offset, 3), "NaN");
  EXPECT_EQ(found[1].kind, JsonTextFinding::Kind::DuplicateKey);
  EXPECT_EQ(found[1].pointer, "/b/x");
  EXPECT_EQ(found[2].kind, JsonTextFinding::Kind::OutOfRange);
  EXPECT_EQ(found[2].pointer, "/c/0");
  EXPECT_EQ(found[3].pointer, "/c/1");
}

TEST(JsonText, FindsIntegersBeyond64BitsOnly) {
  std::string_view t =
      R"({"a": 18446744073709551615, "b": 18446744073709551616, "c": [-9223372036854775808, -9223372036854775809],)"
      R"( "d": 1e400, "s": "99999999999999999999"})";
  auto found = find_big_integers(t);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].kind, JsonTextFinding::Kind::BigInteger);
  EXPECT_EQ(found[0].pointer, "/b");
  EXPECT_EQ(found[0].detail, "18446744073709551616");
  EXPECT_EQ(t.substr(found[0].offset, 5), "18446");
  EXPECT_EQ(found[1].pointer, "/c/1");
  EXPECT_TRUE(find_json_quirks(R"({"b": 18446744073709551616})").empty());
}

TEST(JsonText, FindsLoneSurrogatesInKeysAndValues) {
  std::string_view t = R"({"a": "x\ud800y", "ok": "\ud83d\ude00", "\udc00k": 1, "b": ["\ud83d"]})";
  auto found = find_json_quirks(t);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].kind, JsonTextFinding::Kind::LoneSurrogate);
  EXPECT_EQ(found[0].pointer, "/a");
  EXPECT_EQ(found[0].detail, "\\ud800");
  EXPECT_EQ(t.substr(found[0].offset, 6), "\\ud800");
  EXPECT_EQ(found[1].pointer, "/\xed\xb0\x80k");  // the key itself, as WTF-8
  EXPECT_EQ(found[2].pointer, "/b/0");
}

TEST(JsonText, UnescapesKeysForPointers) {
  auto found = find_json_quirks(R"({"\u00e9": 1, "é": 2})");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].pointer, "/\xc3\xa9");
}

}  // namespace
}  // namespace tc::json
