#include "golden/diff_color.h"

#include <unistd.h>

#include <cstdlib>

namespace tc::golden {

bool use_color(std::string_view when) {
  if (when == "always") return true;
  if (when == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::string_view(term) == "dumb") return false;
  return ::isatty(STDOUT_FILENO) == 1;
}

std::string colorize_diff(std::string_view diff) {
  std::string out;
  size_t pos = 0;
  while (pos < diff.size()) {
    size_t end = diff.find('\n', pos);
    if (end == std::string_view::npos) end = diff.size();
    std::string_view line = diff.substr(pos, end - pos);
    const char* code = nullptr;
    if (line.starts_with("+++") || line.starts_with("---"))
      code = "1";
    else if (line.starts_with("+") || line.ends_with(": added"))
      code = "32";
    else if (line.starts_with("-") || line.ends_with(": removed"))
      code = "31";
    else if (line.starts_with("@@") || line.starts_with("["))
      code = "36";
    else if (line.starts_with("record "))
      code = "33";
    if (code)
      out += "\x1b[" + std::string(code) + "m" + std::string(line) + "\x1b[0m";
    else
      out += line;
    if (end < diff.size()) out += '\n';
    pos = end + 1;
  }
  return out;
}

}  // namespace tc::golden
