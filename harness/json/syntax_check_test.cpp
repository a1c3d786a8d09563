// json::check_strict_json against simdjson (strict JSON) and json::Parser
// (Python's json.loads): what it calls Valid both accept, what it calls
// Invalid json::Parser rejects with json::locate_error's error.
#include "json/syntax_check.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <initializer_list>
#include <string>

#include "json/parse.h"

namespace tc::json {
namespace {

bool simdjson_accepts(std::string_view text) {
  simdjson::padded_string padded(text);
  simdjson::dom::parser parser;
  simdjson::dom::element e;
  return parser.parse(padded).get(e) == simdjson::SUCCESS;
}

TEST(StrictJson, AcceptsWhatSimdjsonAndPythonAccept) {
  for (std::string_view text : std::initializer_list<std::string_view>{
           "0", "-0", "1.5e-7", "-12E+3", "\"\"", "\"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u00e9\"", "\"\\ud83d\\ude00\"",
           "\"h\xC3\xA9llo\"", "true", "false", "null", "[]", "{}", " [ 1 , [ ] , { } ] ",
           "\t{\"a\": {\"b\": [1, {\"c\": null}]}}\r\n", "{\"a\": 1, \"a\": 2}"}) {
    EXPECT_EQ(check_strict_json(text), StrictJson::Valid) << text;
    EXPECT_TRUE(simdjson_accepts(text)) << text;
    Parser parser;
    EXPECT_TRUE(parser.parse(text).ok) << text;
  }
}

TEST(StrictJson, InvalidIsWhatJsonParserRejects) {
  for (std::string_view text : std::initializer_list<std::string_view>{"",
                                                                       " ",
                                                                       "01",
                                                                       "1.",
                                                                       ".5",
                                                                       "-",
                                                                       "1e",
                                                                       "+1",
                                                                       "0x10",
                                                                       "[1,]",
                                                                       "[1 2]",
                                                                       "{\"a\" 1}",
                                                                       "{\"a\": 1,}",
                                                                       "{1: 2}",
                                                                       "[",
                                                                       "]",
                                                                       "{\"a\": [}",
                                                                       "[1]]",
                                                                       "1 2",
                                                                       "\"abc",
                                                                       "\"a\\x\"",
                                                                       "\"\\u12G4\"",
                                                                       "\"tab\there\"",
                                                                       "\"\xC3\"",
                                                                       "\"\xFF\"",
                                                                       "tru",
                                                                       "nul",
                                                                       "[true false]",
                                                                       std::string_view("[0]\0", 4)}) {
    EXPECT_EQ(check_strict_json(text), StrictJson::Invalid) << text;
    Parser parser;
    ParseResult exact = parser.parse(text);
    EXPECT_FALSE(exact.ok) << text;
    ParseError streamed = locate_error(text);
    EXPECT_EQ(streamed.offset, exact.error.offset) << text;
    EXPECT_EQ(streamed.message, exact.error.message) << text;
  }
}

TEST(StrictJson, PythonsDialectIsLeftToTheExactPath) {
  for (std::string_view text :
       std::initializer_list<std::string_view>{"NaN", "[Infinity]", "{\"a\": -Infinity}", "\"\\ud800\"", "\"\\udc00\"",
                                               "\"\\ud800\\u0041\"", "\"\\ud800x\""}) {
    EXPECT_EQ(check_strict_json(text), StrictJson::Undecided) << text;
    Parser parser;
    EXPECT_TRUE(parser.parse(text).ok) << text;
  }
}

TEST(StrictJson, DeepNestingIsLeftToTheExactPath) {
  std::string ok = std::string(400, '[') + std::string(400, ']');
  EXPECT_EQ(check_strict_json(ok), StrictJson::Valid);
  std::string deep = std::string(Parser::kMaxDepth + 1, '[') + std::string(Parser::kMaxDepth + 1, ']');
  EXPECT_EQ(check_strict_json(deep), StrictJson::Undecided);
}

}  // namespace
}  // namespace tc::json
