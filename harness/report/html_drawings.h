// The page script that draws a capture's canonical sections
// (report/case_views.h drawings) in the HTML report's case view:
// - "compile_tree" and "node_tree": nested lists, marks as classes
//   (mark-fail red, mark-break, mark-recompile, mark-restart), a node's
//   detail on hover and in the detail box when clicked;
// - "timeline": an SVG per Chrome trace, one lane per thread under its
//   process, each event a box as wide as the leaves below it (canonical
//   order, the axis is event order), zoomed with the +/- buttons or the
//   mouse wheel; a click shows the event's args.
//
// Contract: defines drawTraces(box, drawings), which appends the drawings
// to `box`; it builds DOM and SVG nodes only (no innerHTML), so a label
// cannot inject markup. Uses el() from the page prelude (html_page.h).
#pragma once

namespace tc::report {

extern const char* const kDrawingScript;

}  // namespace tc::report
