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

AcceptDecision decide_accept(bool accept_flag) {
  AcceptDecision d;
  d.requested = accept_flag || env_flag("TRACECHECK_ACCEPT");
  if (!d.requested) return d;
  if (env_flag("CI") && !env_flag("TRACECHECK_FORCE_UPDATE")) {
    d.refusal = "refusing to write goldens under CI (the variable CI is set); set TRACECHECK_FORCE_UPDATE=1 to "
                "force it";
    return d;
  }
  d.allowed = true;
  return d;
}

}  // namespace tc::golden
