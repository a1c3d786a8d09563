// Internal to scrub/load.cpp: turns one rule-set document into a RuleSet,
// checking by hand what schemas/scrubber.schema.json says, with messages
// that name the rule, plus what a schema cannot say (see load.h). Throws
// RuleError on the first problem. An "extends" member is checked for its
// form only: load.cpp follows it.
#pragma once

#include <stdexcept>
#include <string>

#include "scrub/rule_set.h"

namespace tc::scrub::detail {

struct RuleError : std::runtime_error {
  RuleError(std::string where_, const std::string& message)
      : std::runtime_error(message), where(std::move(where_)) {}
  std::string where;  // "rules[3] (S4)", "text[0] (R1).pattern", or "" for the whole file
};

RuleSet parse_rules(const json::Value& document, const std::string& file);

}  // namespace tc::scrub::detail
