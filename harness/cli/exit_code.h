// Exit codes, the same for every tracecheck command, and how a case's
// outcome (report/case_result.h) becomes one. Only cli/ chooses an exit code:
// the library below returns bool, a result enum or a CaseOutcome.
#pragma once

#include <vector>

#include "report/case_result.h"

namespace tc::cli {

enum ExitCode : int {
  kExitOk = 0,       // no errors (warnings allowed unless --werror)
  kExitErrors = 1,   // findings of error severity, malformed or unrecognized input
  kExitUsage = 2,    // bad command line
  kExitIo = 3,       // an input that cannot be opened or read (I/O only)
  kExitSkipped = 77  // a case skipped for a declared reason (ctest SKIP_RETURN_CODE)
};

// Pass 0, Fail 1, Unreadable 3, Skipped 77.
int exit_code_of(report::CaseOutcome outcome);

// A case that could not run for want of its environment: a failure under
// $CI (3: a missing environment is never a skip there), else a skip (77).
int unavailable_exit_code();

// Folds per-case exit codes into the command's: any failure (1) wins, then
// an unreadable input or missing environment (3), then usage (2); all
// skipped is 77; otherwise 0 (none at all: 2).
int combine_exit_codes(const std::vector<int>& codes);

}  // namespace tc::cli
