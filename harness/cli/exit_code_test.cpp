#include "cli/exit_code.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>

namespace tc::cli {
namespace {

TEST(ExitCode, EachCaseOutcomeHasItsCode) {
  EXPECT_EQ(exit_code_of(report::CaseOutcome::Pass), kExitOk);
  EXPECT_EQ(exit_code_of(report::CaseOutcome::Fail), kExitErrors);
  EXPECT_EQ(exit_code_of(report::CaseOutcome::Unreadable), kExitIo);
  EXPECT_EQ(exit_code_of(report::CaseOutcome::Skipped), kExitSkipped);
}

TEST(ExitCode, UnavailableIsASkipExceptUnderCI) {
  const char* old = std::getenv("CI");
  std::string saved = old ? old : "";
  setenv("CI", "true", 1);
  EXPECT_EQ(unavailable_exit_code(), kExitIo);
  setenv("CI", "0", 1);
  EXPECT_EQ(unavailable_exit_code(), kExitSkipped);
  unsetenv("CI");
  EXPECT_EQ(unavailable_exit_code(), kExitSkipped);
  if (old) setenv("CI", saved.c_str(), 1);
}

TEST(ExitCode, AFailureWinsThenUnreadableThenUsageAndAllSkippedIsASkip) {
  EXPECT_EQ(combine_exit_codes({kExitOk, kExitIo, kExitErrors, kExitUsage}), kExitErrors);
  EXPECT_EQ(combine_exit_codes({kExitUsage, kExitIo, kExitOk}), kExitIo);
  EXPECT_EQ(combine_exit_codes({kExitOk, kExitUsage, kExitSkipped}), kExitUsage);
  EXPECT_EQ(combine_exit_codes({kExitSkipped, kExitSkipped}), kExitSkipped);
  EXPECT_EQ(combine_exit_codes({kExitSkipped, kExitOk}), kExitOk);
  EXPECT_EQ(combine_exit_codes({}), kExitUsage);
}

}  // namespace
}  // namespace tc::cli
