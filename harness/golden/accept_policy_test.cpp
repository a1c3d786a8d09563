#include "golden/accept_policy.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace tc::golden {
namespace {

// Sets the policy variables for one test and restores a clean slate after.
class Policy : public ::testing::Test {
 protected:
  void SetUp() override { clear(); }
  void TearDown() override { clear(); }
  static void clear() {
    for (const char* v : {"CI", "TRACECHECK_UPDATE", "TRACECHECK_ACCEPT", "TRACECHECK_FORCE_UPDATE"}) ::unsetenv(v);
  }
};

TEST_F(Policy, DefaultIsNo) {
  AcceptDecision d = decide_accept(false);
  EXPECT_EQ(d.mode, UpdateMode::No);
  EXPECT_FALSE(d.requested);
  EXPECT_TRUE(d.error.empty());
}

TEST_F(Policy, VariableAndFlag) {
  ::setenv("TRACECHECK_UPDATE", "pending", 1);
  EXPECT_EQ(decide_accept(false).mode, UpdateMode::Pending);
  EXPECT_TRUE(decide_accept(false).allowed);
  EXPECT_EQ(decide_accept(true).mode, UpdateMode::Always);  // --accept wins
  ::setenv("TRACECHECK_UPDATE", "new", 1);
  EXPECT_EQ(decide_accept(false).mode, UpdateMode::New);
  ::setenv("TRACECHECK_UPDATE", "no", 1);
  ::setenv("TRACECHECK_ACCEPT", "1", 1);
  EXPECT_EQ(decide_accept(false).mode, UpdateMode::Always);
  ::setenv("TRACECHECK_UPDATE", "yes", 1);
  EXPECT_EQ(decide_accept(false).error, "TRACECHECK_UPDATE='yes' is not one of no, new, pending, always");
}

TEST_F(Policy, CiRefusesEveryWriteUnlessForced) {
  ::setenv("CI", "true", 1);
  for (const char* mode : {"new", "pending", "always"}) {
    ::setenv("TRACECHECK_UPDATE", mode, 1);
    AcceptDecision d = decide_accept(false);
    EXPECT_TRUE(d.requested) << mode;
    EXPECT_FALSE(d.allowed) << mode;
    EXPECT_NE(d.refusal.find("refusing to write goldens under CI"), std::string::npos) << mode;
  }
  ::setenv("TRACECHECK_FORCE_UPDATE", "1", 1);
  EXPECT_TRUE(decide_accept(false).allowed);
  ::setenv("CI", "false", 1);
  ::unsetenv("TRACECHECK_FORCE_UPDATE");
  EXPECT_TRUE(decide_accept(false).allowed);  // CI=false is not CI
}

}  // namespace
}  // namespace tc::golden
