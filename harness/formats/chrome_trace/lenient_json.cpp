#include "formats/chrome_trace/lenient_json.h"

#include <cstdio>

namespace tc::formats::chrome_trace {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

LenientFault find_lenient_fault(std::string_view text, std::string& repaired) {
  LenientFault first;
  auto note = [&](LenientFault::Kind kind, size_t at, unsigned char ch) {
    if (first.kind == LenientFault::Kind::None) first = {kind, at, ch};
  };
  repaired.clear();
  repaired.reserve(text.size());
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\' && i + 1 < text.size()) {
        repaired += c;
        repaired += text[++i];
      } else if (c == '\n' || c == '\r' || c == '\t') {  // what Perfetto's tests import; not NUL and the rest
        note(LenientFault::Kind::RawControl, i, static_cast<unsigned char>(c));
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
        repaired += escaped;
      } else {
        if (c == '"') in_string = false;
        repaired += c;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == ',') {
      size_t next = i + 1;
      while (next < text.size() && is_space(text[next])) ++next;
      if (next < text.size() && (text[next] == '}' || text[next] == ']')) {
        note(LenientFault::Kind::TrailingComma, i, 0);
        continue;  // dropped from the repaired text
      }
    }
    repaired += c;
  }
  return first;
}

}  // namespace tc::formats::chrome_trace
