// A tiny real torch workload captured in an emitter chroot. Label "live".
#include <gtest/gtest.h>

#include "runner/capture.h"
#include "runner/out_dir.h"
#include "runner/test_support.h"
#include "runner/tests/env_fixture.h"

namespace tc::runner {
namespace {

using testing::TempDir;

void capture_tiny_eager(const std::string& environment, const std::string& torch_prefix) {
  TempDir dir;
  CaptureRequest request;
  request.case_file = testing::runner_data() / "live_eager.json";
  request.environment = environment;
  request.provision = false;
  request.out_dir = dir.path() / "out";
  CaptureResult r = capture(request);
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.exit_status, 0) << r.stderr_tail;
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.torch_version.rfind(torch_prefix, 0), 0u) << r.torch_version;
  EXPECT_GE(count_files(dir.path() / "out/torch_trace"), 1);
  std::string trace;
  for (const auto& f : std::filesystem::directory_iterator(dir.path() / "out/torch_trace"))
    trace += testing::read_file(f.path());
  EXPECT_NE(trace.find("\"dynamo_start\""), std::string::npos);
  EXPECT_NE(trace.find("\"compilation_metrics\""), std::string::npos);
  EXPECT_NE(testing::read_file(dir.path() / "out/facts.json").find("\"output_sum\": 7.3659"),
            std::string::npos);
}

TEST(RunnerLive, TinyEagerCompileInTrixie) {
  TRACECHECK_REQUIRE_ENV("trixie");
  capture_tiny_eager("trixie", "2.6.0");
}

TEST(RunnerLive, TinyEagerCompileInSid) {
  TRACECHECK_REQUIRE_ENV("sid");
  capture_tiny_eager("sid", "2.");
}

}  // namespace
}  // namespace tc::runner
