// What judging one capture decided (report/judge.h), kept apart from how the
// per-case report shows it: judge() decides, writes the golden and the
// evidence, and returns a Judgement; print_judgement() renders it on stdout.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/evaluate.h"
#include "golden/golden_check.h"

namespace tc::report {

struct JudgeRequest;

struct Judgement {
  enum class Kind {
    Error,   // the capture could not be evaluated: ev.error says why
    Skip,    // a declared skip: ev.outcome.skipped says why
    Judged,  // compared with (or accepted as) its golden
  };
  Kind kind = Kind::Error;
  CaseOutcome outcome = CaseOutcome::Fail;
  const char* status = "error";  // CaseResult::status
  std::string case_name;
  std::string mode;  // "live" or "replay"
  std::string raw;   // the raw capture the report names
  Evaluation ev;
  golden::GoldenCheck golden;  // Judged only
  bool pass = false;
  // A new emitter (no golden yet): what moved since the newest emitter with
  // a golden for this case; `drift_text` empty: nothing moved.
  std::optional<std::string> drift_from;
  std::string drift_text;
  // The evidence kept, as (what, path), when the case failed or `keep` was
  // asked; empty when only the raw capture stays.
  std::vector<std::pair<std::string, std::string>> evidence;
  std::string stderr_tail;  // the workload's, when it failed and there is one
  // The trace lines the findings point at (report/case_views.h), read before
  // a passing case's capture is cleaned away.
  std::string excerpts;
};

// Evaluates the capture, checks (or accepts) its golden, and keeps or trims
// the evidence folder.
Judgement judge(const JudgeRequest& request);

// The per-case report (report/judge.h shows its shape).
void print_judgement(const Judgement& judgement, bool color);

}  // namespace tc::report
