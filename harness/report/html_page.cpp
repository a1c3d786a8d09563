#include "report/html_page.h"

namespace tc::report {
namespace {

constexpr const char* kStyle = R"CSS(
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fafafa; }
header { padding: 12px 20px; background: #24292f; color: #fff; }
header h1 { font-size: 18px; margin: 0 0 4px 0; }
#totals span { margin-right: 14px; }
#filters { padding: 10px 20px; border-bottom: 1px solid #ddd; background: #fff; }
#filters label { margin-right: 16px; }
main { padding: 12px 20px; }
#matrix-box { overflow: auto; max-height: 45vh; border: 1px solid #ddd; }
table.matrix { border-collapse: collapse; background: #fff; }
table.matrix th, table.matrix td { border: 1px solid #ddd; padding: 3px 8px; white-space: nowrap; }
table.matrix th { position: sticky; top: 0; background: #f0f0f0; font-weight: 600; }
td.case-name { font-family: ui-monospace, monospace; font-size: 12px; }
td.cell { text-align: center; cursor: pointer; font-size: 12px; }
td.pass, td.accepted { background: #dafbe1; }
td.fail, td.pending { background: #ffd7d5; font-weight: 600; }
td.skip { background: #eef0f2; color: #57606a; }
td.error { background: #ffebc2; }
td.none { color: #bbb; cursor: default; }
td.selected { outline: 2px solid #0969da; }
#case-view { margin-top: 12px; background: #fff; border: 1px solid #ddd; padding: 12px 16px; }
#case-view h2 { font-size: 16px; margin: 0 0 8px 0; font-family: ui-monospace, monospace; }
pre { background: #f6f8fa; padding: 8px; overflow: auto; font-size: 12px; white-space: pre; }
.finding { font-family: ui-monospace, monospace; font-size: 12px; overflow-wrap: anywhere; }
.finding.error summary { color: #cf222e; }
.finding.warning summary { color: #9a6700; }
.rule-doc { white-space: pre-wrap; color: #57606a; margin: 4px 0 8px 16px; }
.diff .add { background: #dafbe1; display: block; }
.diff .del { background: #ffd7d5; display: block; }
.diff .chg { background: #fff8c5; display: block; }
.status-pass { color: #1a7f37; } .status-fail { color: #cf222e; }
table.verdicts { border-collapse: collapse; background: #fff; margin-bottom: 12px; }
table.verdicts td, table.verdicts th { border: 1px solid #ddd; padding: 3px 10px; }
td.verdict-pass { background: #dafbe1; } td.verdict-fail { background: #ffd7d5; font-weight: 600; }
.excerpt { margin: 2px 0 10px 16px; }
.excerpt mark { background: #ffd33d; }
td.gpu { color: #8250df; font-style: italic; }
table.side-by-side { border-collapse: collapse; width: 100%; table-layout: fixed; font: 12px ui-monospace, monospace; }
table.side-by-side th, table.side-by-side td { border: 1px solid #e5e5e5; padding: 2px 6px; vertical-align: top;
  overflow-wrap: anywhere; white-space: pre-wrap; }
table.side-by-side th { background: #f0f0f0; text-align: left; }
tr.add td.new, tr.chg td.new { background: #e6ffec; } tr.del td.old, tr.chg td.old { background: #ffebe9; }
tr.ctx td { background: #f6f8fa; color: #57606a; }
td.old mark.changed { background: #ff8182; } td.new mark.changed { background: #4ac26b; }
ul.tree { list-style: none; margin: 0; padding-left: 18px; font: 12px ui-monospace, monospace; }
.node-label { cursor: pointer; } .node-count { color: #888; }
.mark-fail > .node-label, .mark-fail > details > summary > .node-label { color: #cf222e; font-weight: 600; }
.mark-break > .node-label, .mark-break > details > summary > .node-label { color: #bc4c00; }
.mark-recompile > .node-label, .mark-recompile > details > summary > .node-label { color: #8250df; }
.mark-restart > .node-label, .mark-restart > details > summary > .node-label { color: #0550ae; }
.drawing { margin-bottom: 14px; }
.timeline-scroll { overflow-x: auto; border: 1px solid #ddd; background: #fff; }
svg.timeline text { font: 10px ui-monospace, monospace; pointer-events: none; }
svg.timeline text.lane-title { font-weight: 600; fill: #24292f; }
svg.timeline g.ev { cursor: pointer; }
.zoom button { min-width: 28px; margin-right: 4px; }
.node-detail pre { white-space: pre-wrap; }
)CSS";

// Every page's script starts with `data` (the JSON block), `el(tag, attrs,
// text)`, which builds an element with text set as text, never as HTML, and
// `excerptBlock(text, mark)`, a trace line with the byte at `mark` marked.
constexpr const char* kPrelude = R"JS("use strict";
const data = JSON.parse(document.getElementById("report-data").textContent);
const el = (tag, attrs, text) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};
function excerptBlock(text, mark) {
  const pre = el("pre", {"class": "excerpt"});
  const at = Math.max(0, Math.min(text.length, mark));
  pre.appendChild(document.createTextNode(text.slice(0, at)));
  pre.appendChild(el("mark", {}, text.slice(at, at + 1) || " "));
  pre.appendChild(document.createTextNode(text.slice(at + 1)));
  return pre;
}
)JS";

}  // namespace

std::string html_page(std::string_view title, std::string_view body, const std::string& data_json,
                      std::string_view script) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>";
  out += title;
  out += "</title>\n<style>";
  out += kStyle;
  out += "</style></head><body>\n";
  out += body;
  out += "<script type=\"application/json\" id=\"report-data\">";
  out.reserve(out.size() + data_json.size() + script.size() + 64);
  for (size_t i = 0; i < data_json.size(); ++i) {
    if (data_json[i] == '<' && i + 1 < data_json.size() && data_json[i + 1] == '/') {
      out += "<\\/";
      ++i;
    } else {
      out += data_json[i];
    }
  }
  out += "</script>\n<script>";
  out += kPrelude;
  out += script;
  out += "</script>\n</body></html>\n";
  return out;
}

}  // namespace tc::report
