#include "report/parallel_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>


namespace tc::report {
namespace {

// Input "name:rule:count[:sleep_ms]" reports `count` findings of `rule`,
// located in `name`, after sleeping (so later inputs can finish first).
bool fake_check(const std::string& input, diag::Reporter& reporter, std::string& io_error) {
  size_t a = input.find(':'), b = input.find(':', a + 1), c = input.find(':', b + 1);
  std::string name = input.substr(0, a), rule = input.substr(a + 1, b - a - 1);
  int count = std::stoi(input.substr(b + 1, c == std::string::npos ? std::string::npos : c - b - 1));
  if (c != std::string::npos) std::this_thread::sleep_for(std::chrono::milliseconds(std::stoi(input.substr(c + 1))));
  if (name == "unreadable") {
    io_error = "unreadable: no such file";
    return false;
  }
  if (name == "throws") throw std::runtime_error("boom");
  for (int i = 0; i < count; ++i) reporter.report(rule, {name, static_cast<uint64_t>(i + 1), 1}, "m");
  return true;
}

std::vector<std::string> locations(const diag::Reporter& r) {
  std::vector<std::string> out;
  for (const diag::Diagnostic& d : r.kept())
    out.push_back(d.location.file + ":" + std::to_string(d.location.line) + ":" + d.rule);
  return out;
}

TEST(ParallelCheck, SameFindingsAndOrderAsSequential) {
  // The first inputs sleep longest, so with threads they finish last.
  std::vector<std::string> inputs = {"a:r1:150:60", "b:r2:3:40", "c:r1:150:20", "d:r1:5:0", "e:r3:0:0"};
  diag::Reporter sequential, parallel;
  check_inputs(inputs, 1, fake_check, sequential);
  std::vector<InputResult> results = check_inputs(inputs, 4, fake_check, parallel);
  ASSERT_EQ(results.size(), inputs.size());
  EXPECT_EQ(locations(parallel), locations(sequential));
  EXPECT_EQ(parallel.counts(), sequential.counts());
  // The keep limit (200 per rule) spans inputs as in one pass: all of a, the first 50 of c.
  EXPECT_EQ(parallel.count("r1"), 305u);
  size_t kept_r1 = 0;
  for (const diag::Diagnostic& d : parallel.kept()) kept_r1 += d.rule == "r1";
  EXPECT_EQ(kept_r1, 200u);
  EXPECT_EQ(parallel.kept()[150].location.file, "b");
  EXPECT_EQ(parallel.kept()[153].location.file, "c");
}

TEST(ParallelCheck, ResultsInInputOrder) {
  std::vector<std::string> inputs = {"ok:r:1:30", "unreadable:r:0:0", "ok2:r:2:0"};
  diag::Reporter merged;
  std::vector<InputResult> results = check_inputs(inputs, 3, fake_check, merged);
  EXPECT_TRUE(results[0].read);
  EXPECT_FALSE(results[1].read);
  EXPECT_EQ(results[1].io_error, "unreadable: no such file");
  EXPECT_TRUE(results[2].read);
  EXPECT_EQ(merged.count("r"), 3u);
}

TEST(ParallelCheck, RunsInputsConcurrently) {
  // Each check waits (up to 10 s) until another one is running at the same
  // time; run one after another, none ever sees a second.
  std::atomic<int> active{0}, most{0};
  CheckFn meet = [&](const std::string&, diag::Reporter& reporter, std::string&) {
    int now = ++active;
    for (int i = 0; i < 1000 && active.load() < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    int seen = std::max(now, active.load());
    for (int m = most.load(); seen > m && !most.compare_exchange_weak(m, seen);) {
    }
    reporter.report("r", {"x", 1, 1}, "m");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // stay active while the other looks
    --active;
    return true;
  };
  diag::Reporter merged;
  check_inputs({"a", "b"}, 2, meet, merged);
  EXPECT_EQ(most.load(), 2);
  EXPECT_EQ(merged.count("r"), 2u);
}

TEST(ParallelCheck, ExceptionReachesTheCaller) {
  diag::Reporter merged;
  EXPECT_THROW(check_inputs({"ok:r:1:0", "throws:r:0:10", "ok:r:1:0"}, 2, fake_check, merged), std::runtime_error);
}

TEST(ParallelCheck, EmptyInputsAndDefaultJobs) {
  diag::Reporter merged;
  EXPECT_TRUE(check_inputs({}, 0, fake_check, merged).empty());
  EXPECT_GE(default_jobs(), 1u);
  EXPECT_LE(default_jobs(), 8u);
}

}  // namespace
}  // namespace tc::report
