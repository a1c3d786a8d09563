#include "formats/debug_dir/checks.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "formats/registry/registry.h"

namespace tc::formats::debug_dir {
namespace {
namespace fs = std::filesystem;

class DebugDirTest : public ::testing::Test {
 protected:
  // A capture's debug_dir/ with one complete graph folder.
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) / (std::string("debug_dir_test_") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    graph_ = root_ / "torch_compile_debug" / "run_2026_01_02_03_04_05_123456-pid_42" / "torchinductor" /
             "model__0_inference_0.0";
    fs::create_directories(graph_);
    for (const auto& r : required_files())
      std::ofstream(graph_ / r.name) << std::string(r.min_size + 1, '#');
    std::ofstream(graph_ / "ir_pre_fusion.txt")
        << "op0: SchedulerNode(ComputedBuffer)\nop0.writes = [MemoryDep('buf0', c0, {c0: 256})]\n";
    log("WARNING:torch._inductor.debug:model__0_inference_0 debug trace: /elsewhere/out/debug_dir/torch_compile_debug/"
        "run_2026_01_02_03_04_05_123456-pid_42/torchinductor/model__0_inference_0.0\n");
  }
  void log(const std::string& text) { std::ofstream(root_ / "debug_trace_log.txt") << text; }
  void check() {
    formats::CheckRequest request;
    request.path = root_.string();
    request.reporter = &reporter_;
    request.canonical = &sections_;
    std::string io_error;
    ASSERT_TRUE(formats::registry::find_format("debug_dir")->check(request, io_error)) << io_error;
  }
  fs::path root_, graph_;
  diag::Reporter reporter_;
  std::vector<formats::Section> sections_;
};

TEST_F(DebugDirTest, CompleteDirectoryPassesAndIsScrubbed) {
  check();
  EXPECT_TRUE(reporter_.kept().empty()) << diag::format_text(reporter_.kept().front());
  ASSERT_EQ(sections_.size(), 3u);
  EXPECT_EQ(sections_[0].label, "debug_dir/files");
  EXPECT_NE(sections_[0].text.find("torch_compile_debug/run_<TIME>-pid_<PID>/torchinductor/model__0_inference_0.0/"
                                   "ir_post_fusion.txt\n"),
            std::string::npos)
      << sections_[0].text;
  EXPECT_EQ(sections_[1].label, "debug_dir/model__0_inference_0.0/ir_pre_fusion.txt");
  EXPECT_NE(sections_[1].text.find("MemoryDep('buf0'"), std::string::npos);
  std::string why;
  EXPECT_EQ(formats::registry::find_format("debug_dir"), formats::registry::detect_format(root_.string(), why));
}

TEST_F(DebugDirTest, MissingAndSmallFilesAreNamed) {
  fs::remove(graph_ / "output_code.py");
  std::ofstream(graph_ / "fx_graph_readable.py") << "tiny";
  check();
  ASSERT_EQ(reporter_.count("dd-file-missing"), 1u);
  ASSERT_EQ(reporter_.count("dd-file-size"), 1u);
  for (const auto& d : reporter_.kept()) {
    if (d.rule == "dd-file-missing")
      EXPECT_NE(d.pointer.find("/model__0_inference_0.0/output_code.py"), std::string::npos);
    if (d.rule == "dd-file-size") EXPECT_NE(d.message.find("4 bytes"), std::string::npos);
  }
}

TEST_F(DebugDirTest, LogMustNameOneExistingGraphFolder) {
  log("");
  check();
  EXPECT_EQ(reporter_.count("dd-log-line"), 1u);
  reporter_ = diag::Reporter();
  log("WARNING:torch._inductor.debug:x debug trace: /a/torch_compile_debug/run_1-pid_1/torchinductor/nope\n");
  check();
  EXPECT_EQ(reporter_.count("dd-log-line"), 0u);
  EXPECT_EQ(reporter_.count("dd-log-dir"), 1u);
}

TEST_F(DebugDirTest, NoGraphFolder) {
  fs::remove_all(root_ / "torch_compile_debug");
  check();
  EXPECT_EQ(reporter_.count("dd-graph-missing"), 1u);
}

}  // namespace
}  // namespace tc::formats::debug_dir
