// An execution trace's canonical text drawn as its node tree
// (formats/drawing.h): each node "#12 aten::mm" under its parent, its
// detail lines (schema:, in:, out:) as its detail; the groups of nodes no
// root reaches, "(missing parent)" and "(unreachable)", marked "fail".
#pragma once

#include <string>
#include <vector>

#include "formats/drawing.h"

namespace tc::formats::execution_trace {

Drawing execution_trace_drawing(const std::vector<std::string>& lines, size_t budget);

}  // namespace tc::formats::execution_trace
