#include "json/key.h"

#include "io/utf8.h"

namespace tc::json {

std::string unescape_json_key(std::string_view raw) {
  std::string out;
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c != '\\' || i + 1 >= raw.size()) {
      out += c;
      continue;
    }
    char e = raw[++i];
    switch (e) {
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        auto hex4 = [&](size_t at, uint32_t& v) {
          if (at + 4 > raw.size()) return false;
          v = 0;
          for (size_t k = at; k < at + 4; ++k) {
            char h = raw[k];
            v <<= 4;
            if (h >= '0' && h <= '9')
              v |= h - '0';
            else if (h >= 'a' && h <= 'f')
              v |= h - 'a' + 10;
            else if (h >= 'A' && h <= 'F')
              v |= h - 'A' + 10;
            else
              return false;
          }
          return true;
        };
        uint32_t cp = 0;
        if (!hex4(i + 1, cp)) {
          out += "\\u";
          break;
        }
        i += 4;
        uint32_t lo = 0;
        if (cp >= 0xD800 && cp < 0xDC00 && i + 2 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u' &&
            hex4(i + 3, lo) && lo >= 0xDC00 && lo < 0xE000) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          i += 6;
        }
        io::append_utf8(out, cp);
        break;
      }
      default:
        out += e;
        break;  // '"', '\\', '/' and anything else as itself
    }
  }
  return out;
}

}  // namespace tc::json
