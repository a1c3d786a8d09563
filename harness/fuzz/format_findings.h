// For the reader fuzz targets: resolves the findings under every built-in
// profile and formats each as text and JSON, so a finding whose message,
// location or pointer is malformed fails under the sanitizers; and compares
// the findings of two reads of one input (one thread and two).
#pragma once

#include <cstdlib>
#include <string_view>

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

// The body of a reader fuzz target: reads `text` on one thread and on two
// (`read(text, threads, out)` fills a Read, which has a `reporter`), formats
// the first read's findings, and aborts unless the reads agree: same(one,
// two), and the same findings kept in the same order, formatting alike.
template <class Read, class Same>
void read_on_one_and_two_threads(std::string_view text, void (*read)(std::string_view, unsigned, Read&), Same same) {
  Read one, two;
  read(text, 1u, one);
  format_findings(one.reporter);
  read(text, 2u, two);
  if (!same(one, two) || two.reporter.kept().size() != one.reporter.kept().size()) std::abort();
  for (size_t i = 0; i < one.reporter.kept().size(); ++i)
    if (diag::format_text(one.reporter.kept()[i]) != diag::format_text(two.reporter.kept()[i])) std::abort();
}

}  // namespace tc::fuzz
