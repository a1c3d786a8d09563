#include "report/html_report.h"

#include <gtest/gtest.h>

namespace tc::report {
namespace {

// The page shows where the golden and the evidence lie relative to the
// project, not in the folders of the machine that ran it; paths outside
// the project stay as they are.
TEST(HtmlReport, PathsBelowTheProjectAreShownRelativeToIt) {
  RunReport report;
  CaseResult c;
  c.case_name = "profiler/kineto_basic";
  c.emitter = "torch-2.6.0";
  c.status = "pass";
  c.golden_file = "/src/tc/golden/torch-2.6.0/profiler/kineto_basic.txt";
  c.evidence = {"raw capture: /src/tc/golden/torch-2.6.0/profiler/kineto_basic.raw",
                "actual: /scratch/evidence/actual.txt"};
  report.add(c);
  HtmlContext context;
  context.project_root = "/src/tc";
  const std::string page = render_html_report(report, context);
  EXPECT_EQ(page.find("/src/tc/"), std::string::npos);
  EXPECT_NE(page.find("\"golden/torch-2.6.0/profiler/kineto_basic.txt\""), std::string::npos);
  EXPECT_NE(page.find("raw capture: golden/torch-2.6.0/profiler/kineto_basic.raw"), std::string::npos);
  EXPECT_NE(page.find("actual: /scratch/evidence/actual.txt"), std::string::npos);
  // Without a project root nothing is rewritten.
  EXPECT_NE(render_html_report(report).find("/src/tc/golden/"), std::string::npos);
}

}  // namespace
}  // namespace tc::report
