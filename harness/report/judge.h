// Judges one capture of one case: evaluate it, compare with (or accept) its
// golden, keep the evidence, and print the per-case report.
//
// Report, on stdout, one line per case, then details when it did not pass:
//   PASS structured/example_fn  torch-2.6.0 (torch 2.6.0+debian, trixie)  workload 9.81 s  raw: <dir>
//   FAIL structured/recompiles  torch-2.6.0 (...)  ...
//     differs from golden/torch-2.6.0/structured/recompiles.txt; ...
//     <bounded unified diff>
//     evidence: actual <file>, diff <file>, stderr tail <file>, ...
//
// Contract: the evidence folder keeps, on failure, the raw capture, the
// scrubbed actual golden (actual.txt), the diff (golden.diff), every finding
// (diagnostics.txt), the workload's stderr tail (stderr-tail.txt) and the
// external parsers' output (external/); on success only the raw capture
// stays (the live run's artifact), unless `keep` keeps everything. Returns
// the case's outcome (cli/exit_code.h makes it an exit code).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "golden/accept_policy.h"
#include "report/case_result.h"

namespace tc::report {

struct JudgeRequest {
  const cases::Case* c = nullptr;
  std::string capture_dir;   // the capture folder to evaluate (capture layout)
  std::string evidence_dir;  // where evidence goes (capture_dir may lie inside it)
  std::string golden_root;
  std::optional<std::string> emitter;  // replay: the stored emitter; live: from env.json
  golden::AcceptDecision accept;
  bool store_raw = true;       // accept also stores capture_dir's raw artifacts (false in replay)
  std::string accept_command;  // how to create or update this golden
  std::string mode;            // "live" or "replay", printed in the report
  std::string stderr_tail;     // the workload's stderr tail (live)
  bool keep = false;
  bool capture_is_evidence = true;    // capture_dir is this run's own (not the stored raw)
  std::string raw_shown;              // the raw artifact path the report names ("" = capture_dir)
  std::string diff_mode = "records";  // or "unified"
  bool color = false;                 // ANSI colours in the diff
  std::string work_root;              // records the golden used (golden/usage_log.h); "" = none
  std::string pending_root;           // where TRACECHECK_UPDATE=pending writes
  // Live runs: captures the workload again in a fresh process and compares
  // its scrubbed text with `first`; false with a report when they differ.
  // Asked before any golden is written.
  std::function<bool(const std::string& first, std::string& report)> second_capture;
  // Judge against this emitter's golden of the case instead of the
  // capture's own (report/baseline.h); "" = its own golden.
  std::string baseline;
  // Outside CI: an emitter with no golden set at all, not accepting, is
  // judged against the nearest older set of its tool instead of failing.
  bool baseline_when_new = false;
};

// `result` (optional) receives what the JSON / JUnit reports need; its
// harness_seconds grows by the judging time without external parsers (a
// caller adds its own share first: a live run its capture step). The
// caller sets its exit_code.
CaseOutcome judge_capture(const JudgeRequest& request, CaseResult* result = nullptr);

// <build>/tracecheck-runs, from $TRACECHECK_WORK_DIR, else next to the
// tracecheck binary's build tree, else ./tracecheck-runs.
std::string default_work_root();

}  // namespace tc::report
