// The canonical text of one execution trace: the node tree by ctrl_deps
// (parent in 1.0.1) with each node's name, op_schema and input/output types
// and shapes. Values, ids, timestamps and pids are left out: tensor ids come
// from a counter shared with node ids and change with any extra op.
//
// Contract: nodes are numbered #1.. in order of appearance in the file (the
// writer's order: ops are written at exit) and children are listed in that
// order, so renumbering ids changes nothing while reparenting a node or
// changing a shape or type does. Nodes no root reaches (a missing parent, a
// cycle) are listed after the tree under "(unreachable)".
#pragma once

#include <string>
#include <vector>

#include "formats/execution_trace/node.h"
#include "formats/execution_trace/reader.h"

namespace tc::formats::execution_trace {

std::string render_execution_trace(const EtHeader& header, const std::vector<EtNode>& nodes);

}  // namespace tc::formats::execution_trace
