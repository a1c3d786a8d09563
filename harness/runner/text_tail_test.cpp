#include "runner/text_tail.h"

#include <gtest/gtest.h>

#include <fstream>

namespace tc::runner {
namespace {

TEST(RunnerTextTail, KeepsTheLastLines) {
  EXPECT_EQ(last_lines("a\nb\nc\n", 2), "b\nc");
  EXPECT_EQ(last_lines("a\nb\nc", 5), "a\nb\nc");
  EXPECT_EQ(last_lines("", 3), "");
  EXPECT_EQ(last_lines("\n\n", 3), "");
  EXPECT_EQ(last_lines("only", 1), "only");
}

TEST(RunnerTextTail, CapsBytesAtALineStart) {
  EXPECT_EQ(last_lines("0123456789\nabc\n", 10, 6), "abc");
}

TEST(RunnerTextTail, ReadsTheEndOfAFile) {
  auto path = std::filesystem::temp_directory_path() / "tracecheck_text_tail_test.txt";
  {
    std::ofstream out(path);
    for (int i = 0; i < 10000; ++i) out << "line " << i << "\n";
  }
  EXPECT_EQ(file_tail(path, 2, 100), "line 9998\nline 9999");
  EXPECT_EQ(file_tail(path.string() + ".missing", 2), "");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace tc::runner
