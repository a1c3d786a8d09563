#include "diag/ci_output.h"

#include <map>
#include <nlohmann/json.hpp>

#include "diag/rule_catalog.h"
#include "diag/rule_doc.h"

namespace tc::diag {
namespace {

using ordered = nlohmann::ordered_json;

std::string escape_github(std::string_view text, bool property) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      case ':':
        out += property ? "%3A" : ":";
        break;
      case ',':
        out += property ? "%2C" : ",";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string full_message(const Diagnostic& d) {
  std::string m = d.message;
  if (!d.record_kind.empty()) m += " (" + d.record_kind + ")";
  if (!d.pointer.empty()) m += " at " + d.pointer;
  if (!d.hint.empty()) m += "\nhint: " + d.hint;
  return m;
}

}  // namespace

std::string format_sarif(const std::vector<Diagnostic>& findings, const Catalog& catalog) {
  std::map<std::string, size_t> rule_index;
  ordered rules = ordered::array();
  ordered results = ordered::array();
  for (const Diagnostic& d : findings) {
    auto [it, added] = rule_index.emplace(d.rule, rule_index.size());
    if (added) {
      ordered rule = {{"id", d.rule}};
      if (const Rule* r = catalog.find_rule(d.rule)) {
        rule["shortDescription"] = {{"text", std::string(r->summary)}};
        rule["fullDescription"] = {{"text", std::string(r->why)}};
      }
      rule["helpUri"] = std::string(kRuleDocPath) + "#" + rule_doc_anchor(d.rule);
      rules.push_back(std::move(rule));
    }
    ordered region = {{"startLine", d.location.line}, {"startColumn", d.location.column}};
    ordered location = {{"physicalLocation", {{"artifactLocation", {{"uri", d.location.file}}}, {"region", region}}}};
    ordered result = {{"ruleId", d.rule},
                      {"ruleIndex", it->second},
                      {"level", d.severity == Severity::Error ? "error" : "warning"},
                      {"message", {{"text", full_message(d)}}},
                      {"locations", ordered::array({location})}};
    if (!d.pointer.empty()) result["properties"] = {{"jsonPointer", d.pointer}, {"recordKind", d.record_kind}};
    results.push_back(std::move(result));
  }
  ordered driver = {{"name", "tracecheck"}, {"version", TRACECHECK_VERSION}, {"rules", rules}};
  ordered doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                 {"version", "2.1.0"},
                 {"runs", ordered::array({{{"tool", {{"driver", driver}}}, {"results", results}}})}};
  return doc.dump(1) + "\n";
}

std::string format_github(const Diagnostic& d) {
  std::string out = d.severity == Severity::Error ? "::error " : "::warning ";
  out += "file=" + escape_github(d.location.file, true) + ",line=" + std::to_string(d.location.line) +
         ",col=" + std::to_string(d.location.column) + ",title=" + escape_github(d.rule, true) + "::";
  out += escape_github(full_message(d), false);
  return out;
}

}  // namespace tc::diag
