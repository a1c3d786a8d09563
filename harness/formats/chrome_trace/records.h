// The records of a Chrome trace's canonical text (formats/chrome_trace/
// canonical.h), for record-aligned golden diffs and drift (formats/format.h
// Record).
//
// Contract: every line is one record. "meta KEY=..." is kind "meta", named
// "meta KEY"; "process N ..." is kind "process", named by what follows its
// number (its name and labels); "  thread N.M ..." is kind "thread" in scope
// "N", named likewise; a deeper line is an event: kind "<ph> <cat>" ("X
// cpu_op"), scope its thread ("1.1"), named by its thread and its nesting
// path of event names ("thread 1.1: aten::mm > aten::resolve_conj"). Any
// other line is kind "?".
#pragma once

#include <string>
#include <vector>

#include "formats/format.h"

namespace tc::formats::chrome_trace {

std::vector<Record> chrome_trace_records(const std::vector<std::string>& lines);

}  // namespace tc::formats::chrome_trace
