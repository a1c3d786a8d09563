#include "runner/sandbox.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

// Process layout (namespaced):
//   caller --fork--> leader (setsid, unshare NEWNS|NEWPID, waits)
//                      --fork--> init (pid 1: mounts, chroot, reaps)
//                                  --fork--> program (execve)
// Without namespaces (host mode, not root) the leader execs the program.
//
// Everything after fork() runs in a copy of a possibly multi-threaded
// process, so it uses only async-signal-safe calls on data prepared before
// the fork (ChildPlan); nothing there allocates.

namespace tc::runner {
namespace {

constexpr int kSetupFailed = 125;
constexpr int kExecFailed = 127;
const int kStopSignals[] = {SIGTERM, SIGINT, SIGHUP};

// Tagged 5-byte messages on the report pipe (atomic: < PIPE_BUF).
constexpr char kTagInit = 'G';     // value: the init's pid in the caller's namespace
constexpr char kTagProgram = 'H';  // value: the program's raw wait status

struct PlannedMount {
  const char* source;
  const char* target;
  const char* fstype;
  unsigned long flags;
  const char* data;
  bool make_target;
  bool read_only;
};

struct ChildPlan {
  std::vector<char*> argv;
  std::vector<char*> envp;
  std::vector<PlannedMount> mounts;
  const char* root = nullptr;  // nullptr: no chroot
  const char* workdir = "/";
  int log_fd = -1;
  int null_fd = -1;
  int error_fd = -1;   // setup failures, text; CLOEXEC, so EOF means "exec'd"
  int report_fd = -1;  // tagged messages
  pid_t caller = 0;
};

void write_all(int fd, const char* text) {
  size_t len = std::strlen(text);
  while (len > 0) {
    ssize_t n = write(fd, text, len);
    if (n <= 0) {
      if (n < 0 && errno == EINTR) continue;
      return;
    }
    text += n;
    len -= static_cast<size_t>(n);
  }
}

[[noreturn]] void fail(const ChildPlan& plan, const char* step, const char* what, int err, int code) {
  write_all(plan.error_fd, "sandbox: ");
  write_all(plan.error_fd, step);
  write_all(plan.error_fd, " ");
  write_all(plan.error_fd, what);
  write_all(plan.error_fd, ": ");
  const char* desc = strerrordesc_np(err);
  write_all(plan.error_fd, desc ? desc : "unknown error");
  write_all(plan.error_fd, "\n");
  _exit(code);
}

void report(int fd, char tag, int32_t value) {
  char msg[5];
  msg[0] = tag;
  std::memcpy(msg + 1, &value, sizeof value);
  while (write(fd, msg, sizeof msg) < 0 && errno == EINTR) {
  }
}

void set_stop_signals(void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  for (int s : kStopSignals) sigaction(s, &sa, nullptr);
}

// Dies with the parent thread; covers the race where it is already gone.
// (The init cannot check: its parent lies outside its PID namespace, so
// getppid() is 0 there; its parent, the leader, dies only by SIGKILL anyway.)
void die_with_parent(pid_t expected_parent) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (expected_parent != 0 && getppid() != expected_parent) _exit(kSetupFailed);
}

[[noreturn]] void exec_program(const ChildPlan& plan) {
  rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);  // a crashing workload leaves no core file
  if (chdir(plan.workdir) != 0) fail(plan, "chdir", plan.workdir, errno, kSetupFailed);
  if (dup2(plan.null_fd, 0) < 0 || dup2(plan.log_fd, 1) < 0 || dup2(plan.log_fd, 2) < 0)
    fail(plan, "dup2", "stdio", errno, kSetupFailed);
  if (syscall(SYS_close_range, 3U, ~0U, 4U /* CLOSE_RANGE_CLOEXEC */) != 0) {
    for (int fd = 3; fd < 4096; ++fd) fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  for (int s = 1; s < NSIG; ++s) sigaction(s, &dfl, nullptr);  // fails harmlessly for KILL/STOP
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  execve(plan.argv[0], plan.argv.data(), plan.envp.data());
  fail(plan, "execve", plan.argv[0], errno, kExecFailed);
}

void make_mounts(const ChildPlan& plan) {
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
    fail(plan, "mount --make-rprivate", "/", errno, kSetupFailed);
  if (plan.root == nullptr) {
    // Host mode: a /proc that matches the new PID namespace.
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0)
      fail(plan, "mount proc", "/proc", errno, kSetupFailed);
    return;
  }
  for (const auto& m : plan.mounts) {
    if (m.make_target && mkdir(m.target, 0755) != 0 && errno != EEXIST)
      fail(plan, "mkdir", m.target, errno, kSetupFailed);
    if (mount(m.source, m.target, m.fstype, m.flags, m.data) != 0)
      fail(plan, "mount", m.target, errno, kSetupFailed);
    if (m.read_only &&
        mount(nullptr, m.target, nullptr, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV,
              nullptr) != 0)
      fail(plan, "remount read-only", m.target, errno, kSetupFailed);
  }
  if (chroot(plan.root) != 0) fail(plan, "chroot", plan.root, errno, kSetupFailed);
}

// pid 1 of the new PID namespace.
[[noreturn]] void run_init(const ChildPlan& plan) {
  die_with_parent(0);
  make_mounts(plan);
  pid_t program = fork();
  if (program < 0) fail(plan, "fork", "program", errno, kSetupFailed);
  if (program == 0) {
    die_with_parent(1);
    exec_program(plan);
  }
  close(plan.error_fd);
  int status = 0;
  for (;;) {
    int st = 0;
    pid_t pid = waitpid(-1, &st, 0);
    if (pid == program) {
      status = st;
      break;
    }
    if (pid < 0 && errno != EINTR) break;
  }
  // Whatever the program left behind dies with the namespace.
  kill(-1, SIGKILL);
  for (;;) {
    pid_t pid = waitpid(-1, nullptr, 0);
    if (pid < 0 && errno != EINTR) break;
  }
  report(plan.report_fd, kTagProgram, status);
  _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

[[noreturn]] void run_leader(const ChildPlan& plan) {
  die_with_parent(plan.caller);
  setsid();
  set_stop_signals(SIG_IGN);  // the deadline's SIGTERM is for the program, not for us
  if (unshare(CLONE_NEWNS | CLONE_NEWPID) != 0) {
    if (plan.root != nullptr) fail(plan, "unshare", "mount and PID namespaces", errno, kSetupFailed);
    exec_program(plan);  // host mode without privileges: no init, no namespaces
  }
  pid_t init = fork();
  if (init < 0) fail(plan, "fork", "init", errno, kSetupFailed);
  if (init == 0) run_init(plan);
  report(plan.report_fd, kTagInit, init);
  close(plan.error_fd);
  int status = 0;
  while (waitpid(init, &status, 0) < 0) {
    if (errno != EINTR) _exit(kSetupFailed);
  }
  _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

// Owns the caller's file descriptors until run_sandboxed returns.
struct Fd {
  int fd = -1;
  Fd() = default;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0) close(fd);
    fd = -1;
  }
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Reads setup errors until every writer has exec'd or exited (EOF).
std::string read_setup_errors(int fd, std::chrono::steady_clock::time_point deadline, bool has_deadline) {
  std::string text;
  char buf[1024];
  for (;;) {
    int wait_ms = -1;
    if (has_deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      wait_ms = left.count() > 0 ? static_cast<int>(left.count()) : 0;
    }
    pollfd p{fd, POLLIN, 0};
    int rc = poll(&p, 1, wait_ms);
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) return text;  // deadline: the wait loop takes over
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return text;
    text.append(buf, static_cast<size_t>(n));
  }
}

void signal_group(pid_t leader, int sig) {
  if (killpg(leader, sig) != 0) kill(leader, sig);  // before setsid() the group does not exist yet
}

// After SIGKILL of the leader, the init may still be tearing its namespace
// down; wait until it is gone so no process of the run outlives the call.
void wait_for_exit(pid_t pid, double max_s) {
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd < 0 && errno == ESRCH) return;
  if (pidfd >= 0) {
    pollfd p{pidfd, POLLIN, 0};
    while (poll(&p, 1, static_cast<int>(max_s * 1000)) < 0 && errno == EINTR) {
    }
    close(pidfd);
    return;
  }
  auto t0 = std::chrono::steady_clock::now();
  while (kill(pid, 0) == 0 && seconds_since(t0) < max_s)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

}  // namespace

std::vector<SandboxMount> chroot_mounts(const std::filesystem::path& root,
                                        const std::vector<ChrootBind>& binds) {
  const auto at = [&root](const char* rel) { return (root / rel).string(); };
  std::vector<SandboxMount> mounts = {
      {"/dev", at("dev"), "", MS_BIND | MS_REC, "", false, false},
      {"tmpfs", at("dev/shm"), "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777", false, false},
      {"proc", at("proc"), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "", false, false},
      {"/sys", at("sys"), "", MS_BIND, "", false, true},
      {"tmpfs", at("tmp"), "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777", false, false},
      {"tmpfs", at("tracecheck"), "tmpfs", MS_NOSUID | MS_NODEV, "mode=755", false, false},
  };
  for (const auto& b : binds)
    mounts.push_back({b.source.string(), (root / "tracecheck" / b.name).string(), "",
                      MS_BIND | MS_REC, "", true, b.read_only});
  return mounts;
}

SandboxResult run_sandboxed(const SandboxSpec& spec) {
  SandboxResult result;
  if (spec.argv.empty()) {
    result.error = "no program to run";
    return result;
  }
  if (!spec.root.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(spec.root / "tracecheck", ec);  // the tmpfs's mount point
  }
  std::string root = spec.root.string();
  ChildPlan plan;
  std::vector<std::string> argv = spec.argv, envp = spec.env;
  for (auto& a : argv) plan.argv.push_back(a.data());
  plan.argv.push_back(nullptr);
  for (auto& e : envp) plan.envp.push_back(e.data());
  plan.envp.push_back(nullptr);
  for (const auto& m : spec.mounts)
    plan.mounts.push_back({m.source.c_str(), m.target.c_str(), m.fstype.empty() ? nullptr : m.fstype.c_str(),
                           m.flags, m.data.empty() ? nullptr : m.data.c_str(), m.make_target, m.read_only});
  plan.root = spec.root.empty() ? nullptr : root.c_str();
  plan.workdir = spec.workdir.c_str();
  plan.caller = getpid();

  Fd log(open(spec.log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  Fd null(open("/dev/null", O_RDONLY | O_CLOEXEC));
  int error_pipe[2], report_pipe[2];
  if (log.fd < 0 || null.fd < 0) {
    result.error = "cannot open " + spec.log_file.string() + ": " + std::strerror(errno);
    return result;
  }
  if (pipe2(error_pipe, O_CLOEXEC) != 0) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  Fd error_read(error_pipe[0]), error_write(error_pipe[1]);
  if (pipe2(report_pipe, O_CLOEXEC) != 0) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  Fd report_read(report_pipe[0]), report_write(report_pipe[1]);
  plan.log_fd = log.fd;
  plan.null_fd = null.fd;
  plan.error_fd = error_write.fd;
  plan.report_fd = report_write.fd;

  const auto t0 = std::chrono::steady_clock::now();
  const bool has_deadline = spec.timeout_s > 0;
  const auto deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(has_deadline ? spec.timeout_s : 0));
  pid_t leader = fork();
  if (leader < 0) {
    result.error = std::string("fork: ") + std::strerror(errno);
    return result;
  }
  if (leader == 0) run_leader(plan);
  error_write.reset();
  report_write.reset();
  log.reset();
  null.reset();

  std::string setup_error = read_setup_errors(error_read.fd, deadline, has_deadline);

  int status = 0;
  bool term_sent = false, kill_sent = false;
  auto kill_at = deadline;
  for (;;) {
    pid_t pid = waitpid(leader, &status, WNOHANG);
    if (pid == leader) break;
    if (pid < 0 && errno != EINTR) break;
    auto now = std::chrono::steady_clock::now();
    if (has_deadline && !term_sent && now >= deadline) {
      signal_group(leader, SIGTERM);
      term_sent = true;
      result.timed_out = true;
      kill_at = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(spec.kill_grace_s));
    }
    if (term_sent && !kill_sent && now >= kill_at) {
      signal_group(leader, SIGKILL);
      kill_sent = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(seconds_since(t0) < 1 ? 5 : 25));
  }

  // The leader's tagged reports: the init's pid, then the program's status.
  pid_t init = 0;
  bool have_program_status = false;
  int program_status = 0;
  fcntl(report_read.fd, F_SETFL, O_NONBLOCK);
  char msg[5];
  while (read(report_read.fd, msg, sizeof msg) == static_cast<ssize_t>(sizeof msg)) {
    int32_t value;
    std::memcpy(&value, msg + 1, sizeof value);
    if (msg[0] == kTagInit) init = value;
    if (msg[0] == kTagProgram) {
      program_status = value;
      have_program_status = true;
    }
  }
  if (init > 0) {
    result.isolated = true;
    // A leader that exited normally had reaped the init; one killed by a
    // signal may have left it tearing down the namespace.
    if (WIFSIGNALED(status)) wait_for_exit(init, spec.kill_grace_s + 30);
  }
  result.wall_s = seconds_since(t0);

  int final_status = have_program_status ? program_status : status;
  if (WIFEXITED(final_status)) {
    result.exit_code = WEXITSTATUS(final_status);
  } else if (WIFSIGNALED(final_status)) {
    result.term_signal = WTERMSIG(final_status);
  }
  // The leader exits kSetupFailed/kExecFailed only after writing a reason.
  result.started = setup_error.empty();
  if (!setup_error.empty()) {
    while (!setup_error.empty() && setup_error.back() == '\n') setup_error.pop_back();
    result.error = setup_error;
  }
  return result;
}

}  // namespace tc::runner
