// The GoogleTest matchers of the installed package, on real output of the
// tiny emitter: a balanced trace conforms; an unclosed B is found (a
// warning: viewers draw it to the end of the trace).
#include <gtest/gtest.h>
#include <tracecheck/gtest_matchers.h>

#include <cstdlib>
#include <string>

namespace {

std::string emit(const std::string& file, const char* extra) {
  std::string cmd = std::string(TINY_EMITTER) + " " + file + " " + extra;
  EXPECT_EQ(std::system(cmd.c_str()), 0);
  return file;
}

TEST(TinyEmitter, WritesATracePerfettoAccepts) {
  EXPECT_THAT(emit("balanced.json", ""), tracecheck::testing::ConformsTo("perfetto"));
}

TEST(TinyEmitter, AnUnbalancedBeginIsFound) {
  EXPECT_THAT(emit("unbalanced.json", "--unbalanced"), tracecheck::testing::HasFinding("ct-b-unclosed"));
  EXPECT_THAT(emit("balanced.json", ""), ::testing::Not(tracecheck::testing::HasFinding("ct-b-unclosed")));
}

}  // namespace
