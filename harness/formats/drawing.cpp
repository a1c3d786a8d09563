#include "formats/drawing.h"

namespace tc::formats {

std::vector<DrawnNode> indented_tree(const std::vector<std::string>& lines, size_t budget, const LineToNode& to_node,
                                     size_t* not_drawn) {
  std::vector<DrawnNode> roots;
  // The open nodes, outermost first, with their indents; a pointer stays
  // valid because a node's children vector only grows at its back while the
  // node is the innermost open one.
  std::vector<std::pair<size_t, DrawnNode*>> open;
  size_t drawn = 0, skipped = 0;
  bool skipping_details = false;
  for (const std::string& line : lines) {
    const size_t indent = std::min(line.find_first_not_of(' '), line.size());
    const std::string_view body = std::string_view(line).substr(indent);
    std::optional<DrawnNode> node = to_node(body);
    if (!node) {
      if (skipping_details || open.empty()) continue;
      std::string& detail = open.back().second->detail;
      if (detail.size() < kMaxDetailBytes) {
        if (!detail.empty()) detail += '\n';
        detail += body;
      }
      continue;
    }
    if (drawn >= budget) {
      ++skipped;
      skipping_details = true;
      continue;
    }
    skipping_details = false;
    while (!open.empty() && open.back().first >= indent) open.pop_back();
    std::vector<DrawnNode>& siblings = open.empty() ? roots : open.back().second->children;
    siblings.push_back(std::move(*node));
    open.emplace_back(indent, &siblings.back());
    ++drawn;
  }
  if (not_drawn) *not_drawn += skipped;
  return roots;
}

size_t count_nodes(const std::vector<DrawnNode>& nodes) {
  size_t n = nodes.size();
  for (const DrawnNode& d : nodes) n += count_nodes(d.children);
  return n;
}

}  // namespace tc::formats
