

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
  const gpuReason = new Map((data.gpu_cases || []).map(g => [g.case, g.reason]));
  for (const name of caseNames) {
    if (group && name.split("/")[0] !== group) continue;
    const results = cols.map(e => byKey.get(name + "\u0000" + e));
    if (onlyFail && !results.some(r => r && failing(r.status))) continue;
    const row = el("tr", {"data-case": name});
    row.appendChild(el("td", {"class": "case-name"}, name));
    cols.forEach((e, i) => {
      const r = results[i];
      if (!r) {
        // A GPU case with goldens from a GPU machine only: the torch emitters
        // without a capture of it say so.
        const gpu = gpuReason.get(name);
        row.appendChild(gpu !== undefined && e.startsWith("torch-")
          ? el("td", {"class": "cell none gpu", "data-case": name, "data-emitter": e, title: gpu}, "GPU: no golden")
          : el("td", {"class": "cell none", title: "no golden for " + e}, "-"));
        return;
      }
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
  // Cases that need a GPU and have no result: shown under the torch emitters
  // as such, so a missing capture reads as missing, not as absent.
  for (const g of data.gpu_cases || []) {
    if (caseNames.includes(g.case) || (group && g.case.split("/")[0] !== group) || onlyFail) continue;
    const row = el("tr", {"data-case": g.case, "class": "gpu-case"});
    row.appendChild(el("td", {"class": "case-name"}, g.case));
    for (const e of cols)
      row.appendChild(e.startsWith("torch-")
        ? el("td", {"class": "cell none gpu", "data-case": g.case, "data-emitter": e, title: g.reason}, "GPU: no golden")
        : el("td", {"class": "cell none"}, "-"));
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

function renderFindings(box, text, excerpts) {
  const excerptAt = new Map((excerpts || []).map(e => [e.file + ":" + e.line + ":" + e.column, e]));
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
    const m = line.match(/^(.+?):(\d+):(\d+): (error|warning)\[([a-z0-9-]+)\]:/);
    const target = profile || box;
    if (!m) { target.appendChild(el("div", {"class": "finding-note"}, line)); continue; }
    const d = el("details", {"class": "finding " + m[4], "data-rule": m[5]});
    d.appendChild(el("summary", {}, line));
    const e = excerptAt.get(m[1] + ":" + m[2] + ":" + m[3]);
    if (e) d.appendChild(excerptBlock(e.text, e.mark));
    d.appendChild(el("div", {"class": "rule-doc"}, data.rules[m[5]] || "(no explanation: unknown rule)"));
    target.appendChild(d);
  }
}

// The part of two lines that differs, by tokens: [common head, a's middle,
// b's middle, common tail].
function differingParts(a, b) {
  const split = s => s.split(/([\s,:{}\[\]"=()]+)/).filter(t => t !== "");
  const ta = split(a), tb = split(b);
  let head = 0;
  while (head < ta.length && head < tb.length && ta[head] === tb[head]) head++;
  let tail = 0;
  while (tail < ta.length - head && tail < tb.length - head && ta[ta.length - 1 - tail] === tb[tb.length - 1 - tail]) tail++;
  return [ta.slice(0, head).join(""), ta.slice(head, ta.length - tail).join(""), tb.slice(head, tb.length - tail).join(""),
          ta.slice(ta.length - tail).join("")];
}

function markedCell(cls, before, changed, after) {
  const td = el("td", {"class": cls});
  td.appendChild(document.createTextNode(before));
  if (changed) td.appendChild(el("mark", {"class": "changed"}, changed));
  td.appendChild(document.createTextNode(after));
  return td;
}

// The golden diff side by side: golden on the left, this run on the right;
// a changed field shows its old and new value with the difference marked,
// an added or removed record or line stands on its side alone.
function renderDiff(box, diff) {
  const table = el("table", {"class": "side-by-side", id: "diff"});
  const head = el("tr");
  head.append(el("th", {}, "golden"), el("th", {}, "this run"));
  table.appendChild(head);
  const lines = diff.split("\n").filter(l => l !== "");
  const pair = (a, b, key) => {
    const [pre, x, y, post] = differingParts(a, b);
    const tr = el("tr", {"class": "chg"});
    tr.append(markedCell("old", key + pre, x, post), markedCell("new", key + pre, y, post));
    table.appendChild(tr);
  };
  const alone = (text, side) => {
    const tr = el("tr", {"class": side === "new" ? "add" : "del"});
    tr.append(el("td", {"class": "old"}, side === "old" ? text : ""), el("td", {"class": "new"}, side === "new" ? text : ""));
    table.appendChild(tr);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const changed = line.match(/^(record \d+ \(.*?\): )(.*?) changed from (.*) to (.*)$/);
    if (changed) { pair(changed[3], changed[4], changed[1] + changed[2] + ": "); continue; }
    const rec = line.match(/^(record \d+ \(.*\)): (added|removed)$/);
    if (rec) { alone(rec[1], rec[2] === "added" ? "new" : "old"); continue; }
    if (/^-(?!--)/.test(line) || /^\+(?!\+\+)/.test(line)) {
      const dels = [], adds = [];
      while (i < lines.length && /^-(?!--)/.test(lines[i])) dels.push(lines[i++].slice(1));
      while (i < lines.length && /^\+(?!\+\+)/.test(lines[i])) adds.push(lines[i++].slice(1));
      i--;
      for (let k = 0; k < Math.max(dels.length, adds.length); k++) {
        if (k < dels.length && k < adds.length) pair(dels[k], adds[k], "");
        else if (k < dels.length) alone(dels[k], "old");
        else alone(adds[k], "new");
      }
      continue;
    }
    const tr = el("tr", {"class": "ctx"});
    tr.appendChild(el("td", {colspan: "2"}, line));
    table.appendChild(tr);
  }
  box.appendChild(table);
  const raw = el("details", {"class": "diff-text"});
  raw.appendChild(el("summary", {}, "as text"));
  raw.appendChild(el("pre", {}, diff));
  box.appendChild(raw);
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
  if (r.diagnostics) renderFindings(section(view, "Findings per profile", "findings"), r.diagnostics, r.excerpts);
  if (r.diff) renderDiff(section(view, "Golden diff (golden vs this run)", "diff-box"), r.diff);
  if (r.drawings) drawTraces(section(view, "The trace drawn", "drawings"), r.drawings);
  else if (r.status !== "skip") view.appendChild(el("p", {id: "no-drawing"}, "No trace drawn: a verdicts-only golden keeps no canonical text."));
  if (r.facts) section(view, "Facts", "facts").appendChild(el("pre", {}, r.facts));
  const times = el("p", {id: "case-times"}, "judged in " + r.seconds.toFixed(2) + " s (tracecheck " +
                   r.harness_seconds.toFixed(2) + " s, external parsers " + r.external_seconds.toFixed(2) + " s)" +
                   (r.workload_seconds ? "; workload " + r.workload_seconds.toFixed(2) + " s" : ""));
  view.appendChild(times);
  const where = el("ul", {"class": "where", id: "evidence"});
  for (const [what, path] of [["golden", r.golden_file], ["pending golden", r.pending_file]])
    if (path) where.appendChild(el("li", {}, what + ": " + path));
  for (const e of r.evidence || []) where.appendChild(el("li", {}, e));
  view.appendChild(where);
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
