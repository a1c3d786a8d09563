#include "runner/environment.h"

#include <re2/re2.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "runner/command.h"
#include "runner/text_tail.h"

namespace tc::runner {
namespace fs = std::filesystem;

namespace {

std::string env_or_empty(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

bool known_chroot(const std::string& name) { return name == "trixie" || name == "sid"; }

}  // namespace

fs::path environment_cache_dir() {
  if (auto v = env_or_empty("TRACECHECK_ENV_CACHE"); !v.empty()) return v;
  if (auto v = env_or_empty("XDG_CACHE_HOME"); !v.empty()) return fs::path(v) / "tracecheck/envs";
  return fs::path(env_or_empty("HOME")) / ".cache/tracecheck/envs";
}

fs::path provision_script() { return fs::path(TRACECHECK_SOURCE_DIR) / "ci/provision-env.sh"; }

std::string torch_version_from_stamp(const std::string& stamp_text) {
  std::string version;
  RE2::PartialMatch(stamp_text, R"((?m)^torch (\S+)$)", &version);
  return version;
}

bool ci_mode() {
  std::string ci = env_or_empty("CI");
  return !ci.empty() && ci != "0" && ci != "false";
}

EnvironmentLookup find_environment(const std::string& name, bool provision) {
  EnvironmentLookup lookup;
  lookup.env.name = name;
  if (name == "host") {
    lookup.ok = true;
    return lookup;
  }
  if (!known_chroot(name)) {
    lookup.error = "unknown environment '" + name + "' (known: host, trixie, sid)";
    return lookup;
  }
  fs::path cache = environment_cache_dir();
  lookup.env.root = cache / name;
  if (provision) {
    CommandOutput out = run_command({provision_script().string(), name}, /*echo_stderr=*/true);
    if (out.status != 0) {
      lookup.error = "ci/provision-env.sh " + name + " failed (" +
                     (out.error.empty() ? "exit " + std::to_string(out.status) : out.error) +
                     "): " + last_lines(out.err, 5);
      return lookup;
    }
    std::string env_name, version;
    if (!RE2::PartialMatch(out.out, R"((?m)^(\S+): torch (\S+))", &env_name, &version) ||
        env_name != name) {
      lookup.error = "ci/provision-env.sh " + name + " printed no torch version: " + last_lines(out.out, 3);
      return lookup;
    }
    lookup.env.torch_version = version;
  } else {
    std::ifstream stamp(cache / (name + ".stamp"));
    if (!stamp) {
      lookup.error = "environment " + name + " is not provisioned (no " +
                     (cache / (name + ".stamp")).string() + "; run ci/provision-env.sh " + name + ")";
      return lookup;
    }
    std::stringstream text;
    text << stamp.rdbuf();
    lookup.env.torch_version = torch_version_from_stamp(text.str());
  }
  if (access((lookup.env.root / "usr/bin/python3").c_str(), X_OK) != 0) {
    lookup.error = "environment " + name + " has no usable " + (lookup.env.root / "usr/bin/python3").string();
    return lookup;
  }
  lookup.ok = true;
  return lookup;
}

}  // namespace tc::runner
