// The records of a TORCH_TRACE section of canonical text, for record-aligned
// golden diffs and drift (formats/format.h Record).
//
// Contract: a line that starts with "{" begins a record: its kind is the
// JSON object's first key, an artifact's name is its `name` (kind
// "artifact"), its scope the compile id "frame/compile" ("_attempt" when not
// 0) or "-" when it has none; a line that is not JSON is a record of kind
// "?". Any other line (a payload line) belongs to the record before it; one
// before every record starts a record of kind "?".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "formats/format.h"

namespace tc::formats::torch_trace {

std::vector<formats::Record> torch_trace_records(const std::vector<std::string>& lines);

// Whether a section label is one the TORCH_TRACE format gives its files:
// "log", "log_<i>", "rank_<N>" (with a file name when two files share a rank).
bool torch_trace_owns_section(std::string_view label);

}  // namespace tc::formats::torch_trace
