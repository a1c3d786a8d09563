#include "diag/profile.h"

#include <cstdio>
#include <cstdlib>

namespace tc::diag {

Severity Profile::severity_of(std::string_view rule) const {
  if (auto it = overrides.find(rule); it != overrides.end()) return it->second;
  std::fprintf(stderr, "tracecheck: internal error: unknown rule id '%.*s'\n", static_cast<int>(rule.size()),
               rule.data());
  std::abort();
}

Profile strict_profile() {
  return {"default", {}, "tracecheck's strict reading of the formats (our strict mode)", {}};
}

}  // namespace tc::diag
