// The torch_trace format as the registry (formats/registry/registry.cpp) lists it:
// its detection, reader, checks, scrubber and canonical text, defined in
// formats/torch_trace/format.cpp.
#pragma once

#include "formats/format.h"

namespace tc::formats::torch_trace {

Format torch_trace_format();

}  // namespace tc::formats::torch_trace
