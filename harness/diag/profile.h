// A profile maps rule ids to severities, modelling what one consumer
// tolerates. Rules a profile does not name keep the catalog's default.
// Every profile cites the consumer behaviour it reproduces.
#pragma once

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"

namespace tc::diag {

struct Profile {
  std::string name;
  std::vector<std::string> aliases;
  std::string models;  // the consumer and version it reproduces, with its source
  std::map<std::string, Severity, std::less<>> overrides;

  Severity severity_of(std::string_view rule) const;
};

// All built-in profiles; the first is "default".
std::span<const Profile> builtin_profiles();
// By name or alias; nullptr when unknown.
const Profile* find_profile(std::string_view name);
const Profile& default_profile();

}  // namespace tc::diag
