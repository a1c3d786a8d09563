// Whether this run may write goldens and raw artifacts.
//
// Contract: writing is asked for by --accept or TRACECHECK_ACCEPT=1. When
// the environment variable CI is set (any value but "" / "0" / "false"),
// writing is refused unless TRACECHECK_FORCE_UPDATE=1, so a CI run can never
// bless its own output.
#pragma once

#include <string>

namespace tc::golden {

struct AcceptDecision {
  bool requested = false;  // --accept or TRACECHECK_ACCEPT=1
  bool allowed = false;    // requested and not refused
  std::string refusal;     // why a requested write is refused
};

AcceptDecision decide_accept(bool accept_flag);

// True when the variable is set to something other than "", "0", "false", "no".
bool env_flag(const char* name);

}  // namespace tc::golden
