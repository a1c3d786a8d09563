#include "golden/lines.h"

namespace tc::golden {

std::vector<std::string_view> line_views(std::string_view text) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string_view> views = line_views(text);
  return {views.begin(), views.end()};
}

}  // namespace tc::golden
