#include "formats/debug_dir/checks.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/registry/registry.h"
#include "io/temp_dir_for_tests.h"

namespace tc::formats::debug_dir {
namespace {
namespace fs = std::filesystem;

class DebugDirTest : public ::testing::Test {
 protected:
  // A capture's debug_dir/ with one complete graph folder.
  void SetUp() override {
    root_ = temp_.path() / "debug_dir";
    graph_ = root_ / "torch_compile_debug" / "run_2026_01_02_03_04_05_123456-pid_42" / "torchinductor" /
             "model__0_inference_0.0";
    fs::create_directories(graph_);
    for (const auto& r : required_files()) std::ofstream(graph_ / r.name) << std::string(r.min_size + 1, '#');
    std::ofstream(graph_ / "ir_pre_fusion.txt")
        << "op0: SchedulerNode(ComputedBuffer)\nop0.writes = [MemoryDep('buf0', c0, {c0: 256})]\n";
    log("WARNING:torch._inductor.debug:model__0_inference_0 debug trace: /elsewhere/out/debug_dir/torch_compile_debug/"
        "run_2026_01_02_03_04_05_123456-pid_42/torchinductor/model__0_inference_0.0\n");
  }
  void log(const std::string& text) { std::ofstream(root_ / "debug_trace_log.txt") << text; }
  // Replaces `path` by path.gz holding its bytes, as a capture's raw debug_dir keeps it.
  static void gzip_in_place(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    const std::string text = bytes.str();
    gzFile out = gzopen((path.string() + ".gz").c_str(), "wb");
    ASSERT_NE(out, nullptr);
    ASSERT_EQ(gzwrite(out, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
    ASSERT_EQ(gzclose(out), Z_OK);
    fs::remove(path);
  }
  void gzip_every_file() {
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(root_))
      if (e.is_regular_file()) files.push_back(e.path());
    for (const fs::path& f : files) gzip_in_place(f);
  }
  void check() {
    formats::CheckRequest request;
    request.path = root_.string();
    request.reporter = &reporter_;
    request.canonical = &sections_;
    std::string io_error;
    ASSERT_TRUE(formats::registry::find_format("debug_dir")->check(request, io_error)) << io_error;
  }
  io::testing::TempDir temp_;
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

TEST_F(DebugDirTest, GzippedFilesReadAsTheFilesTheyHold) {
  gzip_every_file();
  check();
  EXPECT_TRUE(reporter_.kept().empty()) << diag::format_text(reporter_.kept().front());
  ASSERT_EQ(sections_.size(), 3u);
  EXPECT_NE(sections_[0].text.find("/model__0_inference_0.0/ir_pre_fusion.txt.gz\n"), std::string::npos)
      << sections_[0].text;
  EXPECT_EQ(sections_[1].label, "debug_dir/model__0_inference_0.0/ir_pre_fusion.txt");
  EXPECT_NE(sections_[1].text.find("MemoryDep('buf0'"), std::string::npos);
  std::string why;
  EXPECT_EQ(formats::registry::find_format("debug_dir"), formats::registry::detect_format(root_.string(), why));
  // The log's line is read through its gzip too.
  log("");
  gzip_in_place(root_ / "debug_trace_log.txt");
  reporter_ = diag::Reporter();
  check();
  EXPECT_EQ(reporter_.count("dd-log-line"), 1u);
}

TEST_F(DebugDirTest, AGzippedFileIsJudgedByItsContent) {
  std::ofstream(graph_ / "output_code.py") << "tiny";
  gzip_in_place(graph_ / "output_code.py");
  std::ofstream(graph_ / "fx_graph_readable.py.gz") << "not gzip";  // beside its plain twin, which wins
  std::ofstream(graph_ / "ir_post_fusion.txt.gz") << "\x1f\x8b\x08 cut short";
  fs::remove(graph_ / "ir_post_fusion.txt");
  check();
  ASSERT_EQ(reporter_.count("dd-file-size"), 1u);
  ASSERT_EQ(reporter_.count("dd-file-missing"), 1u);
  for (const auto& d : reporter_.kept()) {
    if (d.rule == "dd-file-size") {
      EXPECT_EQ(d.message, "output_code.py (gzipped) has 4 bytes; test_debug_trace wants more than 1024");
      EXPECT_EQ(d.location.file, (graph_ / "output_code.py.gz").string());
    }
    if (d.rule == "dd-file-missing") {
      EXPECT_NE(d.message.find("has no readable ir_post_fusion.txt: "), std::string::npos) << d.message;
      EXPECT_EQ(d.pointer.substr(d.pointer.rfind('/')), "/ir_post_fusion.txt");
    }
  }
}

TEST_F(DebugDirTest, GzippedRequiredFilesMakeAGraphFolder) {
  fs::remove_all(root_);
  fs::create_directories(root_ / "graph");
  for (const auto& r : required_files()) {
    std::ofstream(root_ / "graph" / r.name) << std::string(r.min_size + 1, '#');
    gzip_in_place(root_ / "graph" / r.name);
  }
  DebugDirScan scan;
  std::string error;
  ASSERT_TRUE(scan_debug_dir(root_.string(), scan, error)) << error;
  EXPECT_EQ(scan.graphs, std::vector<std::string>{"graph"});
  check();
  EXPECT_TRUE(reporter_.kept().empty()) << diag::format_text(reporter_.kept().front());
}

TEST_F(DebugDirTest, NoGraphFolder) {
  fs::remove_all(root_ / "torch_compile_debug");
  check();
  EXPECT_EQ(reporter_.count("dd-graph-missing"), 1u);
}

}  // namespace
}  // namespace tc::formats::debug_dir
