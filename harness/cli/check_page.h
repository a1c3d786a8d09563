// `tracecheck check --html OUT.html FILE...`: for an emitter's author, one
// self-contained page (html/page.h) with the per-consumer verdict
// table at the top (per format, as check prints it) and then each finding,
// with the explanation `tracecheck rules` gives and the trace line it is
// about, its column marked.
//
// Contract: reads each named file once more, in one streaming pass, for the
// lines findings point at (plain or gzip); a line is cut to 240 bytes around
// its column. At most kMaxPageFindings findings are shown, then how many more.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.h"

namespace tc::cli {

inline constexpr size_t kMaxPageFindings = 2000;

struct CheckVerdict {
  std::string format;   // "" when the check read one format
  std::string profile;
  bool failed = false;
  uint64_t errors = 0, warnings = 0;
};

std::string render_check_page(const std::vector<CheckVerdict>& verdicts, const std::vector<diag::Diagnostic>& findings,
                              const std::string& profile);

}  // namespace tc::cli
