#include "report/baseline.h"

#include <gtest/gtest.h>

namespace tc::report {
namespace {

TEST(Baseline, NearestOlderIsTheNewestOlderSetOfTheSameToolByVersionNumbers) {
  const std::vector<std::string> sets = {"clang-14", "torch-1.13.0", "torch-2.14.1", "torch-2.6.0"};
  EXPECT_EQ(nearest_older("torch-2.15.0", sets), "torch-2.14.1");  // 14 > 6, though "2.14" < "2.6" as text
  EXPECT_EQ(nearest_older("torch-2.7.0", sets), "torch-2.6.0");
  EXPECT_EQ(nearest_older("torch-2.11.0-cu130", sets), "torch-2.6.0");
  EXPECT_EQ(nearest_older("torch-1.0.0", sets), "torch-2.14.1");  // none older: the newest
  EXPECT_EQ(nearest_older("clang-15", sets), "clang-14");
  EXPECT_EQ(nearest_older("node-20", sets), "");
}

TEST(Baseline, VersionNumbersOfAnyLengthOrderAsNumbers) {
  // Beyond any integer type (these overflowed a long before), and with
  // leading zeros, which do not count.
  EXPECT_TRUE(emitter_older("torch-99999999999999999999", "torch-100000000000000000000"));
  EXPECT_FALSE(emitter_older("torch-100000000000000000000", "torch-99999999999999999999"));
  EXPECT_FALSE(emitter_older("torch-10000000000000000000", "torch-9"));  // a long wrapped it below 0
  EXPECT_TRUE(emitter_older("torch-9", "torch-10000000000000000000"));
  EXPECT_TRUE(emitter_older("torch-2.6.0", "torch-2.99999999999999999999999.0"));
  EXPECT_FALSE(emitter_older("torch-2.007", "torch-2.7"));
  EXPECT_FALSE(emitter_older("torch-2.7", "torch-2.007"));
  EXPECT_TRUE(emitter_older("torch-2.0", "torch-2.1"));
  EXPECT_TRUE(emitter_older("torch-2", "torch-2.0"));  // fewer numbers first, as before
  EXPECT_EQ(nearest_older("torch-30000000000000000000.1", {"torch-2.6.0", "torch-30000000000000000000.0"}),
            "torch-30000000000000000000.0");
}

std::string golden_with(const std::string& diagnostics, const std::string& trace) {
  return "# h\n\n[outcome]\nexit_status: 0\n\n[diagnostics default]\n" + diagnostics + "\n[trace debug_dir/files]\n" +
         trace;
}

TEST(Baseline, OnlyANewDefectFailsAndAFixedOneIsReported) {
  const std::string base = golden_with("errors: 1, warnings: 0\nerror dd-file-missing - files\n", "a.py\n");
  BaselineJudgement same = judge_against_baseline("c", base, base, "records");
  EXPECT_TRUE(same.pass());
  EXPECT_TRUE(same.diff.empty());
  EXPECT_TRUE(same.drift_text.empty());

  const std::string fixed_and_drifted = golden_with("errors: 0, warnings: 0\n", "a.py\nb.py\n");
  BaselineJudgement fixed = judge_against_baseline("c", base, fixed_and_drifted, "records");
  EXPECT_TRUE(fixed.pass());
  EXPECT_EQ(fixed.fixed_defects, std::vector<std::string>{"default: dd-file-missing"});
  EXPECT_NE(fixed.drift_text.find("b.py"), std::string::npos) << fixed.drift_text;
  EXPECT_FALSE(fixed.diff.empty());

  BaselineJudgement broke = judge_against_baseline("c", fixed_and_drifted, base, "records");
  EXPECT_FALSE(broke.pass());
  EXPECT_EQ(broke.new_defects, std::vector<std::string>{"default: dd-file-missing"});
}

}  // namespace
}  // namespace tc::report
