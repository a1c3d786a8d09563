// Runs one program in its own session, optionally chrooted, with a deadline,
// and leaves nothing behind: no process, no mount.
//
// Contract:
//  - The program runs in a new session (its process group is the one the
//    deadline kills) and, when the kernel allows (root), in new PID and mount
//    namespaces. Then a small init process (pid 1 there) reaps orphans, and
//    when the program exits every process left in the namespace is killed,
//    even ones that changed process group or session.
//  - With a chroot root, namespaces are required: the mounts (SandboxMount)
//    are made inside the private mount namespace only, so they vanish with
//    its last process whatever happens to the caller, and a recursive delete
//    on the host never runs through a bind mount. /proc is mounted fresh in
//    the new PID namespace.
//  - On the deadline the process group gets SIGTERM, then SIGKILL after
//    kill_grace_s; SIGKILL of the init kills the whole namespace. If the
//    caller's thread dies, PR_SET_PDEATHSIG kills the sandbox too.
//  - stdin is /dev/null; stdout and stderr go to log_file (appended).
//  - The caller's signal dispositions and mask are not inherited by the
//    program; file descriptors other than 0-2 are not inherited.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tc::runner {

// One mount(2) call made in the sandbox's mount namespace, in order.
struct SandboxMount {
  std::string source;      // a path for binds, the fs name for others ("proc", "tmpfs")
  std::string target;      // absolute host path (below the chroot root)
  std::string fstype;      // "" for binds
  unsigned long flags = 0;
  std::string data;        // e.g. "mode=1777"
  bool make_target = false;  // mkdir(target) first (inside a tmpfs made earlier)
  bool read_only = false;    // a bind: remount it read-only afterwards
};

struct SandboxSpec {
  std::vector<std::string> argv;  // argv[0]: absolute path of the program (inside root if any)
  std::vector<std::string> env;   // "NAME=value", the program's whole environment
  std::filesystem::path root;     // chroot here; empty: run on the host
  std::vector<SandboxMount> mounts;  // made before chroot (needs root); host mode: ignored
  std::string workdir = "/";      // chdir here (inside root)
  std::filesystem::path log_file; // stdout+stderr
  double timeout_s = 0;           // <= 0: no deadline
  double kill_grace_s = 10;
};

struct SandboxResult {
  bool started = false;   // false: the sandbox could not be set up, see error
  int exit_code = -1;     // the program's exit code (when it exited)
  int term_signal = 0;    // the signal that ended it, 0 if it exited
  bool timed_out = false; // the deadline expired and the group was killed
  bool isolated = false;  // ran in its own PID namespace
  double wall_s = 0;
  std::string error;
};

// The mounts a chroot needs: /dev (bind, with a fresh /dev/shm), /proc, /sys
// (read-only), a fresh /tmp, and a tmpfs at root/tracecheck holding the
// given binds (target names are relative to root/tracecheck).
struct ChrootBind {
  std::filesystem::path source;
  std::string name;  // mounted at root/tracecheck/<name>
  bool read_only = true;
};
std::vector<SandboxMount> chroot_mounts(const std::filesystem::path& root,
                                        const std::vector<ChrootBind>& binds);

SandboxResult run_sandboxed(const SandboxSpec& spec);

}  // namespace tc::runner
