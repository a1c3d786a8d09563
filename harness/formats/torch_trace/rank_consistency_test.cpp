#include "formats/torch_trace/rank_consistency.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "json/parse.h"

namespace tc::formats::torch_trace {
namespace {

class RankTest : public ::testing::Test {
 protected:
  const std::string* file_of(int rank) {
    static const std::string files[] = {"rank_0.log", "rank_1.log", "rank_2.log"};
    return rank >= 0 ? &files[rank] : &rankless_;
  }
  void record(int rank, const std::string& envelope) {
    Record r;
    json::Parser parser;
    json::ParseResult parsed = parser.parse(envelope);
    ASSERT_TRUE(parsed.ok) << envelope;
    r.file = file_of(rank);
    r.rank_file = rank;
    r.line = ++lines_[rank];
    r.envelope = std::move(parsed.value);
    r.kind = r.envelope.first_key();
    (per_file_ ? own_ : checker).feed(r);
  }
  // Ends a file: with per_file_ set, its own checker hands its summary over.
  void next_file() {
    if (!per_file_) return;
    per_file_(own_);
    own_.finish();
  }
  void start(int rank, int frame, int compile) {
    record(rank, R"({"dynamo_start": {}, "rank": )" + std::to_string(std::max(rank, 0)) + R"(, "frame_id": )" +
                     std::to_string(frame) + R"(, "frame_compile_id": )" + std::to_string(compile) +
                     R"(, "attempt": 0})");
  }
  void graph(int rank, int frame, const char* md5) {
    record(rank, R"({"dynamo_output_graph": {}, "frame_id": )" + std::to_string(frame) +
                     R"(, "frame_compile_id": 0, "attempt": 0, "has_payload": ")" + md5 + R"("})");
  }
  // Both ranks: frames 0 and 1, one graph each.
  void same_run(int rank) {
    start(rank, 0, 0);
    record(rank, R"({"artifact": {"name": "x"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})");
    graph(rank, 0, "aaaa");
    start(rank, 1, 0);
    graph(rank, 1, "bbbb");
  }

  std::string rankless_ = "log";
  std::map<int, uint64_t> lines_;
  diag::Reporter reporter;
  RankConsistencyChecker checker{reporter};
  std::function<void(RankConsistencyChecker&)> per_file_;  // set: records go to own_
  diag::Reporter own_reporter_;
  RankConsistencyChecker own_{own_reporter_};
};

TEST_F(RankTest, RanksThatCompiledTheSameGraphsAgree) {
  same_run(0);
  same_run(1);
  same_run(2);
  checker.finish();
  EXPECT_EQ(reporter.kept().size(), 0u);
}

TEST_F(RankTest, ADifferentGraphIsReportedAtTheDivergingRank) {
  same_run(0);
  start(1, 0, 0);
  graph(1, 0, "cccc");  // rank 1 traced another graph
  start(1, 1, 0);
  graph(1, 1, "bbbb");
  checker.finish();
  ASSERT_EQ(reporter.count("tt-rank-desync"), 1u);
  const diag::Diagnostic& d = reporter.kept()[0];
  EXPECT_EQ(d.location.file, "rank_1.log");
  EXPECT_EQ(d.location.line, 2u);
  EXPECT_NE(d.message.find("cccc"), std::string::npos);
  EXPECT_NE(d.message.find("aaaa"), std::string::npos);
}

TEST_F(RankTest, ARecompileOnOneRankAndAShortRankAreReported) {
  same_run(0);
  start(1, 0, 0);
  graph(1, 0, "aaaa");
  start(1, 0, 1);  // recompiled where rank 0 moved on to frame 1
  same_run(2);
  start(2, 2, 0);  // rank 2 compiles one more frame
  checker.finish();
  EXPECT_EQ(reporter.count("tt-rank-desync"), 2u);
  ASSERT_EQ(reporter.kept().size(), 2u);
  EXPECT_NE(reporter.kept()[0].message.find("[0/1]"), std::string::npos);
  EXPECT_NE(reporter.kept()[1].message.find("rank 0 has no more compiles"), std::string::npos);
}

TEST_F(RankTest, MissingCompilesOnARankAreReported) {
  same_run(0);
  start(1, 0, 0);
  checker.finish();
  ASSERT_EQ(reporter.count("tt-rank-desync"), 1u);
  EXPECT_NE(reporter.kept()[0].message.find("rank 1 has no more compiles"), std::string::npos);
}

TEST_F(RankTest, OneRankOrRanklessFilesAreNotCompared) {
  same_run(0);
  start(-1, 5, 0);  // a rank-less log beside it
  checker.finish();
  EXPECT_EQ(reporter.kept().size(), 0u);
}

TEST_F(RankTest, MergedSummariesReportWhatOneCheckerReports) {
  // The files of a run: a rank-less log, then ranks 0, 1 (desynced), 2.
  auto files = [&] {
    start(-1, 5, 0);
    next_file();
    same_run(0);
    next_file();
    start(1, 0, 0);
    graph(1, 0, "cccc");
    next_file();
    same_run(2);
    start(2, 2, 0);
    next_file();
  };
  files();  // one checker fed every file
  checker.finish();
  ASSERT_EQ(reporter.count("tt-rank-desync"), 2u);

  lines_.clear();
  diag::Reporter merged_reporter;
  RankConsistencyChecker merged(merged_reporter);
  per_file_ = [&](RankConsistencyChecker& own) { merged.merge(own.take_summary()); };
  files();  // one checker per file, merged in file order
  merged.finish();
  ASSERT_EQ(merged_reporter.kept().size(), reporter.kept().size());
  for (size_t i = 0; i < reporter.kept().size(); ++i) {
    EXPECT_EQ(merged_reporter.kept()[i].message, reporter.kept()[i].message);
    EXPECT_EQ(merged_reporter.kept()[i].location.file, reporter.kept()[i].location.file);
    EXPECT_EQ(merged_reporter.kept()[i].location.line, reporter.kept()[i].location.line);
  }
  EXPECT_EQ(own_reporter_.kept().size(), 0u);  // per-file checkers compared nothing
}

TEST_F(RankTest, AMergedRankKeepsItsFirstFile) {
  RankConsistencyChecker::Summary a, b;
  a[0] = {"a.log", {{"0/0", "", 1}}};
  b[0] = {"b.log", {{"0/0", "", 1}, {"1/0", "", 2}}};
  b[1] = {"rank_1.log", {{"0/0", "", 1}}};
  checker.merge(std::move(a));
  checker.merge(std::move(b));
  checker.finish();  // rank 0 is a.log alone, so rank 1 agrees with it
  EXPECT_EQ(reporter.kept().size(), 0u);
}

}  // namespace
}  // namespace tc::formats::torch_trace
