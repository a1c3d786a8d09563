#include "schema/ecma_regex.h"

#include <fmt/format.h>

namespace tc::schema {
namespace {

// ECMA-262 WhiteSpace and LineTerminator code points, as RE2 class items.
constexpr std::string_view kEcmaSpace =
    "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}"
    "\\x{3000}\\x{FEFF}";
constexpr std::string_view kEcmaDot = "[^\\n\\r\\x{2028}\\x{2029}]";

bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

unsigned hex4(std::string_view p, size_t at) {
  return static_cast<unsigned>(std::stoul(std::string(p.substr(at, 4)), nullptr, 16));
}

bool hex4_at(std::string_view p, size_t at) {
  if (at + 4 > p.size()) return false;
  for (size_t k = 0; k < 4; ++k)
    if (!is_hex(p[at + k])) return false;
  return true;
}

}  // namespace

std::optional<std::string> translate_ecma_regex(std::string_view p, std::string& error) {
  std::string out;
  out.reserve(p.size() + 16);
  bool in_class = false;
  auto fail = [&](std::string_view what) -> std::optional<std::string> {
    error = fmt::format(
        "pattern \"{}\" uses {}, which RE2 cannot express (RE2 matches in linear time "
        "and has no lookaround or backreferences)",
        p, what);
    return std::nullopt;
  };
  for (size_t i = 0; i < p.size(); ++i) {
    char c = p[i];
    if (c == '\\') {
      if (i + 1 >= p.size()) {
        out += "\\\\";  // RE2 rejects a trailing backslash too; let it say so
        continue;
      }
      char n = p[++i];
      if (n >= '1' && n <= '9' && !in_class) return fail("a backreference (\\" + std::string(1, n) + ")");
      if (n == 'k' && i + 1 < p.size() && p[i + 1] == '<') return fail("a named backreference (\\k<...>)");
      if (n == 's') {
        out += in_class ? std::string(kEcmaSpace) : "[" + std::string(kEcmaSpace) + "]";
      } else if (n == 'S' && !in_class) {
        out += "[^" + std::string(kEcmaSpace) + "]";
      } else if (n == 'u' && hex4_at(p, i + 1)) {
        unsigned cp = hex4(p, i + 1);
        i += 4;
        // A surrogate pair written as two escapes is one code point.
        if (cp >= 0xD800 && cp <= 0xDBFF && p.substr(i + 1, 2) == "\\u" && hex4_at(p, i + 3)) {
          unsigned lo = hex4(p, i + 3);
          if (lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            i += 6;
          }
        }
        out += fmt::format("\\x{{{:X}}}", cp);
      } else if (n == 'c' && i + 1 < p.size() &&
                 ((p[i + 1] >= 'a' && p[i + 1] <= 'z') || (p[i + 1] >= 'A' && p[i + 1] <= 'Z'))) {
        out += fmt::format("\\x{{{:X}}}", static_cast<unsigned>(p[i + 1]) % 32);
        ++i;
      } else if (n == '0' && (i + 1 >= p.size() || p[i + 1] < '0' || p[i + 1] > '9')) {
        out += "\\x{0}";
      } else if (n == '/') {
        out += '/';
      } else {
        out += '\\';
        out += n;
      }
      continue;
    }
    if (in_class) {
      if (c == ']') in_class = false;
      out += c;
      continue;
    }
    if (c == '[') {
      if (p.substr(i, 3) == "[^]") {
        out += "[\\x{0}-\\x{10FFFF}]";
        i += 2;
      } else if (p.substr(i, 2) == "[]") {
        out += "[^\\x{0}-\\x{10FFFF}]";
        i += 1;
      } else {
        in_class = true;
        out += c;
        // A ']' right after '[' or '[^' is literal in RE2 but closes an empty class in ECMA;
        // the empty forms are handled above, so copy a leading '^' as is.
        if (i + 1 < p.size() && p[i + 1] == '^') {
          out += '^';
          ++i;
        }
      }
      continue;
    }
    if (c == '.') {
      out += kEcmaDot;
      continue;
    }
    if (c == '(' && p.substr(i, 3) == "(?=") return fail("lookahead (?=...)");
    if (c == '(' && p.substr(i, 3) == "(?!") return fail("negative lookahead (?!...)");
    if (c == '(' && p.substr(i, 4) == "(?<=") return fail("lookbehind (?<=...)");
    if (c == '(' && p.substr(i, 4) == "(?<!") return fail("negative lookbehind (?<!...)");
    if (c == '(' && p.substr(i, 3) == "(?<") {
      out += "(?P<";
      i += 2;
      continue;
    }
    out += c;
  }
  return out;
}

std::unique_ptr<RE2> compile_ecma_regex(std::string_view pattern, std::string& error) {
  std::optional<std::string> translated = translate_ecma_regex(pattern, error);
  if (!translated) return nullptr;
  RE2::Options options;
  options.set_encoding(RE2::Options::EncodingUTF8);
  options.set_log_errors(false);
  options.set_max_mem(int64_t{64} << 20);
  auto re = std::make_unique<RE2>(*translated, options);
  if (!re->ok()) {
    error = fmt::format("pattern \"{}\" is not a regular expression RE2 accepts: {}", pattern, re->error());
    return nullptr;
  }
  return re;
}

}  // namespace tc::schema
