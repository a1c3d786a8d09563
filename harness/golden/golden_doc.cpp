#include "golden/golden_doc.h"

#include <algorithm>
#include <charconv>
#include <set>
#include <tuple>

namespace tc::golden {

namespace {

// One diagnostic line without its count (golden_doc.h, "Diagnostic lines").
std::string diagnostic_text(const DiagnosticLine& d) {
  std::string text = d.severity + " " + d.rule + " " + (d.record_kind.empty() ? "-" : d.record_kind) + " " + d.file;
  if (d.line) text += ":" + std::to_string(*d.line);
  return text;
}

// A verdicts-only profile section (golden_doc.h, "Verdicts-only goldens"):
// the verdict, then each distinct (severity, rule) pair once, sorted.
std::string verdict_section(const ProfileSection& p) {
  std::string out = "\n[verdict " + p.profile + "]\n";
  out += std::string("verdict: ") + (p.errors == 0 ? "pass" : "fail") + "\n";
  std::set<std::string> pairs;
  for (const DiagnosticLine& d : p.diagnostics) pairs.insert(d.severity + " " + d.rule);
  for (const std::string& pair : pairs) out += pair + "\n";
  return out;
}

}  // namespace

std::string render_golden(const GoldenDoc& doc) {
  std::string out;
  out += "# tracecheck golden v" + std::to_string(kGoldenFormatVersion) + " case=" + doc.case_name +
         " emitter=" + doc.emitter + " rules=" + doc.rules;
  if (!doc.rules_fingerprint.empty()) out += "@" + doc.rules_fingerprint;
  for (size_t i = 0; i < doc.also_rules.size(); ++i) out += (i == 0 ? " also=" : ",") + doc.also_rules[i];
  if (doc.verdicts_only) out += " golden=verdicts";
  out += "\n# update: " + (doc.update_hint.empty() ? "tracecheck run " + doc.case_name + " --accept" : doc.update_hint) +
         "\n";

  out += "\n[outcome]\n";
  out += "exit_status: " + std::to_string(doc.outcome.exit_status) + "\n";
  out += "exception: " + doc.outcome.exception.value_or("none") + "\n";

  for (const ProfileSection& p : doc.profiles) {
    if (doc.verdicts_only) {
      out += verdict_section(p);
      continue;
    }
    out += "\n[diagnostics " + p.profile + "]\n";
    out += "errors: " + std::to_string(p.errors) + ", warnings: " + std::to_string(p.warnings) + "\n";
    std::vector<DiagnosticLine> lines = p.diagnostics;
    std::sort(lines.begin(), lines.end(), [](const DiagnosticLine& a, const DiagnosticLine& b) {
      return std::tie(a.file, a.line, a.rule, a.record_kind, a.severity) <
             std::tie(b.file, b.line, b.rule, b.record_kind, b.severity);
    });
    // Sorted, so identical lines are adjacent: each run becomes one line.
    for (size_t i = 0; i < lines.size();) {
      std::string text = diagnostic_text(lines[i]);
      size_t n = 1;
      while (i + n < lines.size() && diagnostic_text(lines[i + n]) == text) ++n;
      out += text;
      if (n > 1) out += " (x" + std::to_string(n) + ")";
      out += "\n";
      i += n;
    }
  }

  if (doc.facts_json) {
    out += "\n[facts]\n";
    out += *doc.facts_json;
    if (!out.ends_with('\n')) out += '\n';
  }

  if (doc.verdicts_only) return out;
  for (const TraceSection& t : doc.traces) {
    out += "\n[trace " + t.label + "]\n";
    out += t.text;
    if (!t.text.empty() && !out.ends_with('\n')) out += '\n';
  }
  return out;
}

namespace {

std::string_view next_line(std::string_view text, size_t& pos) {
  size_t end = text.find('\n', pos);
  if (end == std::string_view::npos) end = text.size();
  std::string_view line = text.substr(pos, end - pos);
  pos = end < text.size() ? end + 1 : end;
  return line;
}

bool is_v1_field(std::string_view line) {
  return line.starts_with("case: ") || line.starts_with("emitter: ") || line.starts_with("rules: ");
}

}  // namespace

std::optional<GoldenHeader> parse_golden_header(std::string_view text) {
  size_t pos = 0;
  std::string_view first = next_line(text, pos);
  constexpr std::string_view kPrefix = "# tracecheck golden v";
  if (!first.starts_with(kPrefix)) return std::nullopt;
  GoldenHeader h;
  std::string_view rest = first.substr(kPrefix.size());
  size_t digits = 0;
  while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
  if (digits == 0) return std::nullopt;
  // A version no int holds is no header we wrote (std::stoi would throw).
  if (std::from_chars(rest.data(), rest.data() + digits, h.version).ec != std::errc()) return std::nullopt;
  rest = rest.substr(digits);
  if (h.version == 1) {
    while (pos < text.size()) {
      std::string_view line = next_line(text, pos);
      if (!is_v1_field(line)) break;
      std::string value(line.substr(line.find(": ") + 2));
      if (line.starts_with("case: "))
        h.case_name = value;
      else if (line.starts_with("emitter: "))
        h.emitter = value;
      else
        h.rules = value;
    }
    return h;
  }
  // " key=value" fields, in any order.
  size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && rest[i] == ' ') ++i;
    size_t end = rest.find(' ', i);
    if (end == std::string_view::npos) end = rest.size();
    std::string_view field = rest.substr(i, end - i);
    i = end;
    size_t eq = field.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view key = field.substr(0, eq), value = field.substr(eq + 1);
    if (key == "case")
      h.case_name = value;
    else if (key == "emitter")
      h.emitter = value;
    else if (key == "also")
      h.also = value;
    else if (key == "rules") {
      size_t at = value.find('@');
      h.rules = value.substr(0, at);
      if (at != std::string_view::npos) h.rules_fingerprint = value.substr(at + 1);
    }
  }
  return h;
}

std::string_view golden_body(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t start = pos;
    std::string_view line = next_line(text, pos);
    if (!(line.starts_with("#") || is_v1_field(line))) return text.substr(start);
  }
  return text.substr(pos);
}

}  // namespace tc::golden
