#include "case/capture_tree.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace tc::cases {
namespace {
namespace fs = std::filesystem;

class CaptureTreeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("tc_capture_tree_" + std::to_string(::getpid()));
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // A capture folder as capture.py leaves it (outcome.json is what marks it).
  std::string capture(const std::string& rel) {
    fs::create_directories(root_ / rel);
    std::ofstream(root_ / rel / "outcome.json") << "{}\n";
    return (root_ / rel).string();
  }
  std::string path(const std::string& rel) const { return (root_ / rel).string(); }

  fs::path root_;
  const std::vector<std::string> names_{"profiler/cuda_kineto", "profiler/kineto_basic", "et/alone"};
};

TEST_F(CaptureTreeTest, FindsRunsAndSingleCapturesAtAnyDepth) {
  capture("cuda/profiler/cuda_kineto/run2");
  capture("cuda/profiler/cuda_kineto/run1");
  capture("cuda/profiler/cuda_kineto/run10");
  capture("cpu/profiler/kineto_basic");
  capture("et/alone");
  CaptureTree tree = find_capture_tree(root_.string(), names_);
  EXPECT_TRUE(tree.problems.empty()) << tree.problems.front();
  ASSERT_EQ(tree.cases.size(), 3u);
  EXPECT_EQ(tree.cases[0].case_name, "et/alone");
  EXPECT_EQ(tree.cases[0].runs, std::vector<std::string>{path("et/alone")});
  EXPECT_EQ(tree.cases[1].case_name, "profiler/cuda_kineto");
  EXPECT_EQ(tree.cases[1].folder, path("cuda/profiler/cuda_kineto"));
  // Numeric order: run10 after run2.
  EXPECT_EQ(tree.cases[1].runs,
            (std::vector<std::string>{path("cuda/profiler/cuda_kineto/run1"), path("cuda/profiler/cuda_kineto/run2"),
                                      path("cuda/profiler/cuda_kineto/run10")}));
  EXPECT_EQ(tree.cases[2].case_name, "profiler/kineto_basic");
}

TEST_F(CaptureTreeTest, ACaseFoundTwiceIsAcceptedNeitherTime) {
  capture("cuda/profiler/kineto_basic");
  capture("cpu/profiler/kineto_basic");
  capture("et/alone");
  CaptureTree tree = find_capture_tree(root_.string(), names_);
  ASSERT_EQ(tree.cases.size(), 1u);
  EXPECT_EQ(tree.cases[0].case_name, "et/alone");
  ASSERT_EQ(tree.problems.size(), 1u);
  EXPECT_NE(tree.problems[0].find("profiler/kineto_basic is also captured in"), std::string::npos);
}

TEST_F(CaptureTreeTest, StrayAndEmptyFoldersAreProblems) {
  capture("cpu/profiler/not_a_case");
  fs::create_directories(root_ / "cpu/profiler/kineto_basic/notes");  // a case folder with no capture
  fs::create_directories(root_ / "cpu/profiler/cuda_kineto/run1");    // a runN/ folder with no capture
  capture("misc/logs/run1");  // a runN capture of no case is not reported on its own
  CaptureTree tree = find_capture_tree(root_.string(), names_);
  EXPECT_TRUE(tree.cases.empty());
  ASSERT_EQ(tree.problems.size(), 3u);
  std::string all;
  for (const std::string& p : tree.problems) all += p + "\n";
  EXPECT_NE(all.find("not_a_case: a capture of no known case"), std::string::npos) << all;
  EXPECT_NE(all.find("profiler/kineto_basic holds no capture"), std::string::npos) << all;
  EXPECT_NE(all.find("profiler/cuda_kineto holds no capture"), std::string::npos) << all;
}

TEST_F(CaptureTreeTest, AMissingRootIsAProblem) {
  CaptureTree tree = find_capture_tree(path("absent"), names_);
  EXPECT_TRUE(tree.cases.empty());
  ASSERT_EQ(tree.problems.size(), 1u);
}

}  // namespace
}  // namespace tc::cases
