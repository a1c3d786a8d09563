// Python str.splitlines / rstrip / strip on UTF-8: fixed expectations for
// the edge cases, plus a differential run against python3 when present.
#include "formats/torch_trace/python_text.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "formats/torch_trace/record_text.h"

namespace tc::formats::torch_trace {
namespace {

using Lines = std::vector<std::string_view>;

TEST(PythonText, SplitlinesBasics) {
  EXPECT_EQ(python_splitlines(""), Lines{});
  EXPECT_EQ(python_splitlines("\n"), Lines{""});
  EXPECT_EQ(python_splitlines("a"), Lines{"a"});
  EXPECT_EQ(python_splitlines("a\n"), Lines{"a"});
  EXPECT_EQ(python_splitlines("a\n\n"), (Lines{"a", ""}));
  EXPECT_EQ(python_splitlines("\na"), (Lines{"", "a"}));
  EXPECT_EQ(python_splitlines("a\r\nb\rc\n"), (Lines{"a", "b", "c"}));
  EXPECT_EQ(python_splitlines("a\r\rb"), (Lines{"a", "", "b"}));
  EXPECT_EQ(python_splitlines("a\n\rb"), (Lines{"a", "", "b"}));  // \n\r is two boundaries
}

TEST(PythonText, SplitlinesOnEveryPythonBoundary) {
  // \x0b \x0c \x1c \x1d \x1e U+0085 U+2028 U+2029 split; \x1f and U+00A0 do not.
  EXPECT_EQ(python_splitlines("a\x0b" "b\x0c" "c\x1c" "d\x1d" "e\x1e" "f"), (Lines{"a", "b", "c", "d", "e", "f"}));
  EXPECT_EQ(python_splitlines("a\xc2\x85" "b\xe2\x80\xa8" "c\xe2\x80\xa9" "d"), (Lines{"a", "b", "c", "d"}));
  EXPECT_EQ(python_splitlines("a\x1f" "b\xc2\xa0" "c"), Lines{"a\x1f" "b\xc2\xa0" "c"});
}

TEST(PythonText, InvalidUtf8IsNeverABoundaryNorSpace) {
  // A lone 0x85 byte is not U+0085; a truncated U+2028 is not one either.
  EXPECT_EQ(python_splitlines("a\x85" "b"), Lines{"a\x85" "b"});
  EXPECT_EQ(python_splitlines("a\xe2\x80"), Lines{"a\xe2\x80"});
  EXPECT_EQ(python_rstrip("a\x85"), "a\x85");
  EXPECT_EQ(python_rstrip("a\xc2"), "a\xc2");
}

TEST(PythonText, RstripUsesPythonWhitespace) {
  EXPECT_EQ(python_rstrip("a \t\x0b\x0c\r\n\x1c\x1d\x1e\x1f"), "a");
  EXPECT_EQ(python_rstrip("a\xc2\x85\xc2\xa0\xe1\x9a\x80\xe2\x80\x80\xe2\x80\x8a\xe2\x80\xaf\xe2\x81\x9f\xe3\x80\x80"), "a");
  EXPECT_EQ(python_rstrip("a\xe2\x80\x8b"), "a\xe2\x80\x8b");  // U+200B ZERO WIDTH SPACE is not whitespace
  EXPECT_EQ(python_rstrip("  a  b  "), "  a  b");
  EXPECT_EQ(python_rstrip("   "), "");
  EXPECT_EQ(python_strip(" \n a b \xe3\x80\x80"), "a b");
  EXPECT_EQ(python_strip(""), "");
  EXPECT_EQ(python_strip("\x1f"), "");
}

TEST(PythonText, RenderedDumpFilePayload) {
  // The shape of upstream test_dump_file's golden: leading blank lines kept,
  // a whitespace-only last line becomes empty, trailing spaces go.
  std::string out;
  json::Value m = json::Value::object();
  m.set("dump_file", json::Value::object());
  render_record_with_payload(m, "\n\n\ndef forward(self, x, y):  \n    return x\n    \n", out);
  EXPECT_EQ(out, "{\"dump_file\": {}}\n\n\n\ndef forward(self, x, y):\n    return x\n\n");
  out.clear();
  render_record_with_payload(m, "", out);
  EXPECT_EQ(out, "{\"dump_file\": {}}\n\n");
  out.clear();
  render_payload("\n  def f():\n    pass \n\n", out);
  EXPECT_EQ(out, "def f():\n    pass\n");
}

// The same functions against python3 on a table of awkward texts.
const std::vector<std::string> kTexts = {
    "",
    "\n",
    "plain",
    "a\r\nb\n\rc\r",
    " lead and trail \t \n  next\x0b\x0c\x1c\x1d\x1e\x1f end ",
    "u\xc2\x85v\xe2\x80\xa8w\xe2\x80\xa9x\xc2\xa0 \xe3\x80\x80",
    "\xe1\x9a\x80\xe2\x80\x82z\xe2\x80\x8b\xe2\x80\xaf\xe2\x81\x9f\n\n",
    "tab\t\n\tindented  \r\n",
    "bad \xff utf8 \xc2 \xe2\x80 \x85\n",
};

std::string hex(std::string_view s) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) out += {digits[c >> 4], digits[c & 15]};
  return out;
}

TEST(PythonText, MatchesPython3) {
  char path[] = "/tmp/tracecheck_pytext_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  {
    std::ofstream f(path);
    for (const auto& t : kTexts) f << 'x' << hex(t) << '\n';  // 'x': an empty text still makes a word
  }
  close(fd);
  // For each text: the splitlines/rstrip join, then strip, each hex-encoded
  // (surrogateescape keeps invalid bytes as they are).
  const std::string cmd =
      "python3 -c 'import sys\n"
      "for h in open(sys.argv[1]).read().split():\n"
      "  t = bytes.fromhex(h[1:]).decode(\"utf-8\", \"surrogateescape\")\n"
      "  a = \"\\n\".join(l.rstrip() for l in t.splitlines())\n"
      "  print(a.encode(\"utf-8\", \"surrogateescape\").hex(), t.strip().encode(\"utf-8\", \"surrogateescape\").hex())\n"
      "' ";
  std::string expected;
  if (FILE* p = popen((cmd + path + " 2>/dev/null").c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) expected.append(buf, n);
    pclose(p);
  }
  std::remove(path);
  if (expected.empty()) GTEST_SKIP() << "python3 not available";
  std::string actual;
  for (const auto& t : kTexts) {
    std::string joined;
    append_rstripped_lines(t, joined);
    actual += hex(joined) + " " + hex(python_strip(t)) + "\n";
  }
  EXPECT_EQ(actual, expected);
}

}  // namespace
}  // namespace tc::formats::torch_trace
