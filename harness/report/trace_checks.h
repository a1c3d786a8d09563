// The one place evaluation runs the formats' checks over a capture: for each
// format of a case, in case order, Format::check over capture_dir/<id>/ with
// the canonical text requested (formats/format.h).
//
// Contract: returns true with every finding in `reporter` and every file's
// Section appended to `out.sections` (out.section_format[i] names the format
// of sections[i]). Returns false with `error` set when a format has no
// reader in this build (error_is_case true: the case is wrong), or its folder
// is missing or cannot be read (an unreadable capture). The case's rule set
// goes to the format it names ("<format>/<set>"); the others use their
// default set. With labels_only the sections may carry no text (a
// verdicts-only golden: formats/format.h CheckRequest::labels_only).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "diag/reporter.h"
#include "formats/registry/registry.h"
#include "scrub/rule_set.h"

namespace tc::report {

struct FormatRun {
  std::vector<formats::Section> sections;
  std::vector<std::string> section_format;
  std::vector<std::string> problems;       // failures no golden can accept
  std::vector<scrub::RuleUse> rule_usage;  // of the rule sets applied
  // Each format's findings alone (format id -> findings), for the verdicts
  // of its consumers; the caller's reporter has them all, in case order.
  std::map<std::string, diag::Reporter> findings_of;
};

bool run_trace_checks(const std::vector<std::string>& formats, const std::string& capture_dir, const std::string& rules,
                      diag::Reporter& reporter, FormatRun& out, std::string& error, bool& error_is_case,
                      bool labels_only = false);

}  // namespace tc::report
