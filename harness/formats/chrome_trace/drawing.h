// A Chrome trace's canonical text drawn as a timeline (formats/drawing.h):
// processes, their threads, and each thread's events nested as the
// canonical tree nests them (time containment). An event's label is its
// phase, category and name; its kept args are its detail. The top-level
// "meta" lines are not drawn.
#pragma once

#include <string>
#include <vector>

#include "formats/drawing.h"

namespace tc::formats::chrome_trace {

Drawing chrome_trace_drawing(const std::vector<std::string>& lines, size_t budget);

}  // namespace tc::formats::chrome_trace
