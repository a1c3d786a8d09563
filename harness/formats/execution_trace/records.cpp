#include "formats/execution_trace/records.h"

#include <string_view>

namespace tc::formats::execution_trace {

namespace {

// A node's name in a path: the process and thread roots by their role.
std::string path_name(const std::string& name) {
  if (name == "[pytorch|profiler|execution_trace|process]") return "process";
  if (name == "[pytorch|profiler|execution_trace|thread]") return "thread";
  return name;
}

}  // namespace

std::vector<Record> execution_trace_records(const std::vector<std::string>& lines) {
  std::vector<Record> out;
  std::vector<std::string> path;  // node names by depth: path[d] is the open node at depth d
  std::string group;              // "(unreachable)" or "(missing parent)" once one starts
  for (const std::string& line : lines) {
    size_t indent = line.find_first_not_of(' ');
    if (indent == std::string::npos) indent = line.size();
    std::string_view body = std::string_view(line).substr(indent);
    if (!body.empty() && body[0] == '#' && indent % 2 == 0) {
      const size_t depth = indent / 2;
      size_t sp = body.find(' ');
      std::string name = sp == std::string_view::npos ? std::string() : std::string(body.substr(sp + 1));
      path.resize(depth);
      Record r;
      r.kind = name.empty() ? "?" : name;
      r.scope = "-";
      r.line = line;
      r.name = group.empty() ? std::string() : group + " ";
      for (const std::string& p : path) r.name += p + " > ";
      r.name += path_name(name);
      path.push_back(path_name(name));
      out.push_back(std::move(r));
    } else if (indent > 0 && !out.empty() && out.back().kind != "?" && body.find(':') != std::string_view::npos &&
               out.back().line.find('#') + 2 == indent) {
      out.back().payload.push_back(line);  // a detail line of the node above
    } else {
      Record r;
      r.line = line;
      r.scope = "-";
      if (indent == 0 && (body.starts_with("schema ") || body.starts_with("nodes "))) {
        r.kind = std::string(body.substr(0, body.find(' ')));
        r.name = r.kind;
      } else if (indent == 0 && (body == "(unreachable)" || body == "(missing parent)")) {
        r.kind = "?";
        group = std::string(body);
        path.clear();
      } else {
        r.kind = "?";
      }
      out.push_back(std::move(r));
    }
  }
  return out;
}

}  // namespace tc::formats::execution_trace
