#include "json/source_locator.h"

#include <gtest/gtest.h>

namespace tc::json {
namespace {

size_t at(std::string_view text, const std::string& pointer) {
  return locate_pointers(text, {pointer})[0];
}

TEST(SchemaLocator, FindsValuesByPointer) {
  std::string_view text = R"({"a": {"b": [10, {"c": "x"}, [1, 2]]}, "s": "}]\"", "d": 5})";
  EXPECT_EQ(at(text, ""), 0u);
  EXPECT_EQ(text.substr(at(text, "/a"), 1), "{");
  EXPECT_EQ(text.substr(at(text, "/a/b/0"), 2), "10");
  EXPECT_EQ(text.substr(at(text, "/a/b/1/c"), 3), "\"x\"");
  EXPECT_EQ(text.substr(at(text, "/a/b/2/1"), 1), "2");
  EXPECT_EQ(text.substr(at(text, "/d"), 1), "5");  // after a string holding brackets and an escaped quote
  EXPECT_EQ(at(text, "/zz"), kNotFound);
  EXPECT_EQ(at(text, "/a/b/9"), kNotFound);
}

TEST(SchemaLocator, MatchesEscapedKeys) {
  std::string_view text = R"({"a\/b": 1, "caf\u00e9": 2, "t~": 3, "q\"": 4})";
  EXPECT_EQ(text.substr(at(text, "/a~1b"), 1), "1");
  EXPECT_EQ(text.substr(at(text, "/caf\xC3\xA9"), 1), "2");
  EXPECT_EQ(text.substr(at(text, "/t~0"), 1), "3");
  EXPECT_EQ(text.substr(at(text, "/q\""), 1), "4");
}

TEST(SchemaLocator, ManyPointersOnePass) {
  std::string_view text = "[{\"x\": NaN}, {\"x\": -Infinity}, {\"x\": 3}]";
  auto offsets = locate_pointers(text, {"/2/x", "/0/x", "/1", "/1/x"});
  EXPECT_EQ(text.substr(offsets[0], 1), "3");
  EXPECT_EQ(text.substr(offsets[1], 3), "NaN");
  EXPECT_EQ(text.substr(offsets[2], 1), "{");
  EXPECT_EQ(text.substr(offsets[3], 9), "-Infinity");
}

TEST(SchemaLocator, SurvivesTruncatedText) {
  EXPECT_EQ(at("{\"a\": [1, 2", "/a/5"), kNotFound);
  EXPECT_EQ(at("{\"a", "/a"), kNotFound);
  EXPECT_EQ(at("", "/a"), kNotFound);
}

TEST(SchemaLocator, LineColumns) {
  std::string_view text = "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n}";
  auto offsets = locate_pointers(text, {"/b/0", "/a", ""});
  auto lc = line_columns(text, offsets);
  EXPECT_EQ(lc[0], (std::pair<size_t, size_t>{4, 5}));
  EXPECT_EQ(lc[1], (std::pair<size_t, size_t>{2, 8}));
  EXPECT_EQ(lc[2], (std::pair<size_t, size_t>{1, 1}));
  EXPECT_EQ(line_columns(text, {kNotFound})[0], (std::pair<size_t, size_t>{1, 1}));
}

}  // namespace
}  // namespace tc::json
