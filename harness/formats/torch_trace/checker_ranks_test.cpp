#include "formats/torch_trace/checker_ranks.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>


namespace tc::formats::torch_trace {
namespace {
namespace fs = std::filesystem;

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

// Every kept finding, field by field, then every count: two Reporters that
// print alike under any profile.
std::string dump(const diag::Reporter& r) {
  std::string out;
  for (const diag::Diagnostic& d : r.kept())
    out += d.rule + "|" + d.location.file + ":" + std::to_string(d.location.line) + ":" +
           std::to_string(d.location.column) + "|" + d.message + "|" + d.record_kind + "|" + d.pointer + "|" +
           d.hint + "\n";
  for (const auto& [rule, n] : r.counts()) out += rule + "=" + std::to_string(n) + "\n";
  return out;
}

class CheckRanks : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tracecheck_check_ranks_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    log_ = read_text(fs::path(TRACECHECK_TEST_DATA) / "torch_trace" / "comp_failure.log");
    ASSERT_FALSE(log_.empty());
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }

  // The findings and result with `jobs` threads.
  std::string run(unsigned jobs, bool* read = nullptr) {
    diag::Reporter reporter;
    std::string error;
    bool got = check_torch_trace(dir_.string(), jobs, 0, reporter, error);
    if (read) *read = got;
    return dump(reporter) + "read=" + std::to_string(got) + " " + error + "\n";
  }

  fs::path dir_;
  std::string log_;
};

TEST_F(CheckRanks, DesyncedRanksGiveTheSequentialFindings) {
  // Blank lines before every record: over 200 tt-blank-line findings per
  // file, so the 200-per-rule cut falls inside the second file.
  std::string blanks = replace_all(log_, "\nV", "\n\n\n\n\n\n\n\n\n\n\n\n\nV");
  write("dedicated_log_torch_trace_rank_0_a.log", blanks);
  write("dedicated_log_torch_trace_rank_1_b.log", replace_all(blanks, "\"frame_id\": 0", "\"frame_id\": 1"));
  write("dedicated_log_torch_trace_rank_2.log", log_.substr(0, log_.find("dynamo_output_graph")));  // cut short
  write("dedicated_log_torch_trace_rank_10.log", log_);
  write("dedicated_log_torch_trace_norank.log", log_);
  write("another.log", "not a trace\n");
  std::string one = run(1);
  EXPECT_NE(one.find("tt-rank-desync|"), std::string::npos) << one;
  EXPECT_NE(one.find("tt-compile-unclosed|"), std::string::npos) << one;
  for (unsigned jobs : {2u, 3u, 4u, 8u}) EXPECT_EQ(run(jobs), one) << "jobs " << jobs;
}

TEST_F(CheckRanks, AgreeingRanksGiveTheSequentialFindings) {
  for (int rank = 0; rank < 4; ++rank)
    write("dedicated_log_torch_trace_rank_" + std::to_string(rank) + ".log", log_);
  std::string one = run(1);
  EXPECT_EQ(one.find("tt-rank-desync"), std::string::npos) << one;
  EXPECT_EQ(run(4), one);
}

TEST_F(CheckRanks, EmptyAndForeignRankFilesGiveTheSequentialFindings) {
  write("dedicated_log_torch_trace_rank_0.log", log_);
  write("dedicated_log_torch_trace_rank_1.log", "");
  write("dedicated_log_torch_trace_rank_2.log", "{\"not\": \"a log\"}\n");
  write("dedicated_log_torch_trace_rank_3.log", log_);
  std::string one = run(1);
  EXPECT_NE(one.find("input-empty"), std::string::npos) << one;
  EXPECT_EQ(run(3), one);
}

TEST_F(CheckRanks, ADirectoryWithoutTraceFilesAndAMissingPathAreReportedAsSequentially) {
  write("another.log", "x\n");
  bool read = false;
  std::string one = run(1, &read);
  EXPECT_TRUE(read);
  EXPECT_NE(one.find("input-format"), std::string::npos);
  EXPECT_EQ(run(4), one);
  fs::remove_all(dir_);
  one = run(1, &read);
  EXPECT_FALSE(read);
  EXPECT_EQ(run(4), one);
}

}  // namespace
}  // namespace tc::formats::torch_trace
