// Internal to scrub/load.cpp: turns rule-set JSON into a RuleSet, checking
// it against the structure of schemas/scrubber.schema.json. Throws
// RuleError on the first problem.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "scrub/rule_set.h"

namespace tc::scrub::detail {

struct RuleError : std::runtime_error {
  RuleError(std::string where_, const std::string& message)
      : std::runtime_error(message), where(std::move(where_)) {}
  std::string where;  // "rules[3] (S4)", "text[0] (R1).pattern", or "" for the whole file
};

RuleSet parse_rules(std::string_view json_text, const std::string& file);

}  // namespace tc::scrub::detail
