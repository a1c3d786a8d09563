// Exit codes, the same for every tracecheck command.
#pragma once

namespace tc::diag {

enum ExitCode : int {
  kExitOk = 0,       // no errors (warnings allowed unless --werror)
  kExitErrors = 1,   // findings of error severity, malformed or unrecognized input
  kExitUsage = 2,    // bad command line
  kExitIo = 3,       // an input that cannot be opened or read (I/O only)
  kExitSkipped = 77  // a case skipped for a declared reason (ctest SKIP_RETURN_CODE)
};

}  // namespace tc::diag
