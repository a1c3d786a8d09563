// A finding about an input, and how it is printed.
//
// Text form, one line, compiler style:
//   FILE:LINE:COL: error[rule-id]: message (record-kind) at /json/pointer
//       hint: ...                     (second line, only when a hint exists)
// JSON form (--output json): one object per line with the same fields.
// LINE and COL are 1-based; COL counts bytes. A diagnostic about the whole
// file uses 1:1.
#pragma once

#include <cstdint>
#include <string>

namespace tc::diag {

enum class Severity : uint8_t { Off, Warning, Error };

const char* severity_name(Severity s);
bool parse_severity(std::string_view name, Severity& out);

struct Location {
  std::string file;
  uint64_t line = 1;
  uint64_t column = 1;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string rule;         // stable rule id, e.g. "tt-payload-md5"
  Location location;
  std::string message;
  std::string record_kind;  // e.g. "dynamo_start", "artifact:dynamo_error"
  std::string pointer;      // JSON pointer into the record, may be empty
  std::string hint;         // how to fix it, may be empty
  // The record also fails the format's JSON Schema here (whatever rule
  // names the fact): what predicts a schema validator's verdict. Not printed.
  bool breaks_schema = false;
  // The consumer profile that drops this record unread by design (HTA keeps
  // only rows with a cat and a dur): the finding is off for that profile and
  // does not raise `default` through it. Empty: every reader reads it.
  std::string unread_by;
};

// A finding with its fields in report()'s order; a caller sets what else it
// knows (breaks_schema) before reporting it.
Diagnostic make_diagnostic(std::string_view rule, Location loc, std::string message, std::string record_kind = {},
                           std::string pointer = {}, std::string hint = {});

std::string format_text(const Diagnostic& d);
std::string format_json(const Diagnostic& d);  // one line, no newline

}  // namespace tc::diag
