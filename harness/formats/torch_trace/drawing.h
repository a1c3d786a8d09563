// A TORCH_TRACE section drawn as the compile tree tlparse's index shows
// (formats/drawing.h): a root per frame ("frame 0"), under it each compile
// id of the frame ("[0/1]") in order of first appearance, under that the
// compile id's records (its kind, or "artifact <name>"); records with no
// compile id go under one root, "(no compile id)".
//
// Marks: a compile id after the frame's first ("[0/1]") is a "recompile", a
// restarted attempt ("[0/0_1]") a "restart"; a dynamo_graph_break_reason
// artifact is a "break", and so is its compile id; an artifact named as an
// error or a failure (dynamo_error, make_fx_fail_partial) and a
// compilation_metrics record with a fail_type other than null are "fail",
// and so are their compile id and frame.
#pragma once

#include <string>
#include <vector>

#include "formats/drawing.h"

namespace tc::formats::torch_trace {

Drawing torch_trace_drawing(const std::vector<std::string>& lines, size_t budget);

}  // namespace tc::formats::torch_trace
