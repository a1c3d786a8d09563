// A diff of two golden texts aligned by record, for goldens too large to read
// as a line diff.
//
// Each [trace ...] section is cut into records by the format whose text it
// holds (formats/format.h Record: a TORCH_TRACE record is a JSON line and
// the payload lines after it, keyed by its kind, "artifact:<name>" for
// artifacts, and its compile id); a record's key is its kind, name and scope.
// The n-th record with a key in the golden is paired
// with the n-th one with that key in the actual text, so an inserted record
// shows as one added record, not as a shifted tail. Output, per changed
// section:
//   [trace log]
//   record 17 (describe_tensor, 0/1): size changed from [1000, 1000] to [10, 10]
//   record 18 (artifact:fx_graph_cache_hit, 0/1): added
//   record 9 (inductor_output_code, 0/0): payload changed (3 of 40 lines)
// Other sections differ as a short unified diff of that section alone; the
// header lines are not compared (golden_check.h reports a header change).
//
// Contract: "" when the bodies are equal; output bounded like unified_diff
// (max_lines, then "... N more diff lines not shown"); paths in a record are
// relative to its kind's object when the change lies inside it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "formats/format.h"
#include "golden/lines.h"
#include "golden/unified_diff.h"

namespace tc::golden {

std::string record_diff(std::string_view golden, std::string_view actual, const DiffOptions& options = {});

struct GoldenSection {
  std::string name;  // "outcome", "diagnostics default", "trace log", ...
  std::vector<std::string> lines;
};

std::vector<GoldenSection> split_sections(std::string_view text);

// The records of a section named "trace LABEL" (formats/registry/registry.h
// split_section); "name (kind:name, scope)" is how diffs name one.
std::vector<formats::Record> trace_records(const GoldenSection& section);
std::string record_name(const formats::Record& r);

// "unified" -> the bounded unified diff; anything else -> record_diff.
std::string golden_diff(std::string_view golden, std::string_view actual, std::string_view golden_name,
                        std::string_view diff_mode, const DiffOptions& options = {});

}  // namespace tc::golden
