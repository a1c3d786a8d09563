#include "formats/execution_trace/canonical_text.h"

#include <unordered_map>
#include <utility>

namespace tc::formats::execution_trace {
namespace {


void append_io(std::string& out, const std::string& indent, const char* label, const EtIo& io) {
  if (io.type_names.empty() && io.shape_texts.empty()) return;
  out += indent + "  " + label + ":";
  size_t n = std::max(io.type_names.size(), io.shape_texts.size());
  for (size_t i = 0; i < n; ++i) {
    out += i ? ", " : " ";
    out += i < io.type_names.size() ? io.type_names[i] : "?";
    out += i < io.shape_texts.size() ? io.shape_texts[i] : "?";
  }
  out += '\n';
}

void append_node(std::string& out, const EtNode& node, size_t number, size_t depth) {
  std::string indent(depth * 2, ' ');
  out += indent + "#" + std::to_string(number) + " " + node.name + '\n';
  if (!node.op_schema.empty()) out += indent + "  schema: " + node.op_schema + '\n';
  if (!node.kernel_backend.empty()) out += indent + "  kernel_backend: " + node.kernel_backend + '\n';
  append_io(out, indent, "in", node.inputs);
  append_io(out, indent, "out", node.outputs);
}

}  // namespace

std::string render_execution_trace(const EtHeader& header, const std::vector<EtNode>& nodes) {
  std::string out = "schema " + (header.schema ? *header.schema : std::string("(none)")) + '\n';
  out += "nodes " + std::to_string(nodes.size()) + '\n';
  std::unordered_map<uint64_t, size_t> index_of;  // first node with each id
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].has_id) index_of.try_emplace(nodes[i].id, i);
  // children[i]: positions of i's children, in file order; roots: no usable parent.
  std::vector<std::vector<size_t>> children(nodes.size());
  std::vector<size_t> roots;
  std::vector<size_t> orphans;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const EtNode& n = nodes[i];
    bool self = n.has_id && n.has_parent && n.parent == n.id;
    auto it = n.has_parent ? index_of.find(n.parent) : index_of.end();
    if (self || (!n.has_parent && n.is_process_root())) {
      roots.push_back(i);
    } else if (it == index_of.end() || it->second == i) {
      orphans.push_back(i);
    } else {
      children[it->second].push_back(i);
    }
  }
  std::vector<bool> shown(nodes.size(), false);
  auto walk = [&](size_t start, size_t base_depth) {
    std::vector<std::pair<size_t, size_t>> stack{{start, base_depth}};  // iterative: traces can be deep
    while (!stack.empty()) {
      auto [i, depth] = stack.back();
      stack.pop_back();
      if (shown[i]) continue;
      shown[i] = true;
      append_node(out, nodes[i], i + 1, depth);
      for (auto c = children[i].rbegin(); c != children[i].rend(); ++c) stack.emplace_back(*c, depth + 1);
    }
  };
  for (size_t r : roots) walk(r, 0);
  if (!orphans.empty()) {
    out += "(missing parent)\n";
    for (size_t o : orphans) walk(o, 1);
  }
  bool header_done = false;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (shown[i]) continue;
    if (!header_done) out += "(unreachable)\n";
    header_done = true;
    walk(i, 1);
  }
  return out;
}

}  // namespace tc::formats::execution_trace
