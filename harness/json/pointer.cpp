#include "json/pointer.h"

#include <charconv>

namespace tc::json::pointer {

void append_token(std::string& out, std::string_view token) {
  out.push_back('/');
  for (char c : token) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out.push_back(c);
  }
}

void append_index(std::string& out, size_t index) {
  out.push_back('/');
  out += std::to_string(index);
}

std::string escape_token(std::string_view token) {
  std::string out;
  append_token(out, token);
  return out.substr(1);
}

std::optional<std::vector<std::string>> parse(std::string_view p) {
  std::vector<std::string> tokens;
  if (p.empty()) return tokens;
  if (p[0] != '/') return std::nullopt;
  size_t i = 1;
  std::string token;
  while (true) {
    if (i == p.size() || p[i] == '/') {
      tokens.push_back(std::move(token));
      token.clear();
      if (i == p.size()) break;
      ++i;
      continue;
    }
    if (p[i] == '~') {
      if (i + 1 >= p.size() || (p[i + 1] != '0' && p[i + 1] != '1')) return std::nullopt;
      token.push_back(p[i + 1] == '0' ? '~' : '/');
      i += 2;
      continue;
    }
    token.push_back(p[i++]);
  }
  return tokens;
}

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out.push_back(text[i]);
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  return out;
}

std::optional<size_t> parse_index(std::string_view token) {
  if (token.empty() || (token.size() > 1 && token[0] == '0')) return std::nullopt;
  size_t value = 0;
  auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec != std::errc() || end != token.data() + token.size()) return std::nullopt;
  return value;
}

}  // namespace tc::json::pointer
