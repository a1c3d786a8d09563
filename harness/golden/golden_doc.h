// The golden document: the whole expected outcome of one case on one
// emitter, as a readable text (golden/<emitter>/<case>.txt).
//
//   # tracecheck golden v1 -- update: tracecheck run <case> --accept
//   case: structured/example_fn
//   emitter: torch-2.6.0
//   rules: torch_trace/pytorch_test
//
//   [outcome]                       exit status, expected exception or none
//   [diagnostics <profile>]         one per profile: "errors: E, warnings: W"
//                                   then "<severity> <rule> <record-kind> <file>:<line>"
//                                   sorted by file, line, rule, kind
//   [facts]                         the driver's facts as sorted, indented JSON
//                                   (section absent when it recorded none)
//   [trace <file>]                  the scrubbed, rendered trace of one file
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
#include <vector>

namespace tc::golden {

struct Outcome {
  int exit_status = 0;
  std::optional<std::string> exception;  // "module.Name" the driver expected and caught
};

struct DiagnosticLine {
  std::string severity;     // "error" | "warning"
  std::string rule;
  std::string record_kind;  // "-" when the finding is about no record
  std::string file;         // the trace section label it points into
  uint64_t line = 0;        // 1-based line in that file
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
  Outcome outcome;
  std::vector<ProfileSection> profiles;
  std::optional<std::string> facts_json;  // already canonical (sorted keys)
  std::vector<TraceSection> traces;
};

std::string render_golden(const GoldenDoc& doc);

}  // namespace tc::golden
