#include "json/syntax_check.h"

#include <simdjson.h>

#include <bitset>

#include "json/parse.h"

namespace tc::json {
namespace {

class Checker {
 public:
  explicit Checker(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  StrictJson run() {
    ws();
    bool ok = value();
    ws();
    if (undecided_) return StrictJson::Undecided;
    return ok && p_ == end_ ? StrictJson::Valid : StrictJson::Invalid;
  }

 private:
  void ws() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r')) ++p_;
  }
  bool eat(char c) {
    if (p_ < end_ && *p_ == c) {
      ++p_;
      return true;
    }
    return false;
  }
  bool word(std::string_view w) {
    if (static_cast<size_t>(end_ - p_) < w.size() || std::string_view(p_, w.size()) != w) return false;
    p_ += w.size();
    return true;
  }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  bool digits() {
    const char* start = p_;
    while (p_ < end_ && digit(*p_)) ++p_;
    return p_ > start;
  }
  bool number() {
    eat('-');
    if (eat('0')) {
      if (p_ < end_ && digit(*p_)) return false;  // leading zero
    } else if (!digits()) {
      return false;
    }
    if (eat('.') && !digits()) return false;
    if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
      ++p_;
      if (!eat('+')) eat('-');
      if (!digits()) return false;
    }
    return true;
  }
  bool hex4(unsigned& v) {
    if (end_ - p_ < 4) return false;
    v = 0;
    for (int k = 0; k < 4; ++k, ++p_) {
      char h = *p_;
      v <<= 4;
      if (digit(h))
        v |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f')
        v |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        v |= static_cast<unsigned>(h - 'A' + 10);
      else
        return false;
    }
    return true;
  }
  // From just after the opening quote to just after the closing one.
  // UTF-8 validity is checked once for the whole text (simdjson).
  bool string() {
    for (;;) {
      while (p_ < end_ && *p_ != '"' && *p_ != '\\' && static_cast<unsigned char>(*p_) >= 0x20) ++p_;
      if (p_ == end_ || static_cast<unsigned char>(*p_) < 0x20) return false;
      if (*p_++ == '"') return true;
      if (p_ == end_) return false;
      char e = *p_++;
      if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') continue;
      unsigned cp;
      if (e != 'u' || !hex4(cp)) return false;
      if (cp >= 0xDC00 && cp <= 0xDFFF) return unpaired();  // a low half first
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        unsigned lo;
        if (!word("\\u")) return unpaired();
        if (!hex4(lo)) return false;
        if (lo < 0xDC00 || lo > 0xDFFF) return unpaired();
      }
    }
  }
  // Iterative, so that depth costs a bit, not a stack frame.
  bool value() {
    size_t depth = 0;
    for (;;) {
      // A value starts here.
      if (p_ == end_) return false;
      char c = *p_;
      bool opened = false;
      if (c == '{' || c == '[') {
        ++p_;
        if (depth == kDepth) return undecided();  // the exact path knows the limit
        is_object_[depth++] = c == '{';
        ws();
        if (eat(c == '{' ? '}' : ']')) {
          --depth;
        } else {
          opened = true;
        }
      } else if (c == '"') {
        ++p_;
        if (!string()) return false;
      } else if (c == 't') {
        if (!word("true")) return false;
      } else if (c == 'f') {
        if (!word("false")) return false;
      } else if (c == 'n') {
        if (!word("null")) return false;
      } else if (c == 'N' || c == 'I' || (c == '-' && end_ - p_ > 1 && p_[1] == 'I')) {
        return undecided();  // NaN, Infinity, -Infinity: Python's dialect
      } else if (!number()) {
        return false;
      }
      if (opened && is_object_[depth - 1]) {
        if (!member_key()) return false;
        continue;
      }
      if (opened) continue;  // the array's first element
      // After a value: close containers, or move to the next element.
      for (;;) {
        if (depth == 0) return true;
        ws();
        bool object = is_object_[depth - 1];
        if (eat(',')) {
          ws();
          if (object && !member_key()) return false;
          break;
        }
        if (!eat(object ? '}' : ']')) return false;
        --depth;
      }
    }
  }
  // "key" : , leaving p_ at the member's value.
  bool member_key() {
    if (!eat('"') || !string()) return false;
    ws();
    if (!eat(':')) return false;
    ws();
    return true;
  }

  bool undecided() {
    undecided_ = true;
    return false;
  }
  // Python keeps an unpaired surrogate escape (json::Parser too).
  bool unpaired() { return undecided(); }

  const char* p_;
  const char* end_;
  bool undecided_ = false;
  // Half json::Parser's limit: deeper texts are left to the exact path, so
  // this never accepts what the depth limit rejects.
  static constexpr size_t kDepth = Parser::kMaxDepth / 2;
  std::bitset<kDepth> is_object_;
};

}  // namespace

StrictJson check_strict_json(std::string_view text) {
  // Bad UTF-8 is rejected by every path (simdjson, then json::Parser's).
  if (!simdjson::validate_utf8(text.data(), text.size())) return StrictJson::Invalid;
  return Checker(text).run();
}

}  // namespace tc::json
