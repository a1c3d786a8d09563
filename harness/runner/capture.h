// Runs one case's capture step (cases/capture.py, contract in
// cases/README.md) in an emitter environment and reports what happened.
//
// Contract:
//  - out_dir is emptied first (refused if anything is mounted below it),
//    then holds what capture.py writes (torch_trace/, env.json,
//    outcome.json, facts.json, stderr.txt, ...) plus capture.log: the
//    capture step's own output and any sandbox setup error.
//  - "trixie"/"sid": the chroot is found or provisioned (runner/environment.h)
//    and capture.py runs in it with cases/ bound read-only at
//    /tracecheck/cases and out_dir read-write at /tracecheck/out, in private
//    mount and PID namespaces (runner/sandbox.h): nothing is mounted on the
//    host, and no process of the run survives the call.
//  - "host": capture.py runs with host_python, else $TRACECHECK_PYTHON, else
//    python3 from PATH; in PID/mount namespaces when the caller is root.
//  - The deadline (timeout_s, else the case's timeout_s + 60 s) kills the
//    whole run: SIGTERM to its process group, SIGKILL after kill_grace_s.
//    capture.py also enforces the case's timeout_s on the driver itself.
//  - ran=false only when the capture step could not start (bad case file,
//    unavailable environment, sandbox setup failure); `error` says why, and
//    cli/exit_code.h's unavailable_exit_code() is the exit code for it.
#pragma once

#include <filesystem>
#include <string>

namespace tc::runner {

struct CaptureRequest {
  std::filesystem::path case_file;    // <cases root>/<name>.json
  std::string environment = "host";   // "trixie", "sid" or "host"
  std::filesystem::path host_python;  // host mode only
  std::filesystem::path out_dir;
  int timeout_s = 0;                  // 0: the case's timeout_s + 60
  std::string device = "cpu";         // passed to capture.py --device
  bool provision = true;              // chroot: may run ci/provision-env.sh; false: use a ready one only
  int kill_grace_s = 10;              // SIGTERM -> SIGKILL; capture.py gets half of it for its driver
  std::filesystem::path cases_dir;    // holds capture.py; empty: this source tree's cases/
};

struct CaptureResult {
  bool ran = false;           // false: the capture step could not start, see error
  int exit_status = -1;       // the workload's exit status (128+N after signal N), from outcome.json;
                              // capture.py's own status when it wrote no outcome
  bool timed_out = false;     // the deadline or the case's timeout_s expired
  int term_signal = 0;        // the signal that ended the workload, 0 if none
  bool skipped = false;       // a `requires` entry is missing (capture.py exited 77)
  std::string skip_reason;
  double wall_s = 0;          // the whole capture, environment lookup excluded
  double driver_wall_s = 0;   // the driver alone, as capture.py measured it
  std::string torch_version;  // from env.json; "" when torch was not importable
  std::string exception;      // qualified name from expected_exception(), "" if none
  std::string uncaught_exception;  // qualified name of an uncaught exception, "" if none
  bool isolated = false;      // ran in its own PID namespace
  std::string stderr_tail;    // end of stderr.txt (then capture.log's, when it has text)
  std::string error;          // why ran is false, or what went wrong in the capture step
};

CaptureResult capture(const CaptureRequest& request);

}  // namespace tc::runner
