// Differential test: parse + python_dump must print exactly what Python's
// json.dumps(json.loads(text)) prints, on a table of the awkward cases.
#include "json/python_dump.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "json/parse.h"

namespace tc::json {
namespace {

const std::vector<std::string> kCases = {
    R"({"b": 1, "a": 2})",
    R"({"x": 100.0, "y": 1e-05, "z": 1e+16, "w": 0.0001, "v": 1e16, "u": 1e15})",
    R"([0.1, 0.30000000000000004, 1.5e-7, 123456789012345678.0, 2.5e-308, 1.7976931348623157e308])",
    R"([12345678901234567890123, -0, -0.0, 0.0, -1, 9223372036854775808])",
    R"([1E5, 1e400, -1e400, 5e-324, 1.0e-4, 1.0e-5])",
    R"([NaN, Infinity, -Infinity])",
    R"({"dup": 1, "other": 2, "dup": 3})",
    R"("caf\u00e9 \u2603 \ud83d\ude00 \"q\" \\ / \b\f\n\r\t \u0001 \u007f")",
    "\"raw utf8: caf\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80\"",
    R"({"nested": [[], {}, [{}], {"a": [null, true, false]}]})",
    R"(1733527213926572.8)",
    R"([1733527213.9265728, 0.5, 2.0, 1e22, 1e21, 123e-2, 4.35, 3.14159])",
    R"("")",
    R"(null)",
};

std::string python_dumps(const std::vector<std::string>& inputs) {
  char in_path[] = "/tmp/tracecheck_pydump_XXXXXX";
  int fd = mkstemp(in_path);
  if (fd < 0) return {};
  {
    std::ofstream f(in_path);
    for (const auto& s : inputs) f << s << '\n';
  }
  close(fd);
  std::string cmd = std::string("python3 -c 'import json,sys\nfor l in open(sys.argv[1], encoding=\"utf-8\"): print(json.dumps(json.loads(l)))' ") + in_path;
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    pclose(p);
  }
  std::remove(in_path);
  return out;
}

TEST(PythonDump, MatchesPythonJsonDumps) {
  std::string expected = python_dumps(kCases);
  if (expected.empty()) GTEST_SKIP() << "python3 not available";
  std::string actual;
  Parser parser;
  for (const auto& text : kCases) {
    ParseResult r = parser.parse(text);
    ASSERT_TRUE(r.ok) << text << ": " << r.error.message;
    actual += python_dump(r.value);
    actual += '\n';
  }
  EXPECT_EQ(actual, expected);
}

TEST(PythonDump, DuplicateKeyKeepsFirstPositionLastValue) {
  Parser parser;
  ParseResult r = parser.parse(R"({"a": 1, "b": 2, "a": 3})");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(python_dump(r.value), R"({"a": 3, "b": 2})");
  ASSERT_EQ(r.quirks.size(), 1u);
  EXPECT_EQ(r.quirks[0].kind, QuirkKind::DuplicateKey);
}

TEST(PythonDump, NonFiniteLiteralsAreQuirks) {
  Parser parser;
  ParseResult r = parser.parse(R"({"a": NaN, "s": "NaN in a string"})");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(python_dump(r.value), R"({"a": NaN, "s": "NaN in a string"})");
  ASSERT_EQ(r.quirks.size(), 1u);
  EXPECT_EQ(r.quirks[0].kind, QuirkKind::NonFiniteLiteral);
}

TEST(Parse, ErrorsCarryTheirOffset) {
  Parser parser;
  ParseResult r = parser.parse(R"({"a": 1,, "b": 2})");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.offset, 8u);
  r = parser.parse(R"({"a": 1} trailing)");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.offset, 9u);
}

// A case the table misses (found by the scrub differential, harness/tests/pytorch_test_formatter.py):
// json.loads accepts lone surrogate escapes and json.dumps writes them back,
// as value.h promises, but Parser rejects them today ("surrogate U+DC00..U+DFFF
// must follow U+D800..U+DBFF"). Disabled until parse.cpp keeps them as WTF-8;
// run with --gtest_also_run_disabled_tests.
TEST(PythonDump, LoneSurrogateEscapesRoundTrip) {
  const std::vector<std::string> cases = {R"(["\udcff", "\ud800x", "a\ud83d", "\ude00\ud83d"])"};
  std::string expected = python_dumps(cases);
  if (expected.empty()) GTEST_SKIP() << "python3 not available";
  Parser parser;
  ParseResult r = parser.parse(cases[0]);
  ASSERT_TRUE(r.ok) << r.error.message;
  EXPECT_EQ(python_dump(r.value) + "\n", expected);
}

TEST(Parse, DeepNestingIsAnErrorNotACrash) {
  Parser parser;
  std::string deep(100000, '[');
  deep += std::string(100000, ']');
  ParseResult r = parser.parse(deep);
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.error.message.empty());
}

}  // namespace
}  // namespace tc::json
