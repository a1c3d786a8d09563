#include "schema/ecma_regex.h"

#include <gtest/gtest.h>

namespace tc::schema {
namespace {

bool search(std::string_view pattern, std::string_view text) {
  std::string error;
  auto re = compile_ecma_regex(pattern, error);
  EXPECT_TRUE(re) << error;
  return re && regex_search(*re, text);
}

std::string load_error(std::string_view pattern) {
  std::string error;
  EXPECT_FALSE(compile_ecma_regex(pattern, error)) << pattern;
  return error;
}

TEST(SchemaRegex, UnanchoredLikeRegExpTest) {
  EXPECT_TRUE(search("a+", "xxaayy"));
  EXPECT_FALSE(search("^a*$", "abc"));
  EXPECT_TRUE(search("^a*$", ""));
  EXPECT_FALSE(search("^a$", "a\n"));  // $ is the end of input, not of a line
}

TEST(SchemaRegex, EcmaEscapesAndClasses) {
  EXPECT_TRUE(search("^\\u00e9$", "\xC3\xA9"));
  EXPECT_TRUE(search("^\\uD83D\\uDE00$", "\xF0\x9F\x98\x80"));  // a surrogate pair is one code point
  EXPECT_TRUE(search("^\\s$", "\xC2\xA0"));                     // NBSP is ECMA white space
  EXPECT_TRUE(search("^\\s$", "\v"));
  EXPECT_FALSE(search("^\\S$", "\xE2\x80\xA8"));
  EXPECT_TRUE(search("^[\\s,]+$", " ,\xEF\xBB\xBF"));
  EXPECT_FALSE(search("^.$", "\xE2\x80\xA8"));  // . stops at U+2028
  EXPECT_TRUE(search("^.$", "\xC3\xA9"));       // one code point, not one byte
  EXPECT_TRUE(search("^\\cJ$", "\n"));
  EXPECT_TRUE(search("^a\\/b$", "a/b"));
  EXPECT_TRUE(search("^(?<year>\\d{4})$", "2024"));
  EXPECT_TRUE(search("^[^]$", "\n"));
  EXPECT_FALSE(search("[]", "anything"));
  EXPECT_TRUE(search("\\p{L}", "\xC3\xA9"));
}

TEST(SchemaRegex, WhatRe2CannotDoIsAnErrorThatSaysSo) {
  EXPECT_NE(load_error("^(?=a)").find("lookahead"), std::string::npos);
  EXPECT_NE(load_error("a(?!b)").find("negative lookahead"), std::string::npos);
  EXPECT_NE(load_error("(?<=a)b").find("lookbehind"), std::string::npos);
  EXPECT_NE(load_error("(?<!a)b").find("negative lookbehind"), std::string::npos);
  EXPECT_NE(load_error("(a)\\1").find("backreference"), std::string::npos);
  EXPECT_NE(load_error("(?<x>a)\\k<x>").find("backreference"), std::string::npos);
  EXPECT_NE(load_error("(a").find("RE2"), std::string::npos);
  EXPECT_NE(load_error("a{1001}").find("RE2"), std::string::npos);
}

}  // namespace
}  // namespace tc::schema
