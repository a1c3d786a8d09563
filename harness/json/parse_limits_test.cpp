// Limits of tc::json::Parser on hostile input: nesting past kMaxDepth is an
// error located at the bracket that goes too deep (never a crash, whatever
// the depth), and the Python-dialect quirks stay warnings, not errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "json/parse.h"

namespace tc::json {
namespace {

std::string nested(size_t depth, char open, char close) { return std::string(depth, open) + std::string(depth, close); }

TEST(JsonParseLimits, NestingUpToTheLimitParses) {
  Parser parser;
  EXPECT_TRUE(parser.parse(nested(Parser::kMaxDepth, '[', ']')).ok);
}

TEST(JsonParseLimits, NestingPastTheLimitIsAnErrorAtTheBracketThatGoesTooDeep) {
  Parser parser;
  for (size_t depth : {Parser::kMaxDepth + 1, size_t{100000}}) {
    ParseResult r = parser.parse(nested(depth, '[', ']'));
    ASSERT_FALSE(r.ok) << depth;
    EXPECT_EQ(r.error.offset, Parser::kMaxDepth) << depth;
    EXPECT_EQ(r.error.message, "nested deeper than 1024 levels");
  }
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
  objects += "1" + std::string(100000, '}');
  ParseResult r = parser.parse(objects);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.offset, Parser::kMaxDepth * 5);
}

TEST(JsonParseLimits, BracketsInsideStringsDoNotCount) {
  Parser parser;
  std::string text = "[\"" + std::string(5000, '[') + "\\\"\"]";
  ParseResult r = parser.parse(text);
  ASSERT_TRUE(r.ok) << r.error.message;
}

TEST(JsonParseLimits, UnclosedDeepNestingIsATruncationNotADepthError) {
  Parser parser;
  ParseResult r = parser.parse(std::string(100000, '['));
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.message.find("nested deeper"), std::string::npos) << r.error.message;
  EXPECT_NE(r.error.message.find("unexpected end of input"), std::string::npos) << r.error.message;
}

TEST(JsonParseLimits, AnUnclosedLongStringGivesAShortMessage) {
  // nlohmann quotes the whole token it read; a diagnostic is one short line.
  Parser parser;
  const std::string text = "{\"str\": [\"" + std::string(200000, 'a');
  ParseResult r = parser.parse(text);
  ASSERT_FALSE(r.ok);
  EXPECT_LT(r.error.message.size(), 200u) << r.error.message.substr(0, 300);
  EXPECT_NE(r.error.message.find("missing closing quote"), std::string::npos) << r.error.message;
  EXPECT_NE(r.error.message.find("last read: '\"aaaa"), std::string::npos) << r.error.message;
  EXPECT_NE(r.error.message.find("(200001 bytes)"), std::string::npos) << r.error.message;
  // Cut at a character's start: a run of 3-byte characters stays valid UTF-8.
  std::string wide = "[\"";
  for (int i = 0; i < 100; ++i) wide += "\xe2\x82\xac";
  r = parser.parse(wide);
  ASSERT_FALSE(r.ok);
  const std::string& m = r.error.message;
  const size_t quote = m.find("last read: '") + 12;
  const size_t dots = m.find("...'", quote);
  ASSERT_NE(dots, std::string::npos) << m;
  EXPECT_EQ((dots - quote - 1) % 3, 0u) << m;  // the opening quote, then whole characters
  // A short token is kept whole.
  r = parser.parse("[tru");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.message.find("last read: '[tru'"), std::string::npos) << r.error.message;
}

TEST(JsonParseLimits, PythonDialectQuirksAreNotErrors) {
  Parser parser;
  ParseResult r = parser.parse(R"({"a": 1e999, "b": "\ud800", "c": NaN, "a": 2})");
  ASSERT_TRUE(r.ok) << r.error.message;
  std::vector<QuirkKind> kinds;
  for (const Quirk& q : r.quirks) kinds.push_back(q.kind);
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), QuirkKind::NumberOutOfRange), kinds.end());
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), QuirkKind::LoneSurrogate), kinds.end());
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), QuirkKind::NonFiniteLiteral), kinds.end());
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), QuirkKind::DuplicateKey), kinds.end());
}

}  // namespace
}  // namespace tc::json
