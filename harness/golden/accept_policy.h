// The update policy: whether and how this run may write goldens.
//
// Contract: one variable, TRACECHECK_UPDATE = no | new | pending | always,
// read by every entry point (run, replay, accept, review):
//   no       compare only; a missing or differing golden fails
//   new      write a golden only where none exists; a differing one fails
//   pending  write the would-be golden as <golden>.new into the build tree
//            (pending_store.h), never into the source tree; the case fails
//            until `tracecheck review` accepts it
//   always   write every golden that differs or is missing
// --accept or TRACECHECK_ACCEPT=1 mean always. When the variable CI is set
// (any value but "" / "0" / "false" / "no") a policy that writes is refused
// unless TRACECHECK_FORCE_UPDATE=1, so a CI run never blesses its own output;
// the default is no everywhere. An unknown value is a usage error.
#pragma once

#include <string>

namespace tc::golden {

enum class UpdateMode { No, New, Pending, Always };
const char* update_mode_name(UpdateMode m);

struct AcceptDecision {
  UpdateMode mode = UpdateMode::No;  // what was asked for
  bool requested = false;            // mode != No
  bool allowed = false;              // requested and not refused
  std::string refusal;               // why a requested write is refused
  std::string error;                 // an unknown TRACECHECK_UPDATE value (usage)
};

// accept_flag: the command's --accept.
AcceptDecision decide_accept(bool accept_flag);
// The decision for an explicit mode (review's accept), with the CI refusal applied.
AcceptDecision decide_mode(UpdateMode mode);

// True when the variable is set to something other than "", "0", "false", "no".
bool env_flag(const char* name);

}  // namespace tc::golden
