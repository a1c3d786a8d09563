// The trace lines findings point at, cut around the column, for pages a
// person reads (check --html, the HTML report's case view): a page shows the
// line beside the finding, so it works without the trace at hand.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tc::report {

struct TracePlace {
  std::string file;
  uint64_t line = 0;
  uint64_t column = 0;  // 1-based; 0 = the line's start
};

struct Excerpt {
  TracePlace at;
  std::string text;  // at most kExcerptBytes of the line, around the column
  size_t mark = 0;   // the column's offset in text
};

inline constexpr size_t kExcerptBytes = 240;

inline std::string place_key(const TracePlace& p) {
  return p.file + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

// One excerpt per place whose file can be read (plain or .gz) and has that
// line, in the order of `places`; unreadable files and stdin give none. Each
// file is read once, up to its last wanted line.
std::vector<Excerpt> read_excerpts(const std::vector<TracePlace>& places);

// The places of compiler-style finding lines ("FILE:LINE:COL: error[rule]:
// ..."), at most `max`, in order, each place once.
std::vector<TracePlace> places_in_findings(const std::string& findings_text, size_t max);

}  // namespace tc::report
