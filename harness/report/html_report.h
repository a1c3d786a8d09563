// The conformance report as one self-contained HTML page (`report --html`,
// `run|replay --html`): inline CSS and JS, no network, no external font, so
// it opens from file:// and from a CI artifact store.
//
//   Matrix: cases down, emitters across; each cell pass / fail / skip (its
//   reason on hover) / error, with totals and filters (failures only, one
//   group, one emitter). A cell opens its case.
//   Case view: outcome and message, each profile's findings with the
//   explanation `tracecheck rules` prints for each rule, the drift from the
//   emitter it was compared with, and the golden diff with added and
//   removed lines marked. The URL's hash names the open case
//   ("#case=profiler/kineto_basic&emitter=torch-2.6.0"), so a link opens it.
//   The case view also draws the capture (html/assets.h, drawings.js), shows
//   each finding's trace line, the diff side by side with the changed part
//   of each field marked, the facts, the times and where the evidence lies.
//   Drift view: for two emitters (by default the two newest torch golden
//   sets), each case's drift (golden/drift.h), its records in one click.
//
// Contract: a pure function of the report (the cases as run_report.h holds
// them) and the rule catalog; the data travels as one JSON block the page's
// script renders, with "</" escaped so no value can close the script. Its
// size is bounded by the report's own bounds (diffs and findings are cut
// where they are made).
#pragma once

#include <string>

#include "golden/drift.h"
#include "report/run_report.h"

namespace tc::report {

struct HtmlDrift {
  std::string from, to;
  std::vector<golden::CaseDrift> cases;
};

// A case that needs a GPU (a "cuda" requirement): the matrix shows it under
// the torch emitters as "GPU: no golden" when the report has no result for it.
struct GpuCase {
  std::string name;
  std::string reason;  // the requirement's reason
};

// What the page shows beside the report's own cases.
struct HtmlContext {
  HtmlDrift drift;
  std::vector<GpuCase> gpu_cases;
  // The folder the page shows paths relative to (the golden root's
  // parent: the project); paths outside it are shown as they are.
  std::string project_root;
};

// The drift view between `drift_emitters` (FROM, TO) or, when not given, the
// two newest torch golden sets under `golden_root` (empty, no view, when
// there are fewer than two), and the GPU cases below `cases_root` (none when
// it cannot be read).
HtmlContext default_html_context(const std::string& golden_root, const std::string& cases_root,
                                 const std::vector<std::string>& drift_emitters = {});

std::string render_html_report(const RunReport& report, const HtmlContext& context = {});

}  // namespace tc::report
