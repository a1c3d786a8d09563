#include "json/text.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "io/utf8.h"
#include "json/python_dump.h"
#include "json/tape.h"

namespace tc::json {
namespace {

// A recursive-descent walk that reports keys and value starts with their
// pointers. Depth is bounded by the parser that accepted the text.
class Walker {
 public:
  struct Visitor {
    virtual ~Visitor() = default;
    // Returns false to stop the walk.
    virtual bool value(const std::string& pointer, size_t offset) = 0;
    virtual bool key(const std::string& object, const std::string& key, size_t offset) = 0;
    virtual bool object_begin() { return true; }
    virtual void object_end() {}
    virtual bool literal(const std::string& pointer, size_t offset, std::string_view token) {
      (void)pointer, (void)offset, (void)token;
      return true;
    }
    // A \uD800-\uDFFF escape without its pair, in the key or string at `pointer`.
    virtual bool lone_surrogate(const std::string& pointer, size_t offset, std::string_view escape) {
      (void)pointer, (void)offset, (void)escape;
      return true;
    }
  };

  Walker(std::string_view text, Visitor& v) : s_(text), v_(v) {}

  void run() {
    std::string pointer;
    skip_ws();
    walk_value(pointer);
  }

 private:
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }

  bool read_string(std::string* out) {
    if (i_ >= s_.size() || s_[i_] != '"') return false;
    ++i_;
    while (i_ < s_.size()) {
      char c = s_[i_++];
      if (c == '"') return true;
      if (c != '\\') {
        if (out) *out += c;
        continue;
      }
      if (i_ >= s_.size()) return false;
      char e = s_[i_++];
      switch (e) {
        case 'b':
          if (out) *out += '\b';
          break;
        case 'f':
          if (out) *out += '\f';
          break;
        case 'n':
          if (out) *out += '\n';
          break;
        case 'r':
          if (out) *out += '\r';
          break;
        case 't':
          if (out) *out += '\t';
          break;
        case 'u': {
          size_t escape_at = i_ - 2;
          uint32_t cp = 0;
          if (!hex4(cp)) return false;
          bool paired = false;
          if (cp >= 0xD800 && cp <= 0xDBFF && i_ + 1 < s_.size() && s_[i_] == '\\' && s_[i_ + 1] == 'u') {
            size_t save = i_;
            i_ += 2;
            uint32_t lo = 0;
            if (hex4(lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
              paired = true;
            } else {
              i_ = save;
            }
          }
          if (!paired && cp >= 0xD800 && cp <= 0xDFFF && lone_at_ == std::string_view::npos) lone_at_ = escape_at;
          if (out) io::append_utf8(*out, cp);
          break;
        }
        default:
          if (out) *out += e;
          break;
      }
    }
    return false;
  }

  bool hex4(uint32_t& cp) {
    if (i_ + 4 > s_.size()) return false;
    for (int k = 0; k < 4; ++k) {
      char h = s_[i_++];
      cp <<= 4;
      if (h >= '0' && h <= '9')
        cp |= static_cast<uint32_t>(h - '0');
      else if (h >= 'a' && h <= 'f')
        cp |= static_cast<uint32_t>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        cp |= static_cast<uint32_t>(h - 'A' + 10);
      else
        return false;
    }
    return true;
  }

  bool walk_value(std::string& pointer) {
    if (i_ >= s_.size()) return false;
    if (!v_.value(pointer, i_)) return false;
    char c = s_[i_];
    if (c == '{') {
      ++i_;
      if (!v_.object_begin()) return false;
      skip_ws();
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        v_.object_end();
        return true;
      }
      for (;;) {
        skip_ws();
        size_t key_at = i_;
        std::string key;
        if (!read_string(&key)) return false;
        if (!v_.key(pointer, key, key_at)) return false;
        if (lone_at_ != std::string_view::npos) {
          std::string key_pointer = pointer;
          append_pointer_token(key_pointer, key);
          if (!report_lone_surrogate(key_pointer)) return false;
        }
        skip_ws();
        if (i_ >= s_.size() || s_[i_] != ':') return false;
        ++i_;
        skip_ws();
        size_t len = pointer.size();
        append_pointer_token(pointer, key);
        bool ok = walk_value(pointer);
        pointer.resize(len);
        if (!ok) return false;
        bool closed = false;
        if (!after_element('}', closed)) return false;
        if (closed) {
          v_.object_end();
          return true;
        }
      }
    }
    if (c == '[') {
      ++i_;
      skip_ws();
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return true;
      }
      for (size_t index = 0;; ++index) {
        skip_ws();
        size_t len = pointer.size();
        append_pointer_token(pointer, std::to_string(index));
        bool ok = walk_value(pointer);
        pointer.resize(len);
        if (!ok) return false;
        bool closed = false;
        if (!after_element(']', closed)) return false;
        if (closed) return true;
      }
    }
    if (c == '"') return read_string(nullptr) && report_lone_surrogate(pointer);
    // A literal: number, true, false, null, NaN, Infinity, -Infinity.
    size_t start = i_;
    while (i_ < s_.size()) {
      char d = s_[i_];
      if (d == ',' || d == '}' || d == ']' || d == ' ' || d == '\t' || d == '\n' || d == '\r') break;
      ++i_;
    }
    if (i_ == start) return false;
    return v_.literal(pointer, start, s_.substr(start, i_ - start));
  }

  // After a member or an element: a ',' (another follows) or `closer`
  // (closed is set); anything else ends the walk.
  bool after_element(char closer, bool& closed) {
    skip_ws();
    if (i_ < s_.size() && (s_[i_] == ',' || s_[i_] == closer)) {
      closed = s_[i_++] == closer;
      return true;
    }
    return false;
  }

  bool report_lone_surrogate(const std::string& pointer) {
    if (lone_at_ == std::string_view::npos) return true;
    size_t at = lone_at_;
    lone_at_ = std::string_view::npos;
    return v_.lone_surrogate(pointer, at, s_.substr(at, 6));
  }

  std::string_view s_;
  Visitor& v_;
  size_t i_ = 0;
  size_t lone_at_ = std::string_view::npos;  // first lone surrogate escape in the last string read
};

class QuirkFinder : public Walker::Visitor {
 public:
  QuirkFinder(size_t limit) : limit_(limit) {}
  std::vector<JsonTextFinding> found;

  bool value(const std::string&, size_t) override { return found.size() < limit_; }
  bool object_begin() override {
    keys_.emplace_back();
    return true;
  }
  void object_end() override { keys_.pop_back(); }
  bool key(const std::string& object, const std::string& key, size_t offset) override {
    if (!keys_.empty() && !keys_.back().insert(key).second) {
      std::string pointer = object;
      append_pointer_token(pointer, key);
      found.push_back({JsonTextFinding::Kind::DuplicateKey, std::move(pointer), offset, key});
    }
    return found.size() < limit_;
  }
  bool literal(const std::string& pointer, size_t offset, std::string_view token) override {
    if (token == "NaN" || token == "Infinity" || token == "-Infinity") {
      found.push_back({JsonTextFinding::Kind::NonFinite, pointer, offset, std::string(token)});
    } else if (token.find_first_of(".eE") != std::string_view::npos) {
      std::string t(token);
      errno = 0;
      double d = std::strtod(t.c_str(), nullptr);
      if (errno == ERANGE && std::isinf(d))
        found.push_back({JsonTextFinding::Kind::OutOfRange, pointer, offset, std::move(t)});
    }
    return found.size() < limit_;
  }
  bool lone_surrogate(const std::string& pointer, size_t offset, std::string_view escape) override;

 private:
  size_t limit_;
  std::vector<std::unordered_set<std::string>> keys_;
};

bool QuirkFinder::lone_surrogate(const std::string& pointer, size_t offset, std::string_view escape) {
  found.push_back({JsonTextFinding::Kind::LoneSurrogate, pointer, offset, std::string(escape)});
  return found.size() < limit_;
}

class PointerFinder : public Walker::Visitor {
 public:
  explicit PointerFinder(std::string_view target) : target_(target) {}
  size_t offset = std::string_view::npos;

  bool value(const std::string& pointer, size_t at) override {
    if (pointer == target_) offset = at;  // keep going: a later duplicate wins
    return true;
  }
  bool key(const std::string&, const std::string&, size_t) override { return true; }

 private:
  std::string_view target_;
};

}  // namespace

void append_pointer_token(std::string& pointer, std::string_view token) {
  pointer += '/';
  for (char c : token) {
    if (c == '~')
      pointer += "~0";
    else if (c == '/')
      pointer += "~1";
    else
      pointer += c;
  }
}

std::vector<JsonTextFinding> find_json_quirks(std::string_view text, size_t limit) {
  QuirkFinder finder(limit);
  Walker(text, finder).run();
  return std::move(finder.found);
}

namespace {

class BigIntegerFinder : public Walker::Visitor {
 public:
  explicit BigIntegerFinder(size_t limit) : limit_(limit) {}
  std::vector<JsonTextFinding> found;

  bool value(const std::string&, size_t) override { return found.size() < limit_; }
  bool key(const std::string&, const std::string&, size_t) override { return found.size() < limit_; }
  bool literal(const std::string& pointer, size_t offset, std::string_view token) override {
    // Integers only: an optional '-' and digits (no fraction, exponent or word).
    const size_t sign = !token.empty() && token[0] == '-';
    if (token.size() == sign || token.find_first_not_of("0123456789", sign) != std::string_view::npos)
      return found.size() < limit_;
    const std::string t(token);
    errno = 0;
    if (t[0] == '-')
      (void)std::strtoll(t.c_str(), nullptr, 10);
    else
      (void)std::strtoull(t.c_str(), nullptr, 10);
    if (errno == ERANGE) found.push_back({JsonTextFinding::Kind::BigInteger, pointer, offset, t});
    return found.size() < limit_;
  }

 private:
  size_t limit_;
};

}  // namespace

std::vector<JsonTextFinding> find_big_integers(std::string_view text, size_t limit) {
  BigIntegerFinder finder(limit);
  Walker(text, finder).run();
  return std::move(finder.found);
}

namespace {

bool is_container(simdjson::dom::element e) {
  using T = simdjson::dom::element_type;
  T t = e.type();
  return t == T::OBJECT || t == T::ARRAY;
}

// A cheap summary of a key: its length and three of its bytes. Keys with
// different signatures differ; equal signatures mean equal lengths.
uint64_t key_signature(std::string_view k) {
  if (k.empty()) return 0;
  const auto byte = [&](size_t i) { return static_cast<uint64_t>(static_cast<unsigned char>(k[i])); };
  return static_cast<uint64_t>(static_cast<uint32_t>(k.size())) | byte(0) << 32 | byte(k.size() / 2) << 40 |
         byte(k.size() - 1) << 48;
}

}  // namespace

// Small objects (nearly all of them) compare keys pairwise, but only where
// a 64-bit filter of their signatures says two may be equal; large ones sort
// their keys in `keys`.
bool has_duplicate_keys(simdjson::dom::element e, std::vector<std::string_view>& keys) {
  using T = simdjson::dom::element_type;
  if (e.type() == T::ARRAY)  // only objects hold keys: the array's, at any depth of arrays
    return !for_each_object_in(simdjson::dom::array(e),
                               [&](simdjson::dom::element o) { return !has_duplicate_keys(o, keys); });
  if (e.type() != T::OBJECT) return false;
  simdjson::dom::object object(e);
  constexpr size_t kSmall = 32;
  if (object.size() > kSmall) {
    size_t first = keys.size();
    for (auto field : object) keys.push_back(field.key);
    std::sort(keys.begin() + static_cast<ptrdiff_t>(first), keys.end());
    bool duplicate = std::adjacent_find(keys.begin() + static_cast<ptrdiff_t>(first), keys.end()) != keys.end();
    keys.resize(first);
    if (duplicate) return true;
    for (auto field : object)
      if (is_container(field.value) && has_duplicate_keys(field.value, keys)) return true;
    return false;
  }
  const char* seen[kSmall];  // left uninitialized: filled up to n
  uint64_t signature[kSmall];
  uint64_t filter = 0;
  size_t n = 0;
  bool duplicate = false;
  for_each_member(object, [&](std::string_view key, simdjson::dom::element value) {  // false: stop
    const uint64_t sig = key_signature(key);
    const uint64_t bit = uint64_t{1} << ((sig * 0x9E3779B97F4A7C15ULL) >> 58);
    if (filter & bit) {
      for (size_t k = 0; k < n; ++k)
        if (signature[k] == sig && std::memcmp(seen[k], key.data(), key.size()) == 0) {
          duplicate = true;
          return false;
        }
    }
    filter |= bit;
    seen[n] = key.data();
    signature[n] = sig;
    ++n;
    duplicate = is_container(value) && has_duplicate_keys(value, keys);
    return !duplicate;
  });
  return duplicate;
}

void append_last_values(simdjson::dom::element value, std::string& out) {
  using T = simdjson::dom::element_type;
  if (value.type() == T::ARRAY) {
    out += '[';
    bool first = true;
    for (simdjson::dom::element item : simdjson::dom::array(value)) {
      if (!first) out += ',';
      first = false;
      append_last_values(item, out);
    }
    out += ']';
    return;
  }
  if (value.type() != T::OBJECT) {
    out += simdjson::to_string(value);
    return;
  }
  std::vector<std::pair<std::string_view, simdjson::dom::element>> members;
  std::unordered_map<std::string_view, size_t> place;  // key -> index in members
  for (auto field : simdjson::dom::object(value)) {
    auto [it, fresh] = place.try_emplace(field.key, members.size());
    if (fresh)
      members.emplace_back(field.key, field.value);
    else
      members[it->second].second = field.value;
  }
  out += '{';
  for (size_t i = 0; i < members.size(); ++i) {
    if (i) out += ',';
    python_string_literal(members[i].first, out);
    out += ':';
    append_last_values(members[i].second, out);
  }
  out += '}';
}

size_t locate_json_pointer(std::string_view text, std::string_view pointer) {
  PointerFinder finder(pointer);
  Walker(text, finder).run();
  return finder.offset;
}

}  // namespace tc::json
