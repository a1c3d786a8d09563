#include "formats/execution_trace/drawing.h"

namespace tc::formats::execution_trace {

Drawing execution_trace_drawing(const std::vector<std::string>& lines, size_t budget) {
  Drawing d;
  d.style = "node_tree";
  d.roots = indented_tree(
      lines, budget,
      [](std::string_view body) -> std::optional<DrawnNode> {
        if (body.starts_with("#")) return DrawnNode{std::string(body), "", "", {}};
        if (body == "(missing parent)" || body == "(unreachable)") return DrawnNode{std::string(body), "fail", "", {}};
        return std::nullopt;  // "schema ...", "nodes N" before the tree; a node's detail lines
      },
      &d.not_drawn);
  return d;
}

}  // namespace tc::formats::execution_trace
