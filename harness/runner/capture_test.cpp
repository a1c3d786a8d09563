// The capture step on the host, provoked for real with the fake drivers in
// harness/tests/data/runner (no torch needed).
#include "runner/capture.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "cli/exit_code.h"
#include "runner/out_dir.h"
#include "runner/test_support.h"

namespace tc::runner {
namespace {

using testing::TempDir;

CaptureResult run_case(const std::string& name, const TempDir& dir, int timeout_s = 0, int grace_s = 4) {
  CaptureRequest request;
  request.case_file = testing::runner_data() / (name + ".json");
  request.environment = "host";
  request.host_python = testing::test_python();
  request.out_dir = dir.path() / "out";
  request.timeout_s = timeout_s;
  request.kill_grace_s = grace_s;
  return capture(request);
}

TEST(RunnerCapture, NonZeroExitIsReportedWithStderrAndFacts) {
  TempDir dir;
  CaptureResult r = run_case("exit_nonzero", dir);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.exit_status, 3);
  EXPECT_EQ(r.term_signal, 0);
  EXPECT_FALSE(r.timed_out);
  EXPECT_FALSE(r.skipped);
  EXPECT_NE(r.stderr_tail.find("failing on purpose"), std::string::npos) << r.stderr_tail;
  EXPECT_NE(testing::read_file(dir.path() / "out/facts.json").find("\"answer\": 42"), std::string::npos);
  EXPECT_NE(testing::read_file(dir.path() / "out/stderr.txt").find("failing on purpose"), std::string::npos);
}

TEST(RunnerCapture, SegfaultIsReportedAsSignal11) {
  TempDir dir;
  CaptureResult r = run_case("segfault", dir);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.term_signal, 11);
  EXPECT_EQ(r.exit_status, 128 + 11);
  EXPECT_FALSE(r.timed_out);
  // PYTHONFAULTHANDLER=1 puts the Python stack in stderr.txt.
  EXPECT_NE(r.stderr_tail.find("Segmentation fault"), std::string::npos) << r.stderr_tail;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out/work/core"));
}

TEST(RunnerCapture, NoTraceLeavesAnEmptyTraceFolderAndNullTorch) {
  TempDir dir;
  CaptureResult r = run_case("no_trace", dir);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_EQ(count_files(dir.path() / "out/torch_trace"), 0);
  EXPECT_TRUE(std::filesystem::is_directory(dir.path() / "out/torch_trace"));
  for (const char* file : {"env.json", "outcome.json", "facts.json", "stderr.txt"})
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / file)) << file;
  std::string env = testing::read_file(dir.path() / "out/env.json");
  EXPECT_NE(env.find("\"environment\": \"host\""), std::string::npos) << env;
  EXPECT_NE(env.find("\"flags\""), std::string::npos) << env;
  if (r.torch_version.empty()) EXPECT_NE(env.find("\"torch_version\": null"), std::string::npos) << env;
  // Captures are committed: the driver is named relative to the repository.
  const size_t command = env.find("\"command\": [");
  ASSERT_NE(command, std::string::npos) << env;
  const size_t driver = env.find(",", command) + 1;
  EXPECT_NE(env.substr(env.find('"', driver) + 1, 1), "/") << env;
}

TEST(RunnerCapture, ExpectedExceptionIsRecordedByQualifiedName) {
  TempDir dir;
  CaptureResult r = run_case("expected_exception", dir);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_EQ(r.exception, "builtins.ValueError");
  EXPECT_EQ(r.uncaught_exception, "");
}

TEST(RunnerCapture, UncaughtExceptionIsRecordedSeparately) {
  TempDir dir;
  CaptureResult r = run_case("uncaught", dir);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_EQ(r.exception, "");
  EXPECT_EQ(r.uncaught_exception, "builtins.KeyError");
}

TEST(RunnerCapture, DeadlineKillsTheWholeProcessGroup) {
  TempDir dir;
  const std::string marker = "tracecheck-hang-marker:" + (dir.path() / "out").string();
  CaptureResult r = run_case("hang", dir, /*timeout_s=*/2, /*grace_s=*/2);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_TRUE(r.timed_out);
  EXPECT_LT(r.wall_s, 20);
  EXPECT_NE(r.exit_status, 0);
  // The driver ignored SIGTERM: capture.py killed its group with SIGKILL.
  EXPECT_EQ(r.term_signal, 9);
  EXPECT_EQ(testing::processes_with(marker), "");
  EXPECT_NE(testing::read_file(dir.path() / "out/outcome.json").find("\"timed_out\": true"), std::string::npos);
}

TEST(RunnerCapture, CaseTimeoutIsEnforcedByCapturePy) {
  TempDir dir;
  CaptureResult r = run_case("short_timeout", dir);  // timeout_s 2 in the case; our deadline is 62
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.term_signal, 15);
  EXPECT_LT(r.wall_s, 30);
}

TEST(RunnerCapture, MissingRequirementSkips) {
  TempDir dir;
  CaptureResult r = run_case("needs_cuda", dir);
  ASSERT_TRUE(r.ran) << r.error;
  if (!r.skipped) GTEST_SKIP() << "this python has CUDA";
  EXPECT_EQ(r.exit_status, cli::kExitSkipped);
  EXPECT_EQ(r.skip_reason.rfind("needs a CUDA device", 0), 0u) << r.skip_reason;
}

TEST(RunnerCapture, DriverSkipIsASkipWithItsReason) {
  TempDir dir;
  CaptureResult r = run_case("driver_skip", dir);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_TRUE(r.skipped);
  EXPECT_EQ(r.exit_status, cli::kExitSkipped);
  EXPECT_EQ(r.skip_reason, "driver_skip: the tool it needs is not here");
}

TEST(RunnerCapture, OutputFolderIsEmptiedFirst) {
  TempDir dir;
  std::filesystem::create_directories(dir.path() / "out/old/deep");
  std::ofstream(dir.path() / "out/old/deep/stale.txt") << "stale";
  CaptureResult r = run_case("no_trace", dir);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out/old"));
}

TEST(RunnerCapture, UnreadableCaseFileDoesNotRun) {
  TempDir dir;
  CaptureRequest request;
  request.case_file = dir.path() / "missing.json";
  request.out_dir = dir.path() / "out";
  CaptureResult r = capture(request);
  EXPECT_FALSE(r.ran);
  EXPECT_NE(r.error.find("missing.json"), std::string::npos) << r.error;
}

TEST(RunnerCapture, UnknownEnvironmentIsUnavailable) {
  TempDir dir;
  CaptureRequest request;
  request.case_file = testing::runner_data() / "no_trace.json";
  request.environment = "bullseye";
  request.out_dir = dir.path() / "out";
  CaptureResult r = capture(request);
  EXPECT_FALSE(r.ran);
  EXPECT_NE(r.error.find("unknown environment"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace tc::runner
