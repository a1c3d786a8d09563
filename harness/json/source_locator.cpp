#include "json/source_locator.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>

#include "io/utf8.h"
#include "json/pointer.h"

namespace tc::json {
namespace {

struct Trie {
  std::vector<size_t> ids;  // pointers that end here
  std::map<std::string, std::unique_ptr<Trie>, std::less<>> children;
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

class Scanner {
 public:
  Scanner(std::string_view text, std::vector<size_t>& out) : t_(text), out_(out) {}

  void value(size_t& i, const Trie& node, int depth) {
    skip_space(i);
    if (i >= t_.size()) return;
    for (size_t id : node.ids) out_[id] = i;
    if (node.children.empty() || depth > 4096) {
      skip_value(i);
      return;
    }
    if (t_[i] == '{') {
      ++i;
      std::string key;
      while (true) {
        skip_space(i);
        if (i >= t_.size() || t_[i] == '}') break;
        if (t_[i] == ',') {
          ++i;
          continue;
        }
        if (t_[i] != '"') return;
        size_t start = ++i;
        if (!skip_string_body(i)) return;
        key.clear();
        if (!unescape_json_string(t_.substr(start, i - 1 - start), key)) return;
        skip_space(i);
        if (i >= t_.size() || t_[i] != ':') return;
        ++i;
        auto child = node.children.find(key);
        if (child != node.children.end())
          value(i, *child->second, depth + 1);
        else
          skip_value(i);
      }
      if (i < t_.size()) ++i;
      return;
    }
    if (t_[i] == '[') {
      ++i;
      size_t index = 0;
      while (true) {
        skip_space(i);
        if (i >= t_.size() || t_[i] == ']') break;
        if (t_[i] == ',') {
          ++i;
          ++index;
          continue;
        }
        auto child = node.children.find(std::to_string(index));
        if (child != node.children.end())
          value(i, *child->second, depth + 1);
        else
          skip_value(i);
      }
      if (i < t_.size()) ++i;
      return;
    }
    skip_value(i);
  }

 private:
  void skip_space(size_t& i) const {
    while (i < t_.size() && is_space(t_[i])) ++i;
  }

  // i is just past the opening quote; leaves i just past the closing one.
  bool skip_string_body(size_t& i) const {
    while (i < t_.size()) {
      const void* q = std::memchr(t_.data() + i, '"', t_.size() - i);
      if (!q) {
        i = t_.size();
        return false;
      }
      size_t at = static_cast<size_t>(static_cast<const char*>(q) - t_.data());
      size_t backslashes = 0;
      while (at - backslashes > i && t_[at - backslashes - 1] == '\\') ++backslashes;
      i = at + 1;
      if (backslashes % 2 == 0) return true;
    }
    return false;
  }

  // Skips one value (iteratively: nesting depth costs no stack).
  void skip_value(size_t& i) const {
    skip_space(i);
    if (i >= t_.size()) return;
    char c = t_[i];
    if (c == '"') {
      ++i;
      skip_string_body(i);
      return;
    }
    if (c == '{' || c == '[') {
      size_t depth = 0;
      while (i < t_.size()) {
        char d = t_[i];
        if (d == '"') {
          ++i;
          skip_string_body(i);
          continue;
        }
        ++i;
        if (d == '{' || d == '[')
          ++depth;
        else if ((d == '}' || d == ']') && --depth == 0)
          return;
      }
      return;
    }
    // A scalar (Python's NaN and Infinity included) runs up to a delimiter.
    while (i < t_.size() && !is_space(t_[i]) && t_[i] != ',' && t_[i] != '}' && t_[i] != ']') ++i;
  }

  std::string_view t_;
  std::vector<size_t>& out_;
};

bool read_hex4(std::string_view s, size_t at, uint32_t& out) {
  if (at + 4 > s.size()) return false;
  out = 0;
  for (size_t k = 0; k < 4; ++k) {
    char c = s[at + k];
    int v = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (v < 0) return false;
    out = out * 16 + static_cast<uint32_t>(v);
  }
  return true;
}

}  // namespace

bool unescape_json_string(std::string_view s, std::string& out) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      out.push_back(s[i]);
      continue;
    }
    if (++i >= s.size()) return false;
    switch (s[i]) {
      case '"': out.push_back('"'); break;
      case '\\': out.push_back('\\'); break;
      case '/': out.push_back('/'); break;
      case 'b': out.push_back('\b'); break;
      case 'f': out.push_back('\f'); break;
      case 'n': out.push_back('\n'); break;
      case 'r': out.push_back('\r'); break;
      case 't': out.push_back('\t'); break;
      case 'u': {
        uint32_t cp;
        if (!read_hex4(s, i + 1, cp)) return false;
        i += 4;
        uint32_t lo;
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 2 < s.size() && s[i + 1] == '\\' && s[i + 2] == 'u' &&
            read_hex4(s, i + 3, lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          i += 6;
        }
        io::append_utf8(out, cp);
        break;
      }
      default: return false;
    }
  }
  return true;
}

std::vector<size_t> locate_pointers(std::string_view text, const std::vector<std::string>& pointers) {
  std::vector<size_t> out(pointers.size(), kNotFound);
  Trie root;
  for (size_t id = 0; id < pointers.size(); ++id) {
    auto tokens = pointer::parse(pointers[id]);
    if (!tokens) continue;
    Trie* node = &root;
    for (const std::string& token : *tokens) {
      auto& child = node->children[token];
      if (!child) child = std::make_unique<Trie>();
      node = child.get();
    }
    node->ids.push_back(id);
  }
  Scanner scanner(text, out);
  size_t i = 0;
  scanner.value(i, root, 0);
  return out;
}

std::vector<std::pair<size_t, size_t>> line_columns(std::string_view text, const std::vector<size_t>& offsets) {
  std::vector<size_t> order(offsets.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return offsets[a] < offsets[b]; });
  std::vector<std::pair<size_t, size_t>> out(offsets.size(), {1, 1});
  size_t line = 1, line_start = 0, pos = 0;
  for (size_t k : order) {
    size_t target = offsets[k];
    if (target == kNotFound || target > text.size()) continue;
    while (pos < target) {
      const void* nl = std::memchr(text.data() + pos, '\n', target - pos);
      if (!nl) {
        pos = target;
        break;
      }
      pos = static_cast<size_t>(static_cast<const char*>(nl) - text.data()) + 1;
      ++line;
      line_start = pos;
    }
    out[k] = {line, target - line_start + 1};
  }
  return out;
}

}  // namespace tc::json
