// What the HTML report's case view shows of a capture beside its verdicts,
// made while the capture is at hand and carried in the JSON report (so
// `report --html` of a stored report draws the same page):
// - drawings: each canonical section drawn by its format (formats/drawing.h),
//   at most kMaxDrawnNodes nodes per case over all its sections;
// - excerpts: the trace lines the first kMaxCaseExcerpts findings point at.
//
// JSON shapes (compact: a full replay's report stays small):
//   drawings: [{"section": S, "style": S, "not_drawn": N, "roots": [NODE...]}]
//   NODE:     {"l": label, "m": mark, "d": detail, "c": [NODE...]}, empty
//             members left out
//   excerpts: [{"file": F, "line": N, "column": N, "text": S, "mark": N}]
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "golden/golden_doc.h"

namespace tc::report {

inline constexpr size_t kMaxDrawnNodes = 1500;
inline constexpr size_t kMaxCaseExcerpts = 40;

// "" when no section is drawn (a verdicts-only golden keeps no text).
std::string drawings_json(const std::vector<golden::TraceSection>& traces, size_t budget = kMaxDrawnNodes);

// "" when no finding's line could be read.
std::string excerpts_json(const std::string& findings_text, size_t max = kMaxCaseExcerpts);

}  // namespace tc::report
