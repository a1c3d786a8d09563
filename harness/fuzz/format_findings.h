// For the reader fuzz targets: resolves the findings under every built-in
// profile and formats each as text and JSON, so a finding whose message,
// location or pointer is malformed fails under the sanitizers.
#pragma once

#include "diag/diagnostic.h"
#include "diag/profile.h"
#include "diag/reporter.h"
#include "formats/registry/registry.h"

namespace tc::fuzz {

inline void format_findings(const diag::Reporter& reporter) {
  for (const diag::Profile& profile : tc::formats::registry::catalog().profiles()) {
    diag::Verdict verdict = diag::resolve(reporter, profile);
    for (const diag::Diagnostic& d : verdict.diagnostics) {
      (void)diag::format_text(d);
      (void)diag::format_json(d);
    }
  }
}

}  // namespace tc::fuzz
