#include "diag/profile.h"

#include <cstdio>
#include <cstdlib>

#include "diag/rule_catalog.h"

namespace tc::diag {
namespace {

constexpr auto E = Severity::Error;
constexpr auto W = Severity::Warning;
constexpr auto Off = Severity::Off;

std::vector<Profile> make_profiles() {
  std::vector<Profile> p;
  p.push_back({"default", {}, "tracecheck's strict reading of the formats (our strict mode)", {}});
  // tlparse 0.4.3 --strict fails when fail_glog + fail_json + fail_payload_md5
  // + other_rank + fail_dynamo_guards_json + fail_parser > 0 (lib.rs:1155),
  // and aborts on a compilation_metrics with fail_type but no fail_reason and
  // on a thread id over u64. Everything else it tolerates.
  p.push_back({"tlparse-0.4.3",
               {"tlparse"},
               "tlparse 0.4.3 --strict (pytorch/tlparse d21829a, src/lib.rs:1153-1170)",
               {
                   {"input-bom", Off},
                   {"input-crlf", Off},
                   {"input-empty", Off},
                   {"json-duplicate-key", Off},
                   {"json-lone-surrogate", Off},
                   {"json-non-finite", Off},
                   {"json-number-range", Off},
                   {"tt-artifact-json", Off},
                   {"tt-blank-line", Off},
                   {"tt-chromium-json", Off},
                   {"tt-compile-duplicate", Off},
                   {"tt-compile-id", Off},
                   {"tt-compile-unclosed", Off},
                   {"tt-fork", Off},
                   {"tt-key-conflict", Off},
                   {"tt-launcher-prefix", Off},
                   {"tt-metrics-fail-reason", E},
                   {"tt-null-key", Off},
                   {"tt-prefix-number", Off},
                   {"tt-prefix-junk", Off},
                   {"tt-rank-missing", E},
                   {"tt-thread-id", E},
               }});
  return p;
}

}  // namespace

Severity Profile::severity_of(std::string_view rule) const {
  if (auto it = overrides.find(rule); it != overrides.end()) return it->second;
  if (const Rule* r = find_rule(rule)) return r->default_severity;
  std::fprintf(stderr, "tracecheck: internal error: unknown rule id '%.*s'\n",
               static_cast<int>(rule.size()), rule.data());
  std::abort();
}

std::span<const Profile> builtin_profiles() {
  static const std::vector<Profile> profiles = make_profiles();
  return profiles;
}

const Profile* find_profile(std::string_view name) {
  for (const Profile& p : builtin_profiles()) {
    if (p.name == name) return &p;
    for (const auto& a : p.aliases)
      if (a == name) return &p;
  }
  return nullptr;
}

const Profile& default_profile() { return builtin_profiles().front(); }

}  // namespace tc::diag
