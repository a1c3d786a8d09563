// The chrome_trace format as the registry (formats/registry/registry.cpp) lists it:
// its detection, reader, checks, scrubber and canonical text, defined in
// formats/chrome_trace/format.cpp.
#pragma once

#include "formats/format.h"

namespace tc::formats::chrome_trace {

Format chrome_trace_format();

}  // namespace tc::formats::chrome_trace
