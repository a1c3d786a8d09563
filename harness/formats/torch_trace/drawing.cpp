#include "formats/torch_trace/drawing.h"

#include <map>

#include "formats/torch_trace/records.h"

namespace tc::formats::torch_trace {
namespace {

std::string record_mark(const formats::Record& r) {
  if (r.kind == "artifact" && r.name == "dynamo_graph_break_reason") return "break";
  if (r.kind == "artifact" && (r.name.find("error") != std::string::npos || r.name.find("fail") != std::string::npos))
    return "fail";
  if (r.kind == "compilation_metrics" && r.line.find("\"fail_type\": \"") != std::string::npos) return "fail";
  return "";
}

// A mark rises to its compile id and frame: fail over break over the rest.
void raise_mark(std::string& mark, const std::string& child) {
  if (child == "fail" || (child == "break" && mark != "fail")) mark = child;
}

}  // namespace

Drawing torch_trace_drawing(const std::vector<std::string>& lines, size_t budget) {
  Drawing d;
  d.style = "compile_tree";
  std::map<std::string, size_t> frame_at;   // frame id -> index in roots
  std::map<std::string, size_t> compile_at;  // scope -> index in its frame's children
  size_t drawn = 0;
  for (const formats::Record& r : torch_trace_records(lines)) {
    if (r.kind == "?") continue;
    const size_t slash = r.scope.find('/');
    const std::string frame = r.scope == "-" || slash == std::string::npos ? "" : r.scope.substr(0, slash);
    const size_t needed = 1 + (frame_at.count(frame) ? 0 : 1) + (compile_at.count(r.scope) ? 0 : 1);
    if (drawn + needed > budget) {
      ++d.not_drawn;
      continue;
    }
    auto [f, new_frame] = frame_at.try_emplace(frame, d.roots.size());
    if (new_frame) d.roots.push_back({frame.empty() ? "(no compile id)" : "frame " + frame, "", "", {}});
    DrawnNode& frame_node = d.roots[f->second];
    DrawnNode* parent = &frame_node;
    if (!frame.empty()) {
      auto [c, new_compile] = compile_at.try_emplace(r.scope, frame_node.children.size());
      if (new_compile) {
        const std::string attempt_and_compile = r.scope.substr(slash + 1);
        std::string mark = attempt_and_compile.find('_') != std::string::npos ? "restart"
                           : !attempt_and_compile.starts_with("0") ? "recompile" : "";
        frame_node.children.push_back({"[" + r.scope + "]", mark, "", {}});
      }
      parent = &frame_node.children[c->second];
    }
    DrawnNode node{r.kind == "artifact" ? "artifact " + r.name : r.kind, record_mark(r), "", {}};
    if (!node.mark.empty()) {
      raise_mark(parent->mark, node.mark);
      if (node.mark == "fail") frame_node.mark = "fail";
    }
    node.detail = r.line.substr(0, kMaxDetailBytes);
    parent->children.push_back(std::move(node));
    drawn += needed;
  }
  return d;
}

}  // namespace tc::formats::torch_trace
