// The reports of one run (run, replay) or of several merged (tracecheck
// report --merge): a JSON summary, JUnit XML and the terminal summary.
//
// JSON: {"tracecheck_report": 1, "cases": [{"case", "emitter", "mode",
// "status", "golden_status", "golden_file", "pending_file", "message",
// "diff", "seconds", "external_seconds", "harness_seconds", "exit_code",
// "rule_set", "rule_hits": {id: n}}],
// "totals": {...}, "dead_rules": {set: [ids]}, "pending": [files]}.
// JUnit: one <testsuite> per mode ("live", "replay", ...), one <testcase>
// per case and emitter (classname "<mode>.<emitter>"), <failure> with the
// message and diff, <skipped>, or <error> for a case that could not be
// evaluated.
//
// Contract: a rule is dead for a rule set when it has zero hits in every
// case of the report that scrubbed with that set; merging reports from
// shards gives the same dead rules, totals and cases as one run of all of
// them. Reading a malformed JSON report fails with a message, never throws.
#pragma once

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "report/case_result.h"

namespace tc::report {

class RunReport {
 public:
  void add(CaseResult r) { cases_.push_back(std::move(r)); }
  const std::vector<CaseResult>& cases() const { return cases_; }

  std::string to_json() const;
  std::string to_junit() const;
  // Appends the cases of a JSON report; false with `error` when malformed.
  bool merge_json(const std::string& text, std::string& error);

  std::map<std::string, std::vector<std::string>> dead_rules() const;
  // "summary: ..." then failures, pending files, dead rules and the
  // harness's own time per case (median and max).
  void print_summary(std::FILE* out) const;

 private:
  std::vector<CaseResult> cases_;
};

// Writes the report files a command was asked for ("" = not asked): JSON,
// JUnit, and the HTML page (report/html_report.h), whose drift view is
// between `drift_emitters` (FROM, TO; empty: the two newest torch golden
// sets); false with a message on stderr when a file cannot be written.
bool write_reports(const RunReport& report, const std::string& json_file, const std::string& junit_file,
                   const std::string& html_file = {}, const std::vector<std::string>& drift_emitters = {});

}  // namespace tc::report
