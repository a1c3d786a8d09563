// One case's result as the run reports carry it (run_report.h): the
// terminal summary, the JSON summary and JUnit XML.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tc::report {

// What a case came to. cli/exit_code.h turns it into the exit code that
// ctest reads and CaseResult::exit_code records.
enum class CaseOutcome {
  Pass,        // matched (or accepted as) its golden, or its baseline
  Fail,        // differed, had problems, or its case file is broken
  Unreadable,  // its capture could not be read
  Skipped,     // a declared skip
};

struct RuleHits {
  std::string id;
  uint64_t hits = 0;
};

// A case's findings in a report stay readable and the report bounded: a case
// with 10,000 findings keeps the first lines and says how many were cut.
inline constexpr size_t kMaxDiagnosticLines = 400;

struct CaseResult {
  std::string case_name;
  std::string emitter;        // "" when unknown
  std::string mode;           // "live", "replay", "accept"
  std::string status;         // "pass", "fail", "skip", "error", "accepted", "pending"
  std::string golden_status;  // golden::golden_status_name(), "" when not compared
  std::string golden_file;
  std::string pending_file;
  std::string message;  // why it failed or skipped, what was written
  std::string diff;
  // Every profile's findings, compiler style under "== profile NAME: ..."
  // headers (report/evaluate.h diagnostics_text), cut to kMaxDiagnosticLines.
  std::string diagnostics;
  std::string drift_from;  // the emitter drift was measured from, "" = none
  std::string drift;       // golden/drift.h describe_drift
  double seconds = 0;           // judging the capture: checks, external parsers, scrub, golden
  int exit_code = 0;  // the case's exit code, as cli/ chose it (cli/exit_code.h)
  std::string rule_set;
  std::vector<RuleHits> rule_hits;  // empty when nothing was scrubbed
  // Of `seconds`, the time in external parsers (tlparse, ajv): other processes.
  double external_seconds = 0;
  // The harness's own time: judging without the external parsers, plus for a
  // live case the capture step outside the workload process (environment,
  // sandbox, reading the capture back).
  double harness_seconds = 0;
  double workload_seconds = 0;  // the workload's own wall time, as its capture recorded it
  std::string facts;            // the capture's facts (canonical JSON), "" when none
  // Where the evidence lies, "what: path" each (the raw capture; for a
  // failure also the actual text, the diff, the external parsers' output).
  std::vector<std::string> evidence;
  // The case view's drawings of the capture and excerpts of the lines its
  // findings point at: JSON text (report/case_views.h), "" when none.
  std::string drawings;
  std::string excerpts;
};

}  // namespace tc::report
