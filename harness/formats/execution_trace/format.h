// The execution_trace format as the registry (formats/registry/registry.cpp) lists it:
// its detection, reader, checks, scrubber and canonical text, defined in
// formats/execution_trace/format.cpp.
#pragma once

#include "formats/format.h"

namespace tc::formats::execution_trace {

Format execution_trace_format();

}  // namespace tc::formats::execution_trace
