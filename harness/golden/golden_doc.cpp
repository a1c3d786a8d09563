#include "golden/golden_doc.h"

#include <algorithm>
#include <tuple>

namespace tc::golden {

std::string render_golden(const GoldenDoc& doc) {
  std::string out;
  out += "# tracecheck golden v1 -- update: tracecheck run " + doc.case_name + " --accept\n";
  out += "case: " + doc.case_name + "\n";
  out += "emitter: " + doc.emitter + "\n";
  out += "rules: " + doc.rules + "\n";

  out += "\n[outcome]\n";
  out += "exit_status: " + std::to_string(doc.outcome.exit_status) + "\n";
  out += "exception: " + doc.outcome.exception.value_or("none") + "\n";

  for (const ProfileSection& p : doc.profiles) {
    out += "\n[diagnostics " + p.profile + "]\n";
    out += "errors: " + std::to_string(p.errors) + ", warnings: " + std::to_string(p.warnings) + "\n";
    std::vector<DiagnosticLine> lines = p.diagnostics;
    std::sort(lines.begin(), lines.end(), [](const DiagnosticLine& a, const DiagnosticLine& b) {
      return std::tie(a.file, a.line, a.rule, a.record_kind, a.severity) <
             std::tie(b.file, b.line, b.rule, b.record_kind, b.severity);
    });
    for (const DiagnosticLine& d : lines)
      out += d.severity + " " + d.rule + " " + (d.record_kind.empty() ? "-" : d.record_kind) + " " + d.file + ":" +
             std::to_string(d.line) + "\n";
  }

  if (doc.facts_json) {
    out += "\n[facts]\n";
    out += *doc.facts_json;
    if (!out.ends_with('\n')) out += '\n';
  }

  for (const TraceSection& t : doc.traces) {
    out += "\n[trace " + t.label + "]\n";
    out += t.text;
    if (!t.text.empty() && !out.ends_with('\n')) out += '\n';
  }
  return out;
}

}  // namespace tc::golden
