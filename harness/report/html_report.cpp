#include "report/html_report.h"

#include <re2/re2.h>

#include <nlohmann/json.hpp>
#include <set>

#include "diag/rule_doc.h"
#include "formats/registry/registry.h"
#include "report/baseline.h"
#include "report/html_page.h"

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

std::string page_data(const RunReport& report, const HtmlDrift& drift) {
  // The cases as the JSON report has them (one shape for both).
  nlohmann::ordered_json cases = nlohmann::ordered_json::parse(report.to_json())["cases"];
  nlohmann::ordered_json rules = nlohmann::ordered_json::object();
  for (const std::string& id : rules_named(report.cases())) {
    std::string text = diag::rule_doc_text(format::catalog(), id);
    if (!text.empty()) rules[id] = text;
  }
  nlohmann::ordered_json drift_cases = nlohmann::ordered_json::array();
  for (const golden::CaseDrift& d : drift.cases)
    drift_cases.push_back({{"case", d.case_name}, {"presence", d.presence}, {"drifted", d.drifted()},
                           {"text", golden::describe_drift(d)}});
  nlohmann::ordered_json drift_json = {{"from", drift.from}, {"to", drift.to}, {"cases", drift_cases}};
  return nlohmann::ordered_json{{"cases", cases}, {"rules", rules}, {"drift", drift_json}}.dump(
      -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}



constexpr const char* kReportPageScript = R"JS(
const byKey = new Map();
for (const c of data.cases) byKey.set(c.case + "\u0000" + c.emitter, c);
const caseNames = [...new Set(data.cases.map(c => c.case))].sort();
const emitterNum = e => (e.split("-")[1] || "").split(".").map(n => parseInt(n, 10) || 0);
const emitters = [...new Set(data.cases.map(c => c.emitter))].sort((a, b) => {
  const ta = a.split("-")[0], tb = b.split("-")[0];
  if (ta !== tb) return ta < tb ? -1 : 1;
  const na = emitterNum(a), nb = emitterNum(b);
  for (let i = 0; i < Math.max(na.length, nb.length); i++) if ((na[i] || 0) !== (nb[i] || 0)) return (na[i] || 0) - (nb[i] || 0);
  return 0;
});
const groups = [...new Set(caseNames.map(n => n.split("/")[0]))];
const failing = s => s === "fail" || s === "pending" || s === "error";

function totals() {
  const t = {};
  for (const c of data.cases) t[c.status] = (t[c.status] || 0) + 1;
  const box = document.getElementById("totals");
  box.replaceChildren(el("span", {id: "total-cases"}, data.cases.length + " results"));
  for (const s of ["pass", "accepted", "fail", "pending", "skip", "error"])
    if (t[s]) box.appendChild(el("span", {"class": "status-" + s, id: "total-" + s}, t[s] + " " + s));
}

function setupFilters() {
  const g = document.getElementById("group"), e = document.getElementById("emitter");
  for (const x of groups) g.appendChild(el("option", {value: x}, x));
  for (const x of emitters) e.appendChild(el("option", {value: x}, x));
  for (const id of ["only-failures", "group", "emitter"]) document.getElementById(id).addEventListener("change", renderMatrix);
}

function renderMatrix() {
  const onlyFail = document.getElementById("only-failures").checked;
  const group = document.getElementById("group").value, emitter = document.getElementById("emitter").value;
  const cols = emitters.filter(e => !emitter || e === emitter);
  const table = el("table", {"class": "matrix", id: "matrix"});
  const head = el("tr");
  head.appendChild(el("th", {}, "case"));
  for (const e of cols) head.appendChild(el("th", {"data-emitter": e}, e));
  table.appendChild(el("thead")).appendChild(head);
  const body = table.appendChild(el("tbody"));
  for (const name of caseNames) {
    if (group && name.split("/")[0] !== group) continue;
    const results = cols.map(e => byKey.get(name + "\u0000" + e));
    if (onlyFail && !results.some(r => r && failing(r.status))) continue;
    const row = el("tr", {"data-case": name});
    row.appendChild(el("td", {"class": "case-name"}, name));
    cols.forEach((e, i) => {
      const r = results[i];
      if (!r) { row.appendChild(el("td", {"class": "cell none", title: "no golden for " + e}, "-")); return; }
      // Known defects: the errors its golden holds under default (a pass
      // that still has them is not a clean pass).
      const known = ((r.diagnostics || "").match(/^== profile default: (\d+) error/m) || [])[1] | 0;
      const text = r.status + (known ? " \u00b7 " + known + " known" : "");
      const td = el("td", {"class": "cell " + r.status, "data-case": name, "data-emitter": e, "data-known": String(known),
                           title: r.message || r.golden_status || r.status}, text);
      td.addEventListener("click", () => { location.hash = "case=" + encodeURIComponent(name) + "&emitter=" + encodeURIComponent(e); });
      row.appendChild(td);
    });
    body.appendChild(row);
  }
  document.getElementById("matrix-box").replaceChildren(table);
  markSelected();
}

function section(view, title, id) {
  view.appendChild(el("h3", {}, title));
  const box = el("div", {id: id});
  view.appendChild(box);
  return box;
}

function renderFindings(box, text) {
  let profile = null;
  for (const line of text.split("\n")) {
    if (!line) continue;
    const head = line.match(/^== profile (\S+): (.*)$/);
    if (head) {
      profile = el("div", {"class": "profile", "data-profile": head[1]});
      profile.appendChild(el("h4", {}, head[1] + ": " + head[2]));
      box.appendChild(profile);
      continue;
    }
    const m = line.match(/: (error|warning)\[([a-z0-9-]+)\]:/);
    const target = profile || box;
    if (!m) { target.appendChild(el("div", {"class": "finding-note"}, line)); continue; }
    const d = el("details", {"class": "finding " + m[1], "data-rule": m[2]});
    d.appendChild(el("summary", {}, line));
    d.appendChild(el("div", {"class": "rule-doc"}, data.rules[m[2]] || "(no explanation: unknown rule)"));
    target.appendChild(d);
  }
}

function renderDiff(box, diff) {
  const pre = el("pre", {"class": "diff", id: "diff"});
  for (const line of diff.split("\n")) {
    const body = line.replace(/^\s*\|?\s?/, "");
    let cls = "";
    if (/^\+(?!\+\+)/.test(body) || /\): added$/.test(body)) cls = "add";
    else if (/^-(?!--)/.test(body) || /\): removed$/.test(body)) cls = "del";
    else if (/changed/.test(body)) cls = "chg";
    pre.appendChild(el("span", cls ? {"class": cls} : {}, line + "\n"));
  }
  box.appendChild(pre);
}

function openCase(name, emitter) {
  const view = document.getElementById("case-view");
  const r = byKey.get(name + "\u0000" + emitter);
  view.replaceChildren();
  if (!r) { view.appendChild(el("p", {}, "Pick a cell of the matrix.")); return; }
  view.appendChild(el("h2", {id: "case-title"}, r.case + "  " + r.emitter));
  view.appendChild(el("p", {id: "case-status", "class": "status-" + r.status},
                      r.status.toUpperCase() + " (" + r.mode + (r.golden_status ? ", golden: " + r.golden_status : "") + ")"));
  if (r.message) view.appendChild(el("pre", {id: "case-message"}, r.message));
  if (r.drift_from) section(view, "Drift from " + r.drift_from, "drift").appendChild(el("pre", {}, r.drift || "nothing moved"));
  if (r.diagnostics) renderFindings(section(view, "Findings per profile", "findings"), r.diagnostics);
  if (r.diff) renderDiff(section(view, "Golden diff (golden vs this run)", "diff-box"), r.diff);
  if (r.golden_file) view.appendChild(el("p", {"class": "where"}, "golden: " + r.golden_file));
  markSelected();
}

function markSelected() {
  const p = new URLSearchParams(location.hash.slice(1));
  for (const td of document.querySelectorAll("td.cell")) {
    const on = td.dataset.case === p.get("case") && td.dataset.emitter === p.get("emitter");
    td.classList.toggle("selected", on);
  }
}

function fromHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.get("case")) openCase(p.get("case"), p.get("emitter") || "");
}

function renderDrift() {
  const d = data.drift;
  if (!d || !d.from) return;
  const box = document.getElementById("drift-box");
  box.appendChild(el("h3", {id: "drift-view"}, "Drift " + d.from + " -> " + d.to + " (tracecheck drift)"));
  for (const c of d.cases) {
    const det = el("details", {"class": "drift-case", "data-drift-case": c.case});
    const first = c.presence !== "both" ? "golden only for " + (c.presence === "only_from" ? d.from : d.to)
                  : c.drifted ? (c.text.split("\n")[0] || "").trim() : "no drift";
    det.appendChild(el("summary", {}, c.case + ": " + first));
    if (c.text) det.appendChild(el("pre", {}, c.text));
    box.appendChild(det);
  }
}

totals();
setupFilters();
renderDrift();
renderMatrix();
window.addEventListener("hashchange", fromHash);
fromHash();
)JS";

}  // namespace

HtmlDrift default_html_drift(const std::string& golden_root) {
  HtmlDrift d;
  std::vector<std::string> pair = newest_torch_pair(golden_root);
  if (pair.size() != 2) return d;
  d.from = pair[0];
  d.to = pair[1];
  d.cases = golden::drift(golden_root, d.from, d.to);
  return d;
}

std::string render_html_report(const RunReport& report, const HtmlDrift& drift) {
  return html_page("tracecheck conformance report",
                   "<header><h1>tracecheck conformance report</h1><div id=\"totals\"></div></header>\n"
                   "<div id=\"filters\"><label><input type=\"checkbox\" id=\"only-failures\"> failures only</label>"
                   "<label>group <select id=\"group\"><option value=\"\">all</option></select></label>"
                   "<label>emitter <select id=\"emitter\"><option value=\"\">all</option></select></label></div>\n"
                   "<main><div id=\"matrix-box\"></div><section id=\"case-view\"><p>Pick a cell of the matrix."
                   "</p></section><section id=\"drift-box\"></section></main>\n",
                   page_data(report, drift), kReportPageScript);
}

}  // namespace tc::report
