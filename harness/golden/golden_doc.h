// The golden document: the whole expected outcome of one case on one
// emitter, as a readable text (golden/<emitter>/<case>.txt).
//
//   # tracecheck golden v2 case=structured/example_fn emitter=torch-2.6.0 rules=torch_trace/pytorch_test@md5:<hex>
//   # update: tracecheck run structured/example_fn --accept
//
//   [outcome]                       exit status, expected exception or none
//   [diagnostics <profile>]         one per profile: "errors: E, warnings: W"
//                                   then one line per distinct finding (below)
//   [facts]                         the driver's facts as sorted, indented JSON
//                                   (section absent when it recorded none)
//   [trace <file>]                  the scrubbed, rendered trace of one file
//
// The first line records the golden format version, the case, the emitter
// and the rule set with its fingerprint (golden/rules_fingerprint.h), so a
// golden made under other rules is told apart from a plain difference. A case
// that reads several formats renders the others with their default rule sets;
// those are listed too, as " also=<set>@<fingerprint>[,...]" (et/with_kineto's
// Kineto section is rendered with chrome_trace/default).
//
// Diagnostic lines. A finding is named by what stays the same from one
// capture of the workload to the next:
//   "<severity> <rule> <record-kind> <file>:<line>"   line numbers stable
//   "<severity> <rule> <record-kind> <file>"          line numbers not stable
// The line number is kept only where the file's format places a record on
// the same line in every capture (formats::Format::stable_line_numbers:
// TORCH_TRACE logs); in a Chrome or execution trace it moves with the number
// of events before it, so there the finding is named by rule, record kind
// (its message's stable part, e.g. "ph=X") and file. The free-text message
// and the JSON pointer are never part of the line: they carry values and
// event indices. Lines are sorted by file, line, rule, kind, severity, and
// identical lines are collapsed into one with " (xN)" appended (N >= 2), so
// the count of findings of each kind stays in the golden. The document
// carries the choice (DiagnosticLine::line empty or not: report/evaluate.cpp
// asks the file's format); render_golden() only prints it. The format
// version stays 2: the section syntax did not change, only what a line says.
//
// Verdicts-only goldens (GoldenDoc::verdicts_only; a case's "golden":
// "verdicts", case/case.h). For an emitter whose trace content depends on
// timing (Chromium's startup trace), neither the trace nor the count or place
// of findings repeats from one capture to the next, so the golden keeps only
//   [outcome]                       as above
//   [verdict <profile>]             "verdict: pass" (no error under that
//                                   profile) or "verdict: fail", then each
//                                   distinct "<severity> <rule>" pair found,
//                                   sorted, once (no counts, kinds or files)
//   [facts]                         as above
// and no [trace] section; the header line ends with " golden=verdicts". Two
// captures whose findings differ in number, place or record kind but not in
// their set of (severity, rule) pairs give the same golden; a new rule id, a
// rule changing severity or a verdict changing changes it.
//
// Contract: render_golden() is a pure function of the document, so two runs
// that capture the same trace give byte-identical goldens. Nothing that
// depends on the machine (paths, tool availability, timings, the external
// parsers' results) is part of the document: external parsers are reported
// beside it (report/), never inside, so machines with and without tlparse
// share one golden.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tc::golden {

struct Outcome {
  int exit_status = 0;
  std::optional<std::string> exception;  // "module.Name" the driver expected and caught
};

struct DiagnosticLine {
  std::string severity;  // "error" | "warning"
  std::string rule;
  std::string record_kind;  // "-" when the finding is about no record
  std::string file;         // the trace section label it points into
  // 1-based line in that file; none where the file's format has no stable
  // line numbers (see "Diagnostic lines" above).
  std::optional<uint64_t> line;
};

struct ProfileSection {
  std::string profile;  // canonical profile name
  uint64_t errors = 0;
  uint64_t warnings = 0;
  std::vector<DiagnosticLine> diagnostics;  // sorted by render_golden()
};

struct TraceSection {
  std::string label;  // e.g. "rank_0", or "log" for a single rank-less file
  std::string text;   // rendered scrubbed records, one or more lines each
};

struct GoldenDoc {
  std::string case_name;
  std::string emitter;
  std::string rules;
  std::string rules_fingerprint;  // "md5:<hex>", "" when unknown
  std::vector<std::string> also_rules;  // "<set>@<fingerprint>" of the other formats' sets
  std::string update_hint;              // the "# update:" line's text; default "tracecheck run <case> --accept"
  Outcome outcome;
  std::vector<ProfileSection> profiles;
  std::optional<std::string> facts_json;  // already canonical (sorted keys)
  std::vector<TraceSection> traces;  // not rendered when verdicts_only
  bool verdicts_only = false;         // see "Verdicts-only goldens" above
};

inline constexpr int kGoldenFormatVersion = 2;

std::string render_golden(const GoldenDoc& doc);

// What the header of a golden text says. Version 1 goldens (a "-- update"
// first line, then case:/emitter:/rules: lines) parse with no fingerprint.
struct GoldenHeader {
  int version = 0;
  std::string case_name, emitter, rules, rules_fingerprint;
  std::string also;  // the "also=" field as written, "" when absent
};
std::optional<GoldenHeader> parse_golden_header(std::string_view text);

// The text without its header lines (the leading '#' comment lines and the
// version 1 case:/emitter:/rules: lines): what two goldens are compared on
// when their headers differ.
std::string_view golden_body(std::string_view text);

}  // namespace tc::golden
