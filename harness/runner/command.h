// Runs a helper program (ci/provision-env.sh, findmnt) and collects what it
// printed.
//
// Contract: argv[0] is looked up on PATH; stdin is /dev/null; stdout and
// stderr are read to the end (no size limit: these are short); status is the
// exit code, or 128+N when signal N killed it, or -1 (with `error`) when the
// program could not be started. With echo_stderr, stderr is also copied to
// ours as it arrives (a long provisioning run shows its progress).
#pragma once

#include <string>
#include <vector>

namespace tc::runner {

struct CommandOutput {
  int status = -1;
  std::string out;
  std::string err;
  std::string error;  // why it could not be started
};

CommandOutput run_command(const std::vector<std::string>& argv, bool echo_stderr = false);

}  // namespace tc::runner
