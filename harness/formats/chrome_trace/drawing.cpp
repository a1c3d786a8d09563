#include "formats/chrome_trace/drawing.h"

namespace tc::formats::chrome_trace {
namespace {

// Where the name after "PH CAT " ends: past its closing quote when quoted
// (a backslash escapes the next character), else at the next space.
size_t name_end(std::string_view s, size_t from) {
  if (from >= s.size()) return s.size();
  if (s[from] != '"') return std::min(s.find(' ', from), s.size());
  for (size_t i = from + 1; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '"') {
      return i + 1;
    }
  }
  return s.size();
}

std::optional<DrawnNode> event_node(std::string_view body) {
  if (body.starts_with("meta ")) return std::nullopt;
  DrawnNode node;
  if (body.starts_with("process ") || body.starts_with("thread ")) {
    node.label = std::string(body);
    return node;
  }
  const size_t phase_end = body.find(' ');
  const size_t cat_end = phase_end == std::string_view::npos ? phase_end : body.find(' ', phase_end + 1);
  if (cat_end == std::string_view::npos) {
    node.label = std::string(body);
    return node;
  }
  const size_t end = name_end(body, cat_end + 1);
  node.label = std::string(body.substr(0, end));
  if (end < body.size()) node.detail = std::string(body.substr(end + 1, kMaxDetailBytes));
  return node;
}

}  // namespace

Drawing chrome_trace_drawing(const std::vector<std::string>& lines, size_t budget) {
  Drawing d;
  d.style = "timeline";
  d.roots = indented_tree(lines, budget, event_node, &d.not_drawn);
  return d;
}

}  // namespace tc::formats::chrome_trace
