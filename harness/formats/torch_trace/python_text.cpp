#include "formats/torch_trace/python_text.h"

#include <cstdint>

namespace tc::formats::torch_trace {
namespace {

constexpr char32_t kInvalid = 0xFFFFFFFF;

struct CodePoint {
  char32_t value;
  size_t length;  // bytes, >= 1
};

// Decodes the UTF-8 sequence at text[pos]. Overlong forms, surrogates,
// values above U+10FFFF and truncated sequences decode as one invalid byte,
// so that scanning always advances and never skips a valid character.
CodePoint decode(std::string_view text, size_t pos) {
  const auto byte = [&](size_t i) { return static_cast<uint8_t>(text[pos + i]); };
  const uint8_t b0 = byte(0);
  if (b0 < 0x80) return {b0, 1};
  size_t need;
  char32_t cp;
  char32_t min;
  if ((b0 & 0xE0) == 0xC0) {
    need = 1, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    need = 2, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    need = 3, cp = b0 & 0x07, min = 0x10000;
  } else {
    return {kInvalid, 1};
  }
  if (pos + need >= text.size()) return {kInvalid, 1};  // truncated
  for (size_t i = 1; i <= need; ++i) {
    const uint8_t b = byte(i);
    if ((b & 0xC0) != 0x80) return {kInvalid, 1};
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {kInvalid, 1};
  return {cp, need + 1};
}

}  // namespace

bool is_python_space(char32_t c) {
  if (c <= 0x20) return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
  switch (c) {
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029:
    case 0x202F: case 0x205F: case 0x3000:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

bool is_python_line_break(char32_t c) {
  switch (c) {
    case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x1C: case 0x1D: case 0x1E:
    case 0x85: case 0x2028: case 0x2029:
      return true;
    default:
      return false;
  }
}

std::vector<std::string_view> python_splitlines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    const CodePoint c = decode(text, pos);
    if (!is_python_line_break(c.value)) {
      pos += c.length;
      continue;
    }
    lines.push_back(text.substr(start, pos - start));
    pos += c.length;
    if (c.value == '\r' && pos < text.size() && text[pos] == '\n') ++pos;  // \r\n is one boundary
    start = pos;
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

std::string_view python_rstrip(std::string_view text) {
  size_t end = 0;  // end of the last non-space character
  for (size_t pos = 0; pos < text.size();) {
    const CodePoint c = decode(text, pos);
    pos += c.length;
    if (!is_python_space(c.value)) end = pos;
  }
  return text.substr(0, end);
}

std::string_view python_strip(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    const CodePoint c = decode(text, pos);
    if (!is_python_space(c.value)) break;
    pos += c.length;
  }
  return python_rstrip(text.substr(pos));
}

void append_rstripped_lines(std::string_view text, std::string& out) {
  bool first = true;
  for (std::string_view line : python_splitlines(text)) {
    if (!first) out += '\n';
    first = false;
    out += python_rstrip(line);
  }
}

}  // namespace tc::formats::torch_trace
