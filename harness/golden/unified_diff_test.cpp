#include "golden/unified_diff.h"

#include <gtest/gtest.h>

namespace tc::golden {
namespace {

std::string numbered(int n, int changed = -1, const std::string& replacement = "") {
  std::string s;
  for (int i = 1; i <= n; ++i) s += (i == changed ? replacement : "line " + std::to_string(i)) + "\n";
  return s;
}

TEST(UnifiedDiff, EqualTextsGiveNothing) { EXPECT_EQ(unified_diff("a\nb\n", "a\nb\n", "x", "y"), ""); }

TEST(UnifiedDiff, OneChangedLineWithContext) {
  std::string d = unified_diff(numbered(20), numbered(20, 10, "line ten"), "golden", "actual");
  EXPECT_EQ(d,
            "--- golden\n"
            "+++ actual\n"
            "@@ -7,7 +7,7 @@\n"
            " line 7\n line 8\n line 9\n"
            "-line 10\n"
            "+line ten\n"
            " line 11\n line 12\n line 13\n");
}

TEST(UnifiedDiff, InsertionAndDeletionAtTheEdges) {
  EXPECT_EQ(unified_diff("b\nc\n", "a\nb\nc\n", "x", "y"), "--- x\n+++ y\n@@ -1,2 +1,3 @@\n+a\n b\n c\n");
  EXPECT_EQ(unified_diff("a\nb\nc\n", "a\nb\n", "x", "y"), "--- x\n+++ y\n@@ -1,3 +1,2 @@\n a\n b\n-c\n");
}

TEST(UnifiedDiff, DistantChangesMakeSeparateHunks) {
  std::string b = numbered(40);
  b.replace(b.find("line 5\n"), 7, "five\n");
  b.replace(b.find("line 35\n"), 8, "thirty-five\n");
  std::string d = unified_diff(numbered(40), b, "x", "y");
  EXPECT_NE(d.find("@@ -2,7 +2,7 @@"), std::string::npos) << d;
  EXPECT_NE(d.find("@@ -32,7 +32,7 @@"), std::string::npos) << d;
}

TEST(UnifiedDiff, MissingFinalNewlineShows) {
  std::string d = unified_diff("a\n", "a", "x", "y");
  EXPECT_NE(d, "");
  EXPECT_NE(d.find("\\ No newline at end of file"), std::string::npos) << d;
}

TEST(UnifiedDiff, OutputIsBounded) {
  std::string a, b;
  for (int i = 0; i < 5000; ++i) a += "a" + std::to_string(i) + "\n", b += "b" + std::to_string(i) + "\n";
  std::string d = unified_diff(a, b, "x", "y", {3, 50});
  size_t lines = std::count(d.begin(), d.end(), '\n');
  EXPECT_EQ(lines, 51u);
  EXPECT_NE(d.find("more diff lines not shown"), std::string::npos);
}

TEST(UnifiedDiff, ApplyingTheHunksGivesTheNewText) {
  // A small property check: for edits of a base text, the '+' and ' ' lines
  // of a full-context diff are exactly the new text.
  std::string a = numbered(30);
  std::string b = a;
  b.replace(b.find("line 3\n"), 7, "");
  b.replace(b.find("line 17\n"), 8, "x\ny\nline 17\n");
  b += "tail\n";
  std::string d = unified_diff(a, b, "x", "y", {1000, 100000});
  std::string rebuilt, old_side;
  size_t pos = d.find("@@");
  pos = d.find('\n', pos) + 1;
  while (pos < d.size()) {
    size_t end = d.find('\n', pos);
    std::string line = d.substr(pos, end - pos);
    if (line[0] != '-') rebuilt += line.substr(1) + "\n";
    if (line[0] != '+') old_side += line.substr(1) + "\n";
    pos = end + 1;
  }
  EXPECT_EQ(rebuilt, b);
  EXPECT_EQ(old_side, a);
}

}  // namespace
}  // namespace tc::golden
