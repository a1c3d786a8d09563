
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
