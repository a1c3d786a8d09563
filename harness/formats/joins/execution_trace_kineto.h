// Cross-format check of a capture that recorded an execution trace and a
// Kineto trace of the same window (PyTorch's test_execution_trace_with_kineto):
// the sorted rf_id attrs of every ET node other than the process and thread
// roots equal the sorted args["Record function id"] of the Kineto cpu_op and
// user_annotation events (-1 when an event has none, as the test reads it).
//
// Contract: one et-kineto-rf-id finding per id that is in one trace more
// often than in the other, naming the id and pointing at the ET node
// (/nodes/<i>) or the Kineto event (/traceEvents/<i>). The Kineto file is
// streamed (json::stream_json_array); false, with io_error set, when it
// cannot be read. A Kineto file that is not valid JSON is left to its own format's
// check: the join reports nothing then.
#pragma once

#include <string>
#include <vector>

#include "diag/reporter.h"
#include "json/array_stream.h"

namespace tc::formats::joins {

// One ET node that carries an rf_id, as the execution-trace format hands it
// over (the join knows no ET types, so neither format folder depends on the
// other, and this file depends on neither).
struct RecordFunctionSite {
  int64_t rf_id = 0;
  json::JsonPosition pos;  // where the node's object starts
  std::string pointer;   // "/nodes/<i>"
  std::string what;      // "node 17 (aten::add)"
};

bool check_kineto_join(const std::string& et_file, const std::vector<RecordFunctionSite>& et_sites,
                       const std::string& kineto_file, diag::Reporter& reporter, std::string& io_error);

}  // namespace tc::formats::joins
