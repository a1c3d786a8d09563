#include "runner/mounts.h"

#include <fstream>
#include <sstream>

namespace tc::runner {
namespace {

// mountinfo escapes space, tab, newline and backslash as \ooo.
std::string unescape(std::string_view field) {
  std::string out;
  for (size_t i = 0; i < field.size(); ++i) {
    if (field[i] == '\\' && i + 3 < field.size()) {
      auto octal = [](char c) { return c >= '0' && c <= '7'; };
      if (octal(field[i + 1]) && octal(field[i + 2]) && octal(field[i + 3])) {
        out.push_back(static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 +
                                        (field[i + 3] - '0')));
        i += 3;
        continue;
      }
    }
    out.push_back(field[i]);
  }
  return out;
}

bool is_at_or_below(std::string_view path, std::string_view dir) {
  if (dir == "/") return !path.empty() && path[0] == '/';
  if (path.size() < dir.size() || path.substr(0, dir.size()) != dir) return false;
  return path.size() == dir.size() || path[dir.size()] == '/';
}

}  // namespace

std::vector<std::string> parse_mount_points(std::string_view mountinfo) {
  std::vector<std::string> points;
  size_t start = 0;
  while (start < mountinfo.size()) {
    size_t end = mountinfo.find('\n', start);
    if (end == std::string_view::npos) end = mountinfo.size();
    std::string_view line = mountinfo.substr(start, end - start);
    start = end + 1;
    // Fields: id parent major:minor root mount-point ...
    size_t pos = 0;
    for (int field = 0; field < 4 && pos != std::string_view::npos; ++field) {
      pos = line.find(' ', pos);
      if (pos != std::string_view::npos) ++pos;
    }
    if (pos == std::string_view::npos || pos >= line.size()) continue;
    size_t stop = line.find(' ', pos);
    points.push_back(unescape(line.substr(pos, stop == std::string_view::npos ? stop : stop - pos)));
  }
  return points;
}

std::vector<std::string> mount_points_below(const std::filesystem::path& dir, std::string& error) {
  std::ifstream in("/proc/self/mountinfo");
  if (!in) {
    error = "cannot read /proc/self/mountinfo";
    return {};
  }
  std::stringstream text;
  text << in.rdbuf();
  std::error_code ec;
  std::string base = std::filesystem::weakly_canonical(dir, ec).string();
  if (ec) base = dir.lexically_normal().string();
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  std::vector<std::string> below;
  for (auto& point : parse_mount_points(text.str()))
    if (is_at_or_below(point, base)) below.push_back(std::move(point));
  return below;
}

}  // namespace tc::runner
