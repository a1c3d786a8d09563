#include "cli/check_page.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "diag/rule_doc.h"
#include "formats/registry/registry.h"
#include "html/assets.h"
#include "html/page.h"
#include "report/excerpts.h"

namespace tc::cli {

std::string render_check_page(const std::vector<CheckVerdict>& verdicts, const std::vector<diag::Diagnostic>& findings,
                              const std::string& profile) {
  const size_t shown_count = std::min(findings.size(), kMaxPageFindings);
  const std::vector<diag::Diagnostic> shown(findings.begin(), findings.begin() + static_cast<ptrdiff_t>(shown_count));
  std::vector<report::TracePlace> places;
  for (const diag::Diagnostic& d : shown) places.push_back({d.location.file, d.location.line, d.location.column});
  std::map<std::string, const report::Excerpt*> excerpt_at;  // "file:line:column" -> its excerpt
  const std::vector<report::Excerpt> excerpts = report::read_excerpts(places);
  for (const report::Excerpt& e : excerpts) excerpt_at[report::place_key(e.at)] = &e;
  nlohmann::ordered_json v = nlohmann::ordered_json::array();
  for (const CheckVerdict& c : verdicts)
    v.push_back({{"format", c.format}, {"profile", c.profile}, {"failed", c.failed}, {"errors", c.errors},
                 {"warnings", c.warnings}});
  nlohmann::ordered_json f = nlohmann::ordered_json::array();
  std::set<std::string> rule_ids;
  for (const diag::Diagnostic& d : shown) {
    nlohmann::ordered_json item = {{"file", d.location.file},   {"line", d.location.line},
                                   {"column", d.location.column}, {"severity", diag::severity_name(d.severity)},
                                   {"rule", d.rule},             {"message", d.message},
                                   {"pointer", d.pointer}};
    if (auto e = excerpt_at.find(report::place_key({d.location.file, d.location.line, d.location.column}));
        e != excerpt_at.end()) {
      item["excerpt"] = e->second->text;
      item["mark"] = e->second->mark;
    }
    rule_ids.insert(d.rule);
    f.push_back(std::move(item));
  }
  nlohmann::ordered_json rules = nlohmann::ordered_json::object();
  for (const std::string& id : rule_ids)
    if (std::string text = diag::rule_doc_text(formats::registry::catalog(), id); !text.empty()) rules[id] = text;
  nlohmann::ordered_json data = {{"profile", profile},
                                 {"verdicts", v},
                                 {"findings", f},
                                 {"not_shown", findings.size() - shown_count},
                                 {"rules", rules}};
  return html::page("tracecheck check",
                   "<header><h1>tracecheck check</h1></header>\n<main><h3>Verdicts</h3><div id=\"verdict-box\"></div>"
                   "<h3>Findings (" + profile + ")</h3><div id=\"findings\"></div></main>\n",
                   data.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), html::kCheckPageScript);
}

}  // namespace tc::cli
