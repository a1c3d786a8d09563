// The records of an execution trace's canonical text (formats/
// execution_trace/canonical_text.h), for record-aligned golden diffs and
// drift (formats/format.h Record).
//
// Contract: "schema X" and "nodes N" are records of kinds "schema" and
// "nodes"; a node line ("#12 aten::mm", indented by depth) is a record of
// the node's name as its kind, named by its path of node names from its root
// ("[pytorch|profiler|execution_trace|process] > ... > aten::mm"), without
// the #numbers (they follow file order and shift with any op added), with
// the node's detail lines (schema:, in:, out:, kernel_backend:) as its
// payload; "(missing parent)" and "(unreachable)" start a group whose nodes
// are named under it. Any other line is kind "?".
#pragma once

#include <string>
#include <vector>

#include "formats/format.h"

namespace tc::formats::execution_trace {

std::vector<Record> execution_trace_records(const std::vector<std::string>& lines);

}  // namespace tc::formats::execution_trace
