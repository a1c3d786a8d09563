#include "golden/golden_check.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "golden/golden_doc.h"

namespace tc::golden {
namespace {
namespace fs = std::filesystem;

// A golden whose other formats' rule sets changed asks for re-acceptance,
// as a change of the case's own rule set does, even when the body is equal.
TEST(GoldenCheck, AChangeInAnotherFormatsRulesNeedsReacceptance) {
  fs::path root = fs::temp_directory_path() / ("tc_golden_check_" + std::to_string(::getpid()));
  fs::create_directories(root / "torch-2.6.0/et");
  GoldenDoc doc;
  doc.case_name = "et/with_kineto";
  doc.emitter = "torch-2.6.0";
  doc.rules = "execution_trace/default";
  doc.rules_fingerprint = "md5:11";
  doc.outcome = {0, std::nullopt};
  doc.also_rules = {"chrome_trace/default@md5:aa"};
  std::ofstream(root / "torch-2.6.0/et/with_kineto.txt") << render_golden(doc);

  GoldenRequest request;
  request.golden_root = root.string();
  request.emitter = "torch-2.6.0";
  request.case_name = "et/with_kineto";
  request.actual = render_golden(doc);
  EXPECT_EQ(check_golden(request).status, GoldenStatus::Match);

  doc.also_rules = {"chrome_trace/default@md5:bb"};
  request.actual = render_golden(doc);
  GoldenCheck check = check_golden(request);
  EXPECT_EQ(check.status, GoldenStatus::RulesChanged) << check.message;
  EXPECT_NE(check.message.find("the rules of its other formats changed"), std::string::npos) << check.message;
  fs::remove_all(root);
}

}  // namespace
}  // namespace tc::golden
