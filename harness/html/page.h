// One self-contained HTML page: tracecheck's style sheet inline, the body,
// the page's data as a JSON block (id "report-data") and its script inline.
// No network, no external font: it opens from file:// and from a CI
// artifact store. Shared by the run report (report/html_report.h) and
// `check --html` (cli/check_page.h); the style sheet and the prelude are
// html/assets.h's.
//
// Contract: `data_json` is placed inside <script type="application/json">
// with every "</" written "<\/" (the same JSON string), so no value can end
// the element; `body` and `script` are trusted text of tracecheck's own;
// `script` runs after a prelude that defines `data` (the parsed block) and
// `el(tag, attrs, text)`.
#pragma once

#include <string>
#include <string_view>

namespace tc::html {

std::string page(std::string_view title, std::string_view body, const std::string& data_json,
                 std::string_view script);

}  // namespace tc::html
