// Drives the HTML pages html_report.sh made in a real browser (Debian's
// chromium, headless, through puppeteer-core): clicks cells, filters, zoom
// buttons and drift entries, and asserts on the rendered DOM. Fails on any
// console error or warning, uncaught exception, failed request or request
// for anything but the page itself. Screenshots (1280x800) go to OUT_DIR.
// Usage: node html_browser.cjs CHROMIUM PAGES_DIR OUT_DIR
"use strict";
const puppeteer = require("puppeteer-core");
const path = require("path");
const [chromium, pagesDir, outDir] = process.argv.slice(2);

const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };

async function open(browser, file) {
  const page = await browser.newPage();
  await page.setViewport({width: 1280, height: 800});
  const url = "file://" + path.join(pagesDir, file);
  const problems = [];
  page.on("console", m => { if (m.type() === "error" || m.type() === "warn") problems.push("console " + m.type() + ": " + m.text()); });
  page.on("pageerror", e => problems.push("uncaught: " + e.message));
  page.on("requestfailed", r => problems.push("failed request: " + r.url()));
  page.on("request", r => { if (r.url().split("#")[0] !== url) problems.push("request outside the page: " + r.url()); });
  await page.goto(url, {waitUntil: "load"});
  return {page, url, problems};
}

const count = (page, sel) => page.$$eval(sel, es => es.length);
const text = (page, sel) => page.$eval(sel, e => e.textContent).catch(() => null);
// A screenshot with `selector` (when given) scrolled to the top of the view.
async function shot(page, name, selector) {
  if (selector) await page.$eval(selector, e => e.scrollIntoView({block: "start"}));
  await page.screenshot({path: path.join(outDir, name + ".png")});
}
async function openCase(page, name, emitter) {
  await page.click(`td.cell[data-case="${name}"][data-emitter="${emitter}"]`);
  await page.waitForFunction(t => (document.getElementById("case-title") || {}).textContent === t, {timeout: 5000},
                             name + "  " + emitter);
}

async function report(browser) {
  const {page, problems} = await open(browser, "report.html");
  // The matrix, its totals and what it knows without a golden.
  check(await count(page, 'td.cell.pass[data-case="profiler/kineto_basic"][data-emitter="torch-2.6.0"]') === 1, "matrix: kineto_basic on torch-2.6.0 passes");
  check(await count(page, 'td.cell.pass[data-case="emitters/clang_time_trace"][data-emitter="clang-14"]') === 1, "matrix: clang_time_trace on clang-14 passes");
  check(/^\d+ pass$/.test(await text(page, "#total-pass") || ""), "totals: #total-pass");
  check(await count(page, 'td.cell[data-case="emitters/torch113_legacy_profiler"][data-emitter="torch-1.13.0"][data-known="1"]') === 1,
        "matrix: torch 1.13's legacy export has one known defect");
  check(await count(page, 'td.cell.gpu[data-case="profiler/cuda_kineto"][data-emitter="torch-2.6.0"]') === 1,
        "matrix: a CUDA case shows as GPU: no golden");
  await shot(page, "matrix");

  // Filters: one group, one emitter, failures only.
  const rows = await count(page, "#matrix tbody tr");
  await page.select("#group", "profiler");
  const profilerRows = await page.$$eval("#matrix tbody tr", rs => rs.map(r => r.dataset.case));
  check(profilerRows.length > 0 && profilerRows.length < rows && profilerRows.every(c => c.startsWith("profiler/")), "filter: group");
  await page.select("#group", "");
  await page.select("#emitter", "clang-14");
  check(await count(page, "#matrix thead th") === 2, "filter: one emitter leaves one column");
  await page.select("#emitter", "");
  await page.click("#only-failures");
  const failing = await count(page, "#matrix tbody tr");
  const failCells = await count(page, "td.cell.fail, td.cell.pending, td.cell.error");
  check(failing < rows && (failing === 0 || failCells > 0), "filter: failures only");
  await page.click("#only-failures");
  check(await count(page, "#matrix tbody tr") === rows, "filter: all rows again");

  // A case view: findings, their rule's explanation and the trace line.
  await openCase(page, "emitters/cmake_profiling", "cmake-3.25");
  check(await count(page, 'td.cell.selected[data-case="emitters/cmake_profiling"]') === 1, "case: its cell is selected");
  check(await count(page, 'details.finding.warning[data-rule="ct-bare-array"]') > 0, "case: the ct-bare-array finding");
  check((await text(page, 'details.finding[data-rule="ct-bare-array"] .rule-doc') || "").startsWith("ct-bare-array: "),
        "case: the rule's explanation");
  check(await count(page, 'details.finding[data-rule="ct-bare-array"] pre.excerpt mark') > 0, "case: the finding's trace excerpt");
  check(/workload \d/.test(await text(page, "#case-times") || ""), "case: the times, the workload's included");
  check(/raw capture: /.test(await text(page, "#evidence") || ""), "case: where the evidence lies");
  await shot(page, "case", "#case-view");

  // The traces drawn: the compile tree, the timeline, the node tree.
  await openCase(page, "structured/graph_breaks", "torch-2.6.0");
  check(await count(page, '.drawing[data-style="compile_tree"] li.mark-break') > 0, "compile tree: a graph break marked");
  await openCase(page, "structured/recompiles", "torch-2.6.0");
  check(await count(page, '.drawing[data-style="compile_tree"] li.mark-recompile') > 0, "compile tree: a recompile marked");
  await openCase(page, "structured/dynamo_error", "torch-2.6.0");
  check(await count(page, '.drawing[data-style="compile_tree"] li.mark-fail') > 0, "compile tree: a failed compile in red");
  await shot(page, "compile_tree", '.drawing[data-style="compile_tree"]');
  await openCase(page, "et/alone", "torch-2.6.0");
  const etNodes = await page.$$eval('.drawing[data-style="node_tree"] .node-label', ls => ls.map(l => l.textContent));
  check(etNodes.some(l => l.includes("aten::randn")), "node tree: aten::randn drawn");
  await openCase(page, "profiler/kineto_basic", "torch-2.6.0");
  const svg = '.drawing[data-style="timeline"] svg.timeline';
  check(await count(page, svg + " g.ev") > 10, "timeline: the events drawn");
  const width = await page.$eval(svg, s => Number(s.getAttribute("width")));
  await page.click('.drawing[data-style="timeline"] button.zoom-in');
  const zoomed = await page.$eval(svg, s => [s.dataset.scale, Number(s.getAttribute("width"))]);
  check(zoomed[0] === "2" && Math.abs(zoomed[1] - 2 * width) < 1, "timeline: + doubles the width");
  await page.click('.drawing[data-style="timeline"] button.zoom-reset');
  await page.$eval(svg + ' g.ev[data-label*="aten::mm"]', g => g.dispatchEvent(new MouseEvent("click", {bubbles: true})));
  check((await text(page, '.drawing[data-style="timeline"] .node-detail b') || "").includes("aten::mm"), "timeline: a click shows the event");
  await shot(page, "timeline", '.drawing[data-style="timeline"]');

  // The baseline run: its drift and its diff side by side.
  await openCase(page, "profiler/kineto_basic", "torch-2.14.1");
  check((await text(page, "#case-message") || "").includes("judged against torch-2.6.0"), "baseline: judged against torch-2.6.0");
  const added = await page.$$eval("#diff tr.add td.new", ts => ts.map(t => t.textContent));
  check(added.some(t => t.includes("meta host_name")), "diff: the added host_name record on the new side");
  await openCase(page, "profiler/ddp_collectives", "torch-2.14.1");
  const changed = await page.$$eval("#diff tr.chg", rs => rs.map(r => [...r.querySelectorAll("mark.changed")].map(m => m.textContent)));
  check(changed.some(marks => marks.length === 2 && marks[0] !== marks[1]),
        "diff: a changed line's differing part marked on both sides (c10d::allreduce_'s new arg)");
  await shot(page, "diff", "#diff-box");

  // The drift view: a case's records one click away.
  const drift = 'details.drift-case[data-drift-case="profiler/kineto_basic"]';
  check(((await text(page, "#drift-view")) || "").startsWith("Drift torch-2.11.0-cu130 -> torch-2.14.1"), "drift view: the two newest torch golden sets");
  await page.click(drift + " summary");
  check(await page.$eval(drift, d => d.open && d.querySelector("pre").textContent.includes("meta host_name")),
        "drift view: kineto_basic's host_name one click away");
  await shot(page, "drift", drift);
  return problems;
}

async function checkPage(browser, file, assertions) {
  const {page, problems} = await open(browser, file);
  for (const [selector, what] of assertions) check(await count(page, selector) > 0, file + ": " + what);
  await shot(page, path.basename(file, ".html"));
  return problems;
}

(async () => {
  const browser = await puppeteer.launch({executablePath: chromium, headless: true,
                                          args: ["--no-sandbox", "--disable-gpu", "--no-first-run"]});
  const problems = [];
  try {
    problems.push(...await report(browser));
    problems.push(...await checkPage(browser, "check_chrome.html", [
      ["#verdicts", "the verdict table"],
      ['tr[data-profile="hta"] td.verdict-fail', "hta fails the bare array"],
      ['details.finding.warning[data-rule="ct-bare-array"]', "the finding"],
      ["pre.excerpt mark", "the finding's trace excerpt"]]));
    problems.push(...await checkPage(browser, "check_tt.html", [
      ['tr[data-profile="tlparse-0.4.3"]', "tlparse's verdict"],
      ["details.finding.error", "an error finding"],
      ["pre.excerpt", "its trace excerpt"]]));
  } finally {
    await browser.close();
  }
  for (const p of problems) failures.push(p);
  if (failures.length) {
    for (const f of failures) console.log("FAIL: " + f);
    process.exit(1);
  }
  console.log("html pages: ok in chromium");
})().catch(e => { console.log("FAIL: " + (e && e.stack || e)); process.exit(1); });
