// Every rule id tracecheck can report, with its default severity and what it
// means. The catalog is the single source for `tracecheck rules` and for the
// rule documentation; a rule id not listed here is a programming error.
#pragma once

#include <span>
#include <string_view>

#include "diag/diagnostic.h"

namespace tc::diag {

struct Rule {
  std::string_view id;
  Severity default_severity;
  std::string_view summary;  // one sentence: what is wrong
  std::string_view why;      // which consumer breaks, or why it matters
  std::string_view example = {};  // a minimal input line that triggers it, where one fits on a line
};

std::span<const Rule> all_rules();
const Rule* find_rule(std::string_view id);

}  // namespace tc::diag
