#include "report/check_page.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "diag/rule_doc.h"
#include "formats/registry/registry.h"
#include "report/excerpts.h"
#include "report/html_page.h"

namespace tc::report {
namespace {

constexpr const char* kCheckPageScript = R"JS(
const table = el("table", {"class": "verdicts", id: "verdicts"});
const head = el("tr");
for (const h of ["format", "consumer", "verdict", "errors", "warnings"]) head.appendChild(el("th", {}, h));
table.appendChild(head);
for (const v of data.verdicts) {
  const tr = el("tr", {"data-profile": v.profile});
  tr.appendChild(el("td", {}, v.format || "-"));
  tr.appendChild(el("td", {}, v.profile));
  tr.appendChild(el("td", {"class": v.failed ? "verdict-fail" : "verdict-pass"}, v.failed ? "FAIL" : "pass"));
  tr.appendChild(el("td", {}, String(v.errors)));
  tr.appendChild(el("td", {}, String(v.warnings)));
  table.appendChild(tr);
}
document.getElementById("verdict-box").appendChild(table);
const list = document.getElementById("findings");
for (const f of data.findings) {
  const d = el("details", {"class": "finding " + f.severity, "data-rule": f.rule});
  d.appendChild(el("summary", {}, f.file + ":" + f.line + ":" + f.column + ": " + f.severity + "[" + f.rule + "]: " + f.message +
                   (f.pointer ? " at " + f.pointer : "")));
  d.appendChild(el("div", {"class": "rule-doc"}, data.rules[f.rule] || ""));
  d.open = true;
  list.appendChild(d);
  if (f.excerpt !== undefined) list.appendChild(excerptBlock(f.excerpt, f.mark));
}
if (data.not_shown) list.appendChild(el("p", {id: "not-shown"}, data.not_shown + " more findings not shown"));
)JS";

}  // namespace

std::string render_check_page(const std::vector<CheckVerdict>& verdicts, const std::vector<diag::Diagnostic>& findings,
                              const std::string& profile) {
  const size_t shown_count = std::min(findings.size(), kMaxPageFindings);
  const std::vector<diag::Diagnostic> shown(findings.begin(), findings.begin() + static_cast<ptrdiff_t>(shown_count));
  std::vector<TracePlace> places;
  for (const diag::Diagnostic& d : shown) places.push_back({d.location.file, d.location.line, d.location.column});
  std::map<std::string, const Excerpt*> excerpt_at;  // "file:line:column" -> its excerpt
  const std::vector<Excerpt> excerpts = read_excerpts(places);
  for (const Excerpt& e : excerpts) excerpt_at[place_key(e.at)] = &e;
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
    if (auto e = excerpt_at.find(place_key({d.location.file, d.location.line, d.location.column}));
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
  return html_page("tracecheck check",
                   "<header><h1>tracecheck check</h1></header>\n<main><h3>Verdicts</h3><div id=\"verdict-box\"></div>"
                   "<h3>Findings (" + profile + ")</h3><div id=\"findings\"></div></main>\n",
                   data.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), kCheckPageScript);
}

}  // namespace tc::report
