// The capture step inside the trixie chroot with fake drivers (no torch
// import): what a killed run leaves behind on the host. Label "chroot".
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <future>
#include <thread>

#include "runner/capture.h"
#include "runner/command.h"
#include "runner/environment.h"
#include "runner/mounts.h"
#include "runner/out_dir.h"
#include "runner/test_support.h"
#include "runner/tests/env_fixture.h"

namespace tc::runner {
namespace {

using testing::TempDir;

CaptureRequest chroot_request(const std::string& name, const TempDir& dir) {
  CaptureRequest request;
  request.case_file = testing::runner_data() / (name + ".json");
  request.environment = "trixie";
  request.provision = false;
  request.out_dir = dir.path() / "out";
  request.kill_grace_s = 4;
  return request;
}

// Mount points under `dir` as findmnt (the host's view) lists them.
std::string findmnt_below(const std::filesystem::path& dir) {
  CommandOutput out = run_command({"findmnt", "-rn", "-o", "TARGET"});
  std::string below;
  std::string prefix = std::filesystem::weakly_canonical(dir).string();
  size_t start = 0;
  while (start < out.out.size()) {
    size_t end = out.out.find('\n', start);
    if (end == std::string::npos) end = out.out.size();
    std::string line = out.out.substr(start, end - start);
    if (line == prefix || line.rfind(prefix + "/", 0) == 0) below += line + "\n";
    start = end + 1;
  }
  return below;
}

TEST(RunnerChroot, KilledHangLeavesNoProcessAndNoMount) {
  TRACECHECK_REQUIRE_ENV("trixie");
  TempDir dir;
  const auto root = environment_cache_dir() / "trixie";
  const std::string marker = "tracecheck-hang-marker:/tracecheck/out";
  CaptureRequest request = chroot_request("hang", dir);
  request.timeout_s = 8;
  auto running = std::async(std::launch::async, [&] { return capture(request); });

  // While it hangs: the workload is running, and the host sees none of its mounts.
  bool hanging = false;
  for (int i = 0; i < 300 && !hanging; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    hanging = testing::read_file(dir.path() / "out/stderr.txt").find("hang: sleeping") != std::string::npos;
  }
  ASSERT_TRUE(hanging) << "the hang driver never started";
  EXPECT_NE(testing::processes_with(marker), "");
  EXPECT_EQ(findmnt_below(root), "");
  EXPECT_EQ(findmnt_below(dir.path()), "");
  std::string mount_error;
  EXPECT_TRUE(mount_points_below(root, mount_error).empty()) << mount_error;

  CaptureResult r = running.get();
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_TRUE(r.isolated);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.term_signal, 9);
  EXPECT_EQ(r.torch_version.rfind("2.6", 0), 0u) << r.torch_version;
  // Afterwards: no process, no mount, and the out folder is plain host files.
  EXPECT_EQ(testing::processes_with(marker), "");
  EXPECT_EQ(findmnt_below(root), "");
  EXPECT_EQ(findmnt_below(dir.path()), "");
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "out/outcome.json"));
  EXPECT_TRUE(std::filesystem::is_empty(root / "tracecheck"));
}

TEST(RunnerChroot, ExitStatusAndSignalsComeBackFromTheChroot) {
  TRACECHECK_REQUIRE_ENV("trixie");
  TempDir dir;
  CaptureResult r = capture(chroot_request("exit_nonzero", dir));
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.exit_status, 3);
  EXPECT_NE(r.stderr_tail.find("failing on purpose"), std::string::npos) << r.stderr_tail;
  std::string env = testing::read_file(dir.path() / "out/env.json");
  EXPECT_NE(env.find("\"environment\": \"trixie\""), std::string::npos) << env;
  EXPECT_NE(env.find("\"python3-torch\": \"2.6.0"), std::string::npos) << env;

  r = capture(chroot_request("segfault", dir));
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.term_signal, 11);
  EXPECT_EQ(r.exit_status, 139);
}

TEST(RunnerChroot, WorkloadSeesItsOwnNamespacesAReadOnlyCasesFolderAndAFreshTmp) {
  TRACECHECK_REQUIRE_ENV("trixie");
  TempDir dir;
  CaptureResult r = capture(chroot_request("sandbox_probe", dir));
  ASSERT_TRUE(r.ran) << r.error;
  ASSERT_EQ(r.exit_status, 0) << r.stderr_tail;
  auto facts = nlohmann::json::parse(testing::read_file(dir.path() / "out/facts.json"));
  EXPECT_EQ(facts["cases_dir"], "/tracecheck/cases");
  EXPECT_EQ(facts["cases_writable"], false);
  EXPECT_EQ(facts["cwd"], "/tracecheck/out/work");
  EXPECT_EQ(facts["tmp_entries"], nlohmann::json::array());  // the chroot's /tmp is a fresh tmpfs
  EXPECT_EQ(facts["tmpdir"], "/tracecheck/out/tmp");
  // pid 1 is the sandbox's init, a fork of this test binary; the driver's
  // pid is tiny: it lives in its own PID namespace.
  EXPECT_NE(facts["pid1"].get<std::string>().find("tracecheck_runner_env_tests"), std::string::npos) << facts["pid1"];
  EXPECT_LT(facts["pid"].get<int>(), 10);
  EXPECT_EQ(facts["hashseed"], "0");
  EXPECT_EQ(facts["torch_trace"], "/tracecheck/out/torch_trace");
  EXPECT_EQ(count_files(dir.path() / "out/torch_trace"), 0);
}

TEST(RunnerChroot, ExpectedExceptionComesBackFromTheChroot) {
  TRACECHECK_REQUIRE_ENV("trixie");
  TempDir dir;
  CaptureResult r = capture(chroot_request("expected_exception", dir));
  ASSERT_TRUE(r.ran) << r.error;
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_EQ(r.exception, "builtins.ValueError");
}

TEST(RunnerChroot, ProvisioningScriptReusesTheReadyEnvironment) {
  TRACECHECK_REQUIRE_ENV("trixie");
  EnvironmentLookup lookup = find_environment("trixie", /*provision=*/true);
  ASSERT_TRUE(lookup.ok) << lookup.error;
  EXPECT_EQ(lookup.env.torch_version.rfind("2.6.0", 0), 0u) << lookup.env.torch_version;
  EXPECT_EQ(lookup.env.root, environment_cache_dir() / "trixie");
}

}  // namespace
}  // namespace tc::runner
