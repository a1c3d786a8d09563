#include "report/conform.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace tc::report {
namespace {
namespace fs = std::filesystem;

class Conform : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("tc_conform_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }
  ConformRequest request(const std::string& command) {
    ConformRequest r;
    r.name = "tiny/conform";
    r.command = command;
    r.artifact_glob = "*.json";
    r.emitter = "tiny-1";
    r.work_dir = (root_ / "work").string();
    return r;
  }
  fs::path root_;
};

// Without --rules the golden names the format's default set and its
// fingerprint, and says how a conform golden is updated (it is not a case).
TEST_F(Conform, GoldenNamesTheDefaultRuleSetAndHowToUpdateIt) {
  ConformResult r = run_conform(request(R"(echo '[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2}]' > t.json)"));
  ASSERT_TRUE(r.ok) << r.error;
  const std::string& text = r.evaluation.text;
  EXPECT_NE(text.find("case=tiny/conform emitter=tiny-1 rules=chrome_trace/default@md5:"), std::string::npos) << text;
  EXPECT_NE(text.find("# update: re-run this conform check with --accept"), std::string::npos) << text;
  EXPECT_NE(text.find("[trace chrome_trace/t.json]\nprocess 1\n  thread 1.1\n    X - \"a\"\n"), std::string::npos)
      << text;
}

TEST_F(Conform, NoArtifactIsAnErrorNamingTheGlob) {
  ConformResult r = run_conform(request("true"));
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("no file matching '*.json'"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace tc::report
