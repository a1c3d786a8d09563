#include "json/python_dump.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace tc::json {

void python_float_repr(double d, std::string& out) {
  if (std::isnan(d)) {
    out += "NaN";
    return;
  }
  if (std::isinf(d)) {
    out += d < 0 ? "-Infinity" : "Infinity";
    return;
  }
  // Shortest round-trip digits, in scientific form: [-]d[.ddd]e[+-]XX.
  char sci[64];
  auto res = std::to_chars(sci, sci + sizeof sci, d, std::chars_format::scientific);
  std::string_view s(sci, res.ptr - sci);
  bool negative = s[0] == '-';
  if (negative) s.remove_prefix(1);
  size_t e = s.find('e');
  std::string digits;
  digits += s[0];
  if (e > 1) digits.append(s.substr(2, e - 2));  // skip "d."
  int exp10 = std::stoi(std::string(s.substr(e + 1)));
  // Python: decpt is the position of the decimal point after the first digit
  // counted from the left; repr uses fixed notation when -4 < decpt <= 16.
  int decpt = exp10 + 1;
  if (negative) out += '-';
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) {
      out += "0.";
      out.append(static_cast<size_t>(-decpt), '0');
      out += digits;
    } else if (static_cast<size_t>(decpt) >= digits.size()) {
      out += digits;
      out.append(static_cast<size_t>(decpt) - digits.size(), '0');
      out += ".0";
    } else {
      out.append(digits, 0, decpt);
      out += '.';
      out.append(digits, decpt, std::string::npos);
    }
    return;
  }
  out += digits[0];
  if (digits.size() > 1) {
    out += '.';
    out.append(digits, 1, std::string::npos);
  }
  char exp_buf[16];
  std::snprintf(exp_buf, sizeof exp_buf, "e%c%02d", exp10 < 0 ? '-' : '+', std::abs(exp10));
  out += exp_buf;
}

namespace {

void append_u_escape(unsigned code, std::string& out) {
  static const char hex[] = "0123456789abcdef";
  out += "\\u";
  out += hex[(code >> 12) & 0xF];
  out += hex[(code >> 8) & 0xF];
  out += hex[(code >> 4) & 0xF];
  out += hex[code & 0xF];
}

// Decodes one UTF-8 (or WTF-8, for lone surrogates) sequence at s[i];
// returns the code point and advances i. Invalid bytes decode as U+FFFD, as
// Python's surrogateescape would not apply to already-decoded text.
unsigned decode_utf8(std::string_view s, size_t& i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  auto cont = [&](size_t k) -> unsigned {
    if (i + k >= s.size()) return 0x100;
    unsigned char b = static_cast<unsigned char>(s[i + k]);
    return (b & 0xC0) == 0x80 ? (b & 0x3Fu) : 0x100;
  };
  if (c < 0x80) {
    ++i;
    return c;
  }
  if ((c & 0xE0) == 0xC0) {
    unsigned b1 = cont(1);
    if (b1 <= 0x3F) {
      i += 2;
      return ((c & 0x1Fu) << 6) | b1;
    }
  } else if ((c & 0xF0) == 0xE0) {
    unsigned b1 = cont(1), b2 = cont(2);
    if (b1 <= 0x3F && b2 <= 0x3F) {
      i += 3;
      return ((c & 0x0Fu) << 12) | (b1 << 6) | b2;
    }
  } else if ((c & 0xF8) == 0xF0) {
    unsigned b1 = cont(1), b2 = cont(2), b3 = cont(3);
    if (b1 <= 0x3F && b2 <= 0x3F && b3 <= 0x3F) {
      i += 4;
      return ((c & 0x07u) << 18) | (b1 << 12) | (b2 << 6) | b3;
    }
  }
  ++i;
  return 0xFFFD;
}

}  // namespace

void python_string_literal(std::string_view s, std::string& out) {
  out += '"';
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; ++i; continue;
      case '\\': out += "\\\\"; ++i; continue;
      case '\n': out += "\\n"; ++i; continue;
      case '\r': out += "\\r"; ++i; continue;
      case '\t': out += "\\t"; ++i; continue;
      case '\b': out += "\\b"; ++i; continue;
      case '\f': out += "\\f"; ++i; continue;
      default: break;
    }
    unsigned code = decode_utf8(s, i);
    if (code >= 0x10000) {
      code -= 0x10000;
      append_u_escape(0xD800 | (code >> 10), out);
      append_u_escape(0xDC00 | (code & 0x3FF), out);
    } else {
      append_u_escape(code, out);
    }
  }
  out += '"';
}

void python_dump(const Value& v, std::string& out) {
  switch (v.kind()) {
    case Kind::Null: out += "null"; return;
    case Kind::Bool: out += v.as_bool() ? "true" : "false"; return;
    case Kind::Integer: out += v.text(); return;
    case Kind::Float: python_float_repr(v.as_double(), out); return;
    case Kind::String: python_string_literal(v.text(), out); return;
    case Kind::Array: {
      out += '[';
      bool first = true;
      for (const auto& item : v.items()) {
        if (!first) out += ", ";
        first = false;
        python_dump(item, out);
      }
      out += ']';
      return;
    }
    case Kind::Object: {
      out += '{';
      bool first = true;
      for (const auto& [key, value] : v.members()) {
        if (!first) out += ", ";
        first = false;
        python_string_literal(key, out);
        out += ": ";
        python_dump(value, out);
      }
      out += '}';
      return;
    }
  }
}

std::string python_dump(const Value& v) {
  std::string out;
  python_dump(v, out);
  return out;
}

}  // namespace tc::json
