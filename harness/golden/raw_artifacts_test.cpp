#include "golden/raw_artifacts.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "golden/golden_store.h"
#include "io/file.h"

namespace tc::golden {
namespace {
namespace fs = std::filesystem;

class RawArtifacts : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_raw_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "capture/torch_trace");
    write("capture/torch_trace/dedicated_log_torch_trace_rank_0_abc.log", "V1122 record\n\tpayload\n");
    write("capture/env.json", R"({"torch": "2.6.0+debian"})");
    write("capture/outcome.json", R"({"exit_status": 0, "exception": null, "skipped": null})");
    write("capture/facts.json", "{}");
    write("capture/stderr.txt", "noise");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& rel, const std::string& text) { std::ofstream(dir_ / rel, std::ios::binary) << text; }
  std::string path(const std::string& rel) { return (dir_ / rel).string(); }
  fs::path dir_;
};

TEST_F(RawArtifacts, RoundTripGivesTheCaptureBack) {
  std::string error;
  uint64_t bytes = 0;
  ASSERT_TRUE(store_raw(path("capture"), path("golden/x.raw"), 1 << 20, error, &bytes)) << error;
  EXPECT_GT(bytes, 0u);
  EXPECT_TRUE(fs::exists(path("golden/x.raw/torch_trace/dedicated_log_torch_trace_rank_0_abc.log.gz")));
  EXPECT_FALSE(fs::exists(path("golden/x.raw/stderr.txt")));
  ASSERT_TRUE(restore_raw(path("golden/x.raw"), path("replay"), error)) << error;
  EXPECT_EQ(io::read_file(path("replay/torch_trace/dedicated_log_torch_trace_rank_0_abc.log")).value_or(""),
            "V1122 record\n\tpayload\n");
  EXPECT_EQ(io::read_file(path("replay/outcome.json")), io::read_file(path("capture/outcome.json")));
  EXPECT_EQ(io::read_file(path("replay/env.json")), io::read_file(path("capture/env.json")));
}

TEST_F(RawArtifacts, StoringTwiceGivesIdenticalBytes) {
  std::string error;
  ASSERT_TRUE(store_raw(path("capture"), path("a.raw"), 1 << 20, error)) << error;
  sleep(1);  // a gzip mtime would differ now
  ASSERT_TRUE(store_raw(path("capture"), path("b.raw"), 1 << 20, error)) << error;
  const std::string gz = "/torch_trace/dedicated_log_torch_trace_rank_0_abc.log.gz";
  EXPECT_EQ(io::read_file(path("a.raw") + gz), io::read_file(path("b.raw") + gz));
}

TEST_F(RawArtifacts, OverTheCapIsAClearErrorAndKeepsTheOldArtifacts) {
  std::string error;
  ASSERT_TRUE(store_raw(path("capture"), path("golden/x.raw"), 1 << 20, error)) << error;
  std::mt19937 rng(1);
  std::string noise(300000, '\0');
  for (char& c : noise) c = static_cast<char>('a' + rng() % 26);
  write("capture/torch_trace/dedicated_log_torch_trace_rank_0_abc.log", noise);
  EXPECT_FALSE(store_raw(path("capture"), path("golden/x.raw"), 100000, error));
  EXPECT_NE(error.find("over the 0.10 MB cap per case"), std::string::npos) << error;
  ASSERT_TRUE(restore_raw(path("golden/x.raw"), path("replay"), error)) << error;
  EXPECT_EQ(io::read_file(path("replay/torch_trace/dedicated_log_torch_trace_rank_0_abc.log")).value_or(""),
            "V1122 record\n\tpayload\n");
  for (const auto& e : fs::directory_iterator(path("golden")))
    EXPECT_EQ(e.path().filename(), "x.raw") << "left behind: " << e.path();
}

TEST_F(RawArtifacts, EveryFormatFolderIsStoredWithItsSubfolders) {
  fs::create_directories(dir_ / "capture/chrome_trace/step_1");
  fs::create_directories(dir_ / "capture/inductor_cache/x");
  write("capture/chrome_trace/step_1/w.pt.trace.json", "[{\"ph\":\"X\"}]");
  write("capture/chrome_trace/a.json.gz", "already gzip bytes");
  write("capture/inductor_cache/x/big.bin", "cache");
  std::string error;
  ASSERT_TRUE(store_raw(path("capture"), path("golden/x.raw"), 1 << 20, error)) << error;
  EXPECT_TRUE(fs::exists(path("golden/x.raw/chrome_trace/step_1/w.pt.trace.json.gz")));
  EXPECT_FALSE(fs::exists(path("golden/x.raw/inductor_cache")));
  ASSERT_TRUE(restore_raw(path("golden/x.raw"), path("replay"), error)) << error;
  EXPECT_EQ(io::read_file(path("replay/chrome_trace/step_1/w.pt.trace.json")).value_or(""), "[{\"ph\":\"X\"}]");
  EXPECT_EQ(io::read_file(path("replay/chrome_trace/a.json.gz")).value_or(""), "already gzip bytes");
  EXPECT_TRUE(fs::exists(path("replay/torch_trace/dedicated_log_torch_trace_rank_0_abc.log")));
}

TEST_F(RawArtifacts, IncompleteCaptureIsRefused) {
  fs::remove(path("capture/outcome.json"));
  std::string error;
  EXPECT_FALSE(store_raw(path("capture"), path("x.raw"), 1 << 20, error));
  EXPECT_NE(error.find("outcome.json is missing"), std::string::npos) << error;
  EXPECT_FALSE(restore_raw(path("nothing.raw"), path("replay"), error));
}

}  // namespace
}  // namespace tc::golden
