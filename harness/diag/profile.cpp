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

Profile consumer_profile(std::string name, std::vector<std::string> aliases, std::string models,
                         std::span<const Reading> readings) {
  Profile p;
  p.name = std::move(name);
  p.aliases = std::move(aliases);
  p.models = std::move(models);
  for (const Reading& r : readings) {
    p.overrides.emplace(std::string(r.rule), r.severity);
    p.grounds.emplace(std::string(r.rule), Grounding{std::string(r.does), std::string(r.cites)});
  }
  return p;
}

Profile strict_profile() {
  Profile p;
  p.name = "default";
  p.models = "tracecheck's reading of each format: its hard rules, and what the consumers that read the file fail";
  return p;
}

}  // namespace tc::diag
