// `tracecheck scrub` of a TORCH_TRACE log: each record through the rule set
// as it is read, so the output is byte for byte what PyTorch's structured
// trace test handler writes for the log (with torch_trace/pytorch_test).
// The Format's stream_scrub (formats/format.h holds the contract).
#pragma once

#include <string>

#include "formats/format.h"

namespace tc::formats::torch_trace {

StreamScrubResult stream_scrub_torch_trace(const StreamScrubRequest& request, std::string& error);

}  // namespace tc::formats::torch_trace
