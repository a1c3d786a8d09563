// Evaluation: one capture folder -> the golden document and what the
// external parsers said about it. Live runs and replays go through this one
// function, so a replay checks stored artifacts exactly as the live run did.
//
// Pipeline: outcome.json / env.json / facts.json (capture_files.h) -> for
// each format of the case, in case order, Format::check over
// capture_dir/<format id>/ (formats/format.h: one pass that reports findings
// and renders the canonical sections; the case's rule set goes to the format
// it names, the others use their default set) -> every profile of the case
// resolved (diag::resolve) over all findings -> golden_doc.h (a finding's
// line is kept only when its file is a section of a format with
// stable_line_numbers, formats/format.h; a verdicts-only case, "golden":
// "verdicts", keeps per profile only the verdict and the distinct
// (severity, rule) pairs and no trace). External
// parsers then run on the files of the format they read, when installed;
// their results stay outside the document.
//
// Contract: a declared skip (outcome.json "skipped") is ok with only
// `outcome` (and `env` when readable) filled in. `ok` false means the capture could not be evaluated at all
// (unreadable files, unknown rule set): `error` says why and `case_broken`
// whether the case (its rule set, its formats) rather than the capture is at
// fault. `problems` lists failures that no golden can
// accept: a workload that timed out, died of a signal or of an uncaught
// exception, a scrubber failure, or an external parser that crashed, hung,
// or disagreed with the profile that models it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "external/parser.h"
#include "golden/golden_doc.h"
#include "report/capture_files.h"
#include "scrub/rule_set.h"

namespace tc::report {

struct EvaluateOptions {
  std::string work_dir;                 // scratch for external parsers (their output stays there)
  bool run_external_parsers = true;
  std::optional<std::string> emitter;   // override; default: from env.json's torch version
};

struct Evaluation {
  bool ok = false;
  bool case_broken = false;  // when !ok: the case is at fault, not its capture
  std::string error;

  CaptureOutcome outcome;
  CaptureEnv env;
  std::string emitter;
  golden::GoldenDoc doc;
  std::string text;                      // render_golden(doc)
  std::string diagnostics_text;          // every finding in full (compiler style), per profile
  std::vector<external::ParserResult> parsers;
  std::vector<std::string> problems;
  // Hits per rule of the case's rule set, summed over every trace file it
  // scrubbed (zero hits: a dead rule). Empty when nothing was scrubbed.
  std::vector<scrub::RuleUse> rule_usage;
};

Evaluation evaluate_capture(const cases::Case& c, const std::string& capture_dir, const EvaluateOptions& options);

}  // namespace tc::report
