#include "runner/text_tail.h"

#include <fstream>

namespace tc::runner {

std::string last_lines(std::string_view text, size_t lines, size_t max_bytes) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  if (text.size() > max_bytes) {
    text = text.substr(text.size() - max_bytes);
    if (size_t nl = text.find('\n'); nl != std::string_view::npos) text = text.substr(nl + 1);
  }
  size_t start = text.size();
  for (size_t n = 0; n < lines && start > 0; ++n) {
    size_t nl = text.rfind('\n', start - 1);
    start = nl == std::string_view::npos ? 0 : nl;
    if (nl == std::string_view::npos) break;
  }
  if (start < text.size() && text[start] == '\n') ++start;
  return std::string(text.substr(start));
}

std::string file_tail(const std::filesystem::path& file, size_t lines, size_t max_bytes) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  std::streamoff want = static_cast<std::streamoff>(max_bytes) * 2;
  in.seekg(size > want ? size - want : 0);
  std::string text(static_cast<size_t>(size > want ? want : size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  return last_lines(text, lines, max_bytes);
}

}  // namespace tc::runner
