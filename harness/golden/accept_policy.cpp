#include "golden/accept_policy.h"

#include <cstdlib>
#include <string_view>

namespace tc::golden {

bool env_flag(const char* name) {
  const char* v = std::getenv(name);
  if (!v) return false;
  std::string_view s(v);
  return !(s.empty() || s == "0" || s == "false" || s == "no" || s == "FALSE" || s == "False");
}

const char* update_mode_name(UpdateMode m) {
  switch (m) {
    case UpdateMode::No:
      return "no";
    case UpdateMode::New:
      return "new";
    case UpdateMode::Pending:
      return "pending";
    case UpdateMode::Always:
      return "always";
  }
  return "?";
}

AcceptDecision decide_mode(UpdateMode mode) {
  AcceptDecision d;
  d.mode = mode;
  d.requested = mode != UpdateMode::No;
  if (!d.requested) return d;
  if (env_flag("CI") && !env_flag("TRACECHECK_FORCE_UPDATE")) {
    d.refusal = std::string("refusing to write goldens under CI (the variable CI is set, update policy ") +
                update_mode_name(mode) + "); set TRACECHECK_FORCE_UPDATE=1 to force it";
    return d;
  }
  d.allowed = true;
  return d;
}

AcceptDecision decide_accept(bool accept_flag) {
  UpdateMode mode = UpdateMode::No;
  const char* v = std::getenv("TRACECHECK_UPDATE");
  std::string_view s = v ? v : "";
  if (s == "new")
    mode = UpdateMode::New;
  else if (s == "pending")
    mode = UpdateMode::Pending;
  else if (s == "always")
    mode = UpdateMode::Always;
  else if (!(s.empty() || s == "no")) {
    AcceptDecision d;
    d.error = "TRACECHECK_UPDATE='" + std::string(s) + "' is not one of no, new, pending, always";
    return d;
  }
  if (accept_flag || env_flag("TRACECHECK_ACCEPT")) mode = UpdateMode::Always;
  return decide_mode(mode);
}

}  // namespace tc::golden
