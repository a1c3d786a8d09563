#include "json/pointer.h"

#include <gtest/gtest.h>

namespace tc::json::pointer {
namespace {

TEST(SchemaPointer, EscapesAndParsesTokens) {
  std::string p;
  append_token(p, "a/b");
  append_token(p, "m~n");
  append_index(p, 3);
  EXPECT_EQ(p, "/a~1b/m~0n/3");
  auto tokens = parse(p);
  ASSERT_TRUE(tokens);
  EXPECT_EQ(*tokens, (std::vector<std::string>{"a/b", "m~n", "3"}));
  EXPECT_EQ(parse("")->size(), 0u);
  EXPECT_EQ(*parse("/"), std::vector<std::string>{""});
  EXPECT_EQ(*parse("/~01"), std::vector<std::string>{"~1"});  // ~0 first, so not "/"
  EXPECT_FALSE(parse("a/b"));
  EXPECT_FALSE(parse("/a~2"));
  EXPECT_FALSE(parse("/a~"));
}

TEST(SchemaPointer, PercentDecoding) {
  EXPECT_EQ(*percent_decode("/percent%25field"), "/percent%field");
  EXPECT_EQ(*percent_decode("/foo%22bar"), "/foo\"bar");
  EXPECT_FALSE(percent_decode("%2"));
  EXPECT_FALSE(percent_decode("%zz"));
}

TEST(SchemaPointer, ArrayIndexes) {
  EXPECT_EQ(*parse_index("0"), 0u);
  EXPECT_EQ(*parse_index("12"), 12u);
  EXPECT_FALSE(parse_index("01"));
  EXPECT_FALSE(parse_index("-1"));
  EXPECT_FALSE(parse_index(""));
  EXPECT_FALSE(parse_index("1a"));
}

}  // namespace
}  // namespace tc::json::pointer
