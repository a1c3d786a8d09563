// A profile maps rule ids to severities, modelling what one consumer
// tolerates. Rules a profile does not name keep the catalog's default
// (diag/rule_catalog.h Catalog fills them in). Every consumer profile cites
// the consumer behaviour it reproduces; each is defined beside the rules of
// the format its consumer reads (formats/ID/rules.cpp).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"

namespace tc::diag {

struct Profile {
  std::string name;
  std::vector<std::string> aliases;
  std::string models;  // the consumer and version it reproduces, with its source
  // The severities it gives: as written, the rules it changes; once in a
  // Catalog, every rule of the catalog.
  std::map<std::string, Severity, std::less<>> overrides;

  // Aborts on a rule the profile has no severity for (a programming error).
  Severity severity_of(std::string_view rule) const;
};

// tracecheck's strict reading of every format: the catalog's defaults.
Profile strict_profile();

}  // namespace tc::diag
