#include "report/html_report.h"

#include <re2/re2.h>

#include <nlohmann/json.hpp>
#include <filesystem>
#include <set>

#include "case/case_loader.h"
#include "diag/rule_doc.h"
#include "formats/registry/registry.h"
#include "report/baseline.h"
#include "html/assets.h"
#include "html/page.h"

namespace tc::report {
namespace {

// The rule ids the findings name ("file:1:2: error[ct-bare-array]: ...").
std::set<std::string> rules_named(const std::vector<CaseResult>& cases) {
  static const RE2 finding(R"(: (?:error|warning)\[([a-z0-9-]+)\]:)");
  std::set<std::string> out;
  for (const CaseResult& c : cases) {
    re2::StringPiece text(c.diagnostics);
    std::string id;
    while (RE2::FindAndConsume(&text, finding, &id)) out.insert(id);
  }
  return out;
}

// `text` with every path below `root` written relative to it: a page
// shows where the golden and the evidence are, not the machine's folders.
std::string relative_to(std::string text, const std::string& root) {
  if (root.empty()) return text;
  const std::string prefix = root.back() == '/' ? root : root + "/";
  for (size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at))
    text.erase(at, prefix.size());
  return text;
}

std::string page_data(const RunReport& report, const HtmlContext& context) {
  const HtmlDrift& drift = context.drift;
  // The cases as the JSON report has them (one shape for both), with the
  // paths they show relative to the project.
  nlohmann::ordered_json cases = nlohmann::ordered_json::parse(report.to_json())["cases"];
  for (nlohmann::ordered_json& c : cases) {
    for (const char* key : {"golden_file", "pending_file"})
      if (c.contains(key) && c[key].is_string())
        c[key] = relative_to(c[key].get<std::string>(), context.project_root);
    if (c.contains("evidence") && c["evidence"].is_array())
      for (nlohmann::ordered_json& e : c["evidence"])
        if (e.is_string()) e = relative_to(e.get<std::string>(), context.project_root);
  }
  nlohmann::ordered_json rules = nlohmann::ordered_json::object();
  for (const std::string& id : rules_named(report.cases())) {
    std::string text = diag::rule_doc_text(formats::registry::catalog(), id);
    if (!text.empty()) rules[id] = text;
  }
  nlohmann::ordered_json drift_cases = nlohmann::ordered_json::array();
  for (const golden::CaseDrift& d : drift.cases)
    drift_cases.push_back({{"case", d.case_name}, {"presence", d.presence}, {"drifted", d.drifted()},
                           {"text", golden::describe_drift(d)}});
  nlohmann::ordered_json drift_json = {{"from", drift.from}, {"to", drift.to}, {"cases", drift_cases}};
  nlohmann::ordered_json gpu = nlohmann::ordered_json::array();
  for (const GpuCase& g : context.gpu_cases) gpu.push_back({{"case", g.name}, {"reason", g.reason}});
  return nlohmann::ordered_json{{"cases", cases}, {"rules", rules}, {"drift", drift_json}, {"gpu_cases", gpu}}.dump(
      -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}




}  // namespace

HtmlContext default_html_context(const std::string& golden_root, const std::string& cases_root,
                                 const std::vector<std::string>& drift_emitters) {
  HtmlContext context;
  std::error_code ec;
  std::filesystem::path root = std::filesystem::absolute(golden_root, ec).lexically_normal();
  if (!ec && !root.has_filename()) root = root.parent_path();  // "golden/" names the folder too
  if (!ec) context.project_root = root.parent_path().string();
  std::vector<std::string> pair = drift_emitters.size() == 2 ? drift_emitters : newest_torch_pair(golden_root);
  if (pair.size() == 2) {
    context.drift.from = pair[0];
    context.drift.to = pair[1];
    context.drift.cases = golden::drift(golden_root, pair[0], pair[1]);
  }
  for (const std::string& name : cases::list_case_names(cases_root)) {
    std::string error;
    std::optional<cases::Case> c = cases::load_case_by_name(cases_root, name, error);
    if (!c) continue;
    for (const cases::Requirement& r : c->requires_)
      if (r.feature == "cuda") context.gpu_cases.push_back({name, r.reason});
  }
  return context;
}

std::string render_html_report(const RunReport& report, const HtmlContext& context) {
  return html::page("tracecheck conformance report",
                   "<header><h1>tracecheck conformance report</h1><div id=\"totals\"></div></header>\n"
                   "<div id=\"filters\"><label><input type=\"checkbox\" id=\"only-failures\"> failures only</label>"
                   "<label>group <select id=\"group\"><option value=\"\">all</option></select></label>"
                   "<label>emitter <select id=\"emitter\"><option value=\"\">all</option></select></label></div>\n"
                   "<main><div id=\"matrix-box\"></div><section id=\"case-view\"><p>Pick a cell of the matrix."
                   "</p></section><section id=\"drift-box\"></section></main>\n",
                   page_data(report, context), std::string(html::kDrawingScript) + std::string(html::kReportPageScript));
}

}  // namespace tc::report
