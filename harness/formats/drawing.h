// A section of canonical text drawn for a person: the HTML report draws a
// capture as a tree of labelled nodes (formats/format.h Format::draw).
//
// Styles, each a way its users already picture the trace:
// - "compile_tree": TORCH_TRACE as tlparse's index shows it, frame ->
//   compile id -> records;
// - "timeline": a Chrome trace's canonical tree per process and thread, laid
//   out left to right in canonical order (timestamps are scrubbed, so the
//   axis is event order, each leaf one step);
// - "node_tree": an execution trace's node tree.
//
// Contract: a drawing holds at most the node budget it was given; the nodes
// past it are counted in not_drawn, never silently dropped. Marks say what a
// node is beside its label: "fail" (a compile that failed, a node outside
// the tree), "break" (a graph break), "recompile", "restart".
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tc::formats {

struct DrawnNode {
  std::string label;
  std::string mark;    // "", "fail", "break", "recompile", "restart"
  std::string detail;  // lines shown on demand (an event's args, a node's schema)
  std::vector<DrawnNode> children;
};

struct Drawing {
  std::string section;  // the canonical section's label
  std::string style;    // "compile_tree", "timeline", "node_tree"
  std::vector<DrawnNode> roots;
  size_t not_drawn = 0;  // nodes past the budget
};

// How one line of an indented text is drawn: a node, or (nullopt) a detail
// line of the node above it.
using LineToNode = std::function<std::optional<DrawnNode>(std::string_view body)>;

// The tree of a text indented two spaces a level: a line's node is the
// child of the nearest node above it indented less. Lines before any node
// and detail lines past kMaxDetailBytes are dropped; at most `budget` nodes.
std::vector<DrawnNode> indented_tree(const std::vector<std::string>& lines, size_t budget, const LineToNode& to_node,
                                     size_t* not_drawn);

// The nodes of a drawing, all levels.
size_t count_nodes(const std::vector<DrawnNode>& nodes);

inline constexpr size_t kMaxDetailBytes = 600;

}  // namespace tc::formats
