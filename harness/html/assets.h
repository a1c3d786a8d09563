// The style sheet and scripts of tracecheck's HTML pages, each a file of
// harness/html/assets/ embedded in the library at build time, byte for byte
// (harness/CMakeLists.txt, the tc_html_assets list).
//
// - kPageStyle (page.css): every page's style sheet.
// - kPagePrelude (prelude.js): every page's script starts with it. It defines
//   `data` (the page's JSON block), `el(tag, attrs, text)`, which builds an
//   element with text set as text, never as HTML, and `excerptBlock(text,
//   mark)`, a trace line with the byte at `mark` marked.
// - kDrawingScript (drawings.js): draws a capture's canonical sections
//   (report/case_views.h drawings) in the run report's case view:
//   "compile_tree" and "node_tree" as nested lists, marks as classes
//   (mark-fail red, mark-break, mark-recompile, mark-restart), a node's
//   detail on hover and in the detail box when clicked; "timeline" as an SVG
//   per Chrome trace, one lane per thread under its process, each event a box
//   as wide as the leaves below it (canonical order, the axis is event
//   order), zoomed with the +/- buttons or the mouse wheel, a click showing
//   the event's args. It defines drawTraces(box, drawings), which appends
//   the drawings to `box`, and builds DOM and SVG nodes only (no
//   innerHTML), so a label cannot inject markup.
// - kReportPageScript (report_page.js): the run report's page
//   (report/html_report.h).
// - kCheckPageScript (check_page.js): `check --html`'s page
//   (cli/check_page.h).
#pragma once

#include <string_view>

namespace tc::html {

extern const std::string_view kPageStyle;
extern const std::string_view kPagePrelude;
extern const std::string_view kDrawingScript;
extern const std::string_view kReportPageScript;
extern const std::string_view kCheckPageScript;

}  // namespace tc::html
