// Emitter environments: where a case's workload runs.
//
//   "host"          the Python the caller names (no chroot)
//   "trixie", "sid" Debian chroots made by ci/provision-env.sh
//
// Contract: find_environment() never fails silently. With provision=true it
// runs ci/provision-env.sh NAME (which reuses a ready chroot in milliseconds,
// waits on another caller's provisioning, or builds one) and takes the torch
// version from its "NAME: torch X" line; with provision=false it only accepts
// a chroot whose NAME.stamp exists (the script writes it last) and reads the
// version from the stamp. A failure leaves ok=false and says why in `error`;
// callers map that to cli/exit_code.h's unavailable_exit_code().
#pragma once

#include <filesystem>
#include <string>

namespace tc::runner {

struct Environment {
  std::string name;            // "host", "trixie", "sid"
  std::filesystem::path root;  // the chroot; empty for host
  std::string torch_version;   // e.g. "2.6.0+debian"; empty for host (capture.py reports it)
};

struct EnvironmentLookup {
  bool ok = false;
  Environment env;
  std::string error;
};

// $TRACECHECK_ENV_CACHE, else $XDG_CACHE_HOME/tracecheck/envs, else
// ~/.cache/tracecheck/envs (the same rule as ci/provision-env.sh).
std::filesystem::path environment_cache_dir();

// The provisioning script (ci/provision-env.sh of this source tree).
std::filesystem::path provision_script();

EnvironmentLookup find_environment(const std::string& name, bool provision);

// The torch version in a stamp's "torch X" line, or "" when there is none.
std::string torch_version_from_stamp(const std::string& stamp_text);

// True when $CI is set to anything but "", "0" or "false": there, an
// unavailable environment is a failure, never a skip.
bool ci_mode();

}  // namespace tc::runner
