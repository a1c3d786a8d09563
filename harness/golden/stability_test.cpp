#include "golden/stability.h"

#include <gtest/gtest.h>

namespace tc::golden {
namespace {

std::string doc(const std::string& start, const std::string& compile_s) {
  return "# h\n\n[trace log]\n{\"dynamo_start\": {\"stack\": \"STACK\"}, \"frame_id\": 0, \"frame_compile_id\": 0}\n"
         "{\"compilation_metrics\": {\"start_time\": " +
         start + ", \"entire_frame_compile_time_s\": " + compile_s +
         ", \"co_name\": \"f\"}, \"frame_id\": 0, \"frame_compile_id\": 0}\n";
}

TEST(Stability, EqualTextsAreStable) {
  StabilityReport r = compare_captures(doc("1.5", "0.25"), doc("1.5", "0.25"), "x/y");
  EXPECT_TRUE(r.stable);
  EXPECT_EQ(r.report, "");
}

TEST(Stability, NamesLinesFieldsAndSuggestsRules) {
  StabilityReport r = compare_captures(doc("1.5", "0.25"), doc("2.5", "0.75"), "torch_trace/t");
  EXPECT_FALSE(r.stable);
  EXPECT_NE(r.report.find("line 5 [trace log] record (compilation_metrics, 0/0):\n"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("  field compilation_metrics.start_time: 1.5 vs 2.5\n"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("  field compilation_metrics.entire_frame_compile_time_s: 0.25 vs 0.75\n"),
            std::string::npos);
  EXPECT_EQ(r.report.find("co_name"), std::string::npos) << "a stable field was reported";
  EXPECT_NE(r.report.find("add a scrub rule to torch_trace/t"), std::string::npos);
  EXPECT_NE(r.report.find("\"path\": [\"compilation_metrics\",\"start_time\"]"), std::string::npos) << r.report;
}

TEST(Stability, DifferentLineCountsShowADiff) {
  StabilityReport r = compare_captures(doc("1", "2"), doc("1", "2") + "{\"extra\": 1}\n", "x/y");
  EXPECT_FALSE(r.stable);
  EXPECT_NE(r.report.find("+{\"extra\": 1}"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tc::golden
