// run_sandboxed() on the host with /bin/sh: exit codes, signals, the
// deadline, and what survives it (nothing).
#include "runner/sandbox.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "runner/mounts.h"
#include "runner/test_support.h"

extern char** environ;

namespace tc::runner {
namespace {

using testing::TempDir;

SandboxSpec shell(const std::string& script, const TempDir& dir) {
  SandboxSpec spec;
  spec.argv = {"/bin/sh", "-c", script};
  for (char** e = environ; *e; ++e) spec.env.emplace_back(*e);
  spec.log_file = dir.path() / "log.txt";
  spec.workdir = dir.path().string();
  spec.timeout_s = 30;
  spec.kill_grace_s = 1;
  return spec;
}

TEST(RunnerSandbox, ExitCodeAndOutputComeBack) {
  TempDir dir;
  SandboxResult r = run_sandboxed(shell("echo out; echo err >&2; pwd; exit 7", dir));
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.exit_code, 7);
  EXPECT_EQ(r.term_signal, 0);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(testing::read_file(dir.path() / "log.txt"), "out\nerr\n" + dir.path().string() + "\n");
}

TEST(RunnerSandbox, DeathBySignalIsReportedAsSuch) {
  TempDir dir;
  SandboxResult r = run_sandboxed(shell("kill -SEGV $$", dir));
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.term_signal, 11);
  EXPECT_EQ(r.exit_code, -1);
}

TEST(RunnerSandbox, DeadlineKillsEvenWhatLeftTheProcessGroup) {
  TempDir dir;
  const std::string marker = "tracecheck-sandbox-marker-" + dir.path().filename().string();
  // The shell ignores SIGTERM; one child leaves the group with setsid.
  SandboxSpec spec = shell("trap '' TERM; setsid sh -c 'sleep 1000; : " + marker + "' & sleep 1000 " +
                               "& sh -c 'trap \"\" TERM; sleep 1000; : " + marker + "'",
                           dir);
  spec.timeout_s = 1;
  SandboxResult r = run_sandboxed(spec);
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.term_signal, 9);
  EXPECT_LT(r.wall_s, 10);
  if (!r.isolated) GTEST_SKIP() << "no PID namespace here (not root): a setsid child may survive";
  EXPECT_EQ(testing::processes_with(marker), "");
}

TEST(RunnerSandbox, OrphansDieWithTheProgram) {
  TempDir dir;
  const std::string marker = "tracecheck-orphan-marker-" + dir.path().filename().string();
  SandboxResult r = run_sandboxed(shell("setsid sh -c 'sleep 1000; : " + marker + "' & exit 0", dir));
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.exit_code, 0);
  if (!r.isolated) GTEST_SKIP() << "no PID namespace here (not root)";
  EXPECT_EQ(testing::processes_with(marker), "");
}

TEST(RunnerSandbox, SignalDispositionsAreNotInherited) {
  TempDir dir;
  struct sigaction ignore {}, old {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGUSR1, &ignore, &old);
  SandboxResult r = run_sandboxed(shell("kill -USR1 $$; exit 0", dir));
  sigaction(SIGUSR1, &old, nullptr);
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.term_signal, SIGUSR1);
}

TEST(RunnerSandbox, ExecFailureIsASetupError) {
  TempDir dir;
  SandboxSpec spec = shell("", dir);
  spec.argv = {"/nonexistent/python3"};
  SandboxResult r = run_sandboxed(spec);
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.error.find("execve /nonexistent/python3"), std::string::npos) << r.error;
}

TEST(RunnerSandbox, MissingChrootIsASetupError) {
  TempDir dir;
  if (geteuid() != 0) GTEST_SKIP() << "chroots need root";
  SandboxSpec spec = shell("exit 0", dir);
  spec.root = dir.path() / "no-such-root";
  spec.mounts = chroot_mounts(spec.root, {});
  SandboxResult r = run_sandboxed(spec);
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.error.find("sandbox: mount"), std::string::npos) << r.error;
  std::string error;
  EXPECT_TRUE(mount_points_below(dir.path(), error).empty()) << error;
}

TEST(RunnerSandbox, ChrootMountsAreInOrderAndBindsLiveInTheTmpfs) {
  auto mounts = chroot_mounts("/srv/root", {{"/repo/cases", "cases", true}, {"/out", "out", false}});
  ASSERT_EQ(mounts.size(), 8u);
  EXPECT_EQ(mounts[0].target, "/srv/root/dev");
  EXPECT_EQ(mounts[1].target, "/srv/root/dev/shm");
  EXPECT_EQ(mounts[5].target, "/srv/root/tracecheck");
  EXPECT_EQ(mounts[5].fstype, "tmpfs");
  EXPECT_EQ(mounts[6].target, "/srv/root/tracecheck/cases");
  EXPECT_TRUE(mounts[6].make_target);
  EXPECT_TRUE(mounts[6].read_only);
  EXPECT_FALSE(mounts[7].read_only);
}

}  // namespace
}  // namespace tc::runner
