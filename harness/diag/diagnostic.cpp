#include "diag/diagnostic.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace tc::diag {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Off: return "off";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "?";
}

bool parse_severity(std::string_view name, Severity& out) {
  if (name == "off") out = Severity::Off;
  else if (name == "warning") out = Severity::Warning;
  else if (name == "error") out = Severity::Error;
  else return false;
  return true;
}

Diagnostic make_diagnostic(std::string_view rule, Location loc, std::string message, std::string record_kind,
                           std::string pointer, std::string hint) {
  Diagnostic d;
  d.rule = std::string(rule);
  d.location = std::move(loc);
  d.message = std::move(message);
  d.record_kind = std::move(record_kind);
  d.pointer = std::move(pointer);
  d.hint = std::move(hint);
  return d;
}

std::string format_text(const Diagnostic& d) {
  std::string out = fmt::format("{}:{}:{}: {}[{}]: {}", d.location.file, d.location.line,
                                d.location.column, severity_name(d.severity), d.rule, d.message);
  if (!d.record_kind.empty()) out += fmt::format(" ({})", d.record_kind);
  if (!d.pointer.empty()) out += fmt::format(" at {}", d.pointer);
  if (!d.hint.empty()) out += fmt::format("\n    hint: {}", d.hint);
  return out;
}

std::string format_json(const Diagnostic& d) {
  nlohmann::ordered_json j;
  j["file"] = d.location.file;
  j["line"] = d.location.line;
  j["column"] = d.location.column;
  j["severity"] = severity_name(d.severity);
  j["rule"] = d.rule;
  j["message"] = d.message;
  if (!d.record_kind.empty()) j["record_kind"] = d.record_kind;
  if (!d.pointer.empty()) j["pointer"] = d.pointer;
  if (!d.hint.empty()) j["hint"] = d.hint;
  // Inputs may hold invalid UTF-8; never let a report throw over it.
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace tc::diag
