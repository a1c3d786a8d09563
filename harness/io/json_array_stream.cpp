#include "io/json_array_stream.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <vector>

#include "io/utf8.h"

namespace tc::io {
namespace {

enum class State {
  Start,
  ObjKeyOrEnd,  // after '{'
  ObjKey,       // after ',' in the object
  Key,          // inside a member name
  Colon,
  ObjValue,
  ObjAfter,    // after a member value
  ArrayFirst,  // after '['
  ArrayNext,   // after ',' in the array
  ArrayAfter,  // after an element
  InValue,     // inside an element or a member value
  Done,
};

bool is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Bytes that end a run of plain bytes inside a string / inside a value.
constexpr std::array<bool, 256> make_table(std::string_view specials) {
  std::array<bool, 256> t{};
  for (char c : specials) t[static_cast<unsigned char>(c)] = true;
  return t;
}
constexpr auto kStringSpecial = make_table("\"\\\n");
constexpr auto kValueSpecial = make_table("\"{}[],\n \t\r");  // where a top-level scalar may end
constexpr auto kContainerSpecial = make_table("\"{}[]\n");    // all that matters inside a container

std::string describe(unsigned char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02x", c);
  return buf;
}

// Unescapes the raw text of a member name (without its quotes).
std::string unescape_key(std::string_view raw) {
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
        append_utf8(out, cp);
        break;
      }
      default:
        out += e;
        break;  // '"', '\\', '/' and anything else as itself
    }
  }
  return out;
}

class Splitter {
 public:
  Splitter(InputSource& source, const JsonStreamOptions& o, const JsonBatchFn& on_batch, const JsonMemberFn& on_member)
      : src_(source), o_(o), on_batch_(on_batch), on_member_(on_member) {
    o_.chunk = std::max<size_t>(o_.chunk, 64);
    o_.max_element = std::max<size_t>(o_.max_element, 16);
    cap_ = 2 * o_.chunk;
    buf_.reset(new char[cap_ + kJsonPadding]);
    std::memset(buf_.get(), 0, cap_ + kJsonPadding);
  }

  JsonStreamResult run();

 private:
  JsonPosition position(size_t p) const {
    uint64_t abs = base_ + p;
    return {line_, abs - line_start_ + 1, abs};
  }
  void newline(size_t p) {
    ++line_;
    line_start_ = base_ + p + 1;
  }
  bool fail(JsonStreamErrorKind kind, std::string message, JsonPosition pos) {
    r_.error = {kind, std::move(message), pos};
    return false;
  }
  bool flush();
  bool refill();  // false at the end of input (eof_) or on an error / stop
  bool step();    // processes bytes from pos_ up to end_; false to stop
  bool scan_value();
  void start_value(bool element);
  bool finish_value(size_t stop);
  bool end_array();
  bool at_eof();

  InputSource& src_;
  JsonStreamOptions o_;
  const JsonBatchFn& on_batch_;
  const JsonMemberFn& on_member_;
  JsonStreamResult r_;

  std::unique_ptr<char[]> buf_;
  size_t cap_ = 0;
  size_t pos_ = 0, end_ = 0;
  uint64_t base_ = 0;  // stream offset of buf_[0]
  uint64_t line_ = 1, line_start_ = 0;
  bool eof_ = false, stopped_ = false;
  int bom_left_ = 0;

  State state_ = State::Start;
  std::vector<JsonElement> batch_;
  std::string key_raw_, key_;

  // The value being scanned.
  bool element_ = false;
  size_t value_start_ = 0;  // buffer index of its first byte (elements), or of its unsaved part (members)
  JsonPosition value_pos_;
  std::string stack_;  // open '{' / '['
  bool in_string_ = false, escape_ = false, scalar_ = false, string_scalar_ = false;
  std::string member_text_;
  bool member_truncated_ = false;
  JsonPosition last_comma_;
};

bool Splitter::flush() {
  if (batch_.empty()) return true;
  bool go = on_batch_(std::span<const JsonElement>(batch_.data(), batch_.size()));
  batch_.clear();
  if (!go) stopped_ = true;
  return go;
}

bool Splitter::refill() {
  if (!flush()) return false;
  size_t keep = pos_;
  if (state_ == State::InValue) {
    if (element_) {
      keep = value_start_;
    } else {
      size_t n = pos_ - value_start_;
      size_t room = o_.max_member > member_text_.size() ? o_.max_member - member_text_.size() : 0;
      if (n > room) member_truncated_ = true;
      member_text_.append(buf_.get() + value_start_, std::min(n, room));
      value_start_ = pos_;
    }
  }
  if (state_ == State::Key) keep = pos_;
  // Shift the kept bytes to the front.
  size_t kept = end_ - keep;
  if (keep > 0) {
    std::memmove(buf_.get(), buf_.get() + keep, kept);
    base_ += keep;
    pos_ -= keep;
    end_ -= keep;
    if (state_ == State::InValue) value_start_ -= keep;
  }
  if (state_ == State::InValue && element_ && end_ > o_.max_element)
    return fail(JsonStreamErrorKind::ElementTooLong,
                "an element longer than " + std::to_string(o_.max_element) + " bytes", value_pos_);
  if (cap_ - end_ < o_.chunk) {  // a long element: grow, bounded by max_element
    size_t ncap = std::max(cap_ * 2, end_ + o_.chunk);
    std::unique_ptr<char[]> nbuf(new char[ncap + kJsonPadding]);
    std::memcpy(nbuf.get(), buf_.get(), end_);
    buf_ = std::move(nbuf);
    cap_ = ncap;
  }
  ptrdiff_t got = src_.read(buf_.get() + end_, cap_ - end_);
  if (got < 0) {
    return fail(JsonStreamErrorKind::Io, src_.error().empty() ? "read error" : src_.error(), position(end_));
  }
  if (got == 0) {
    eof_ = true;
    return false;
  }
  end_ += static_cast<size_t>(got);
  r_.bytes += static_cast<uint64_t>(got);
  std::memset(buf_.get() + end_, 0, kJsonPadding);
  return true;
}

void Splitter::start_value(bool element) {
  element_ = element;
  value_start_ = pos_;
  value_pos_ = position(pos_);
  stack_.clear();
  in_string_ = escape_ = false;
  unsigned char c = static_cast<unsigned char>(buf_[pos_]);
  scalar_ = c != '{' && c != '[';
  string_scalar_ = c == '"';
  member_text_.clear();
  member_truncated_ = false;
  state_ = State::InValue;
}

bool Splitter::finish_value(size_t stop) {
  if (element_) {
    batch_.push_back(
        {std::string_view(buf_.get() + value_start_, stop - value_start_), value_pos_, r_.elements++, r_.container});
    state_ = State::ArrayAfter;
    return true;
  }
  size_t n = stop - value_start_;
  size_t room = o_.max_member > member_text_.size() ? o_.max_member - member_text_.size() : 0;
  if (n > room) member_truncated_ = true;
  member_text_.append(buf_.get() + value_start_, std::min(n, room));
  JsonMember m{key_, member_text_, member_truncated_, value_pos_};
  if (on_member_) on_member_(m);
  state_ = State::ObjAfter;
  return true;
}

// Scans the current value from pos_; returns false on an error.
bool Splitter::scan_value() {
  const char* b = buf_.get();
  while (pos_ < end_) {
    if (escape_) {
      escape_ = false;
      if (b[pos_] == '\n') newline(pos_);
      ++pos_;
      continue;
    }
    if (in_string_) {
      while (pos_ < end_ && !kStringSpecial[static_cast<unsigned char>(b[pos_])]) ++pos_;
      if (pos_ == end_) return true;
      char c = b[pos_];
      if (c == '"') {
        in_string_ = false;
        ++pos_;
        if (stack_.empty() && string_scalar_) return finish_value(pos_);
      } else if (c == '\\') {
        escape_ = true;
        ++pos_;
      } else {
        newline(pos_);
        ++pos_;
      }
      continue;
    }
    if (scalar_ && !string_scalar_) {
      while (pos_ < end_ && !kValueSpecial[static_cast<unsigned char>(b[pos_])]) ++pos_;
      if (pos_ == end_) return true;
      return finish_value(pos_);  // the delimiter is left for the next state
    }
    while (pos_ < end_ && !kContainerSpecial[static_cast<unsigned char>(b[pos_])]) ++pos_;
    if (pos_ == end_) return true;
    char c = b[pos_];
    switch (c) {
      case '"':
        in_string_ = true;
        break;
      case '{':
      case '[':
        if (stack_.size() >= o_.max_depth)
          return fail(JsonStreamErrorKind::TooDeep, "nesting deeper than " + std::to_string(o_.max_depth),
                      position(pos_));
        stack_ += c;
        break;
      case '}':
      case ']': {
        char open = c == '}' ? '{' : '[';
        if (stack_.empty() || stack_.back() != open)
          return fail(JsonStreamErrorKind::Syntax,
                      std::string("'") + c + "' does not close " +
                          (stack_.empty() ? std::string("anything") : std::string("'") + stack_.back() + "'"),
                      position(pos_));
        stack_.pop_back();
        if (stack_.empty()) {
          ++pos_;
          return finish_value(pos_);
        }
        break;
      }
      case '\n':
        newline(pos_);
        break;
      default:
        break;
    }
    ++pos_;
  }
  return true;
}

bool Splitter::end_array() {
  r_.terminated = true;
  state_ = r_.container == JsonContainer::BareArray ? State::Done : State::ObjAfter;
  return true;
}

bool Splitter::step() {
  const char* b = buf_.get();
  while (pos_ < end_) {
    if (state_ == State::InValue) {
      if (!scan_value()) return false;
      continue;
    }
    unsigned char c = static_cast<unsigned char>(b[pos_]);
    if (bom_left_ > 0) {
      if ((bom_left_ == 2 && c == 0xBB) || (bom_left_ == 1 && c == 0xBF)) {
        --bom_left_;
        ++pos_;
        continue;
      }
      return fail(JsonStreamErrorKind::NotContainer, "not JSON: the input starts with " + describe(0xEF),
                  position(pos_));
    }
    if (state_ == State::Key) {
      if (escape_) {
        escape_ = false;
      } else if (c == '\\') {
        escape_ = true;
      } else if (c == '"') {
        key_ = unescape_key(key_raw_);
        state_ = State::Colon;
        ++pos_;
        continue;
      } else if (c == '\n') {
        newline(pos_);
      }
      if (key_raw_.size() < 4096) key_raw_ += static_cast<char>(c);
      ++pos_;
      continue;
    }
    if (is_ws(c)) {
      if (c == '\n') newline(pos_);
      ++pos_;
      continue;
    }
    JsonPosition here = position(pos_);
    switch (state_) {
      case State::Start:
        if (c == 0xEF && base_ + pos_ == 0) {
          r_.bom = true;
          bom_left_ = 2;
          ++pos_;
          continue;
        }
        if (c == '[') {
          r_.container = JsonContainer::BareArray;
          r_.array_found = true;
          state_ = State::ArrayFirst;
        } else if (c == '{') {
          r_.container = JsonContainer::Object;
          state_ = State::ObjKeyOrEnd;
        } else {
          return fail(JsonStreamErrorKind::NotContainer,
                      "not a JSON array or object: the input starts with " + describe(c), here);
        }
        break;
      case State::ObjKeyOrEnd:
      case State::ObjKey:
        if (c == '"') {
          key_raw_.clear();
          escape_ = false;
          state_ = State::Key;
        } else if (c == '}' && state_ == State::ObjKeyOrEnd) {
          state_ = State::Done;
        } else {
          return fail(JsonStreamErrorKind::Syntax, "expected a member name, found " + describe(c), here);
        }
        break;
      case State::Colon:
        if (c != ':')
          return fail(JsonStreamErrorKind::Syntax, "expected ':' after \"" + key_ + "\", found " + describe(c), here);
        state_ = State::ObjValue;
        break;
      case State::ObjValue:
        if (c == '[' && key_ == o_.array_key && !r_.array_found) {
          r_.array_found = true;
          state_ = State::ArrayFirst;
          break;
        }
        if (c == ',' || c == '}' || c == ']' || c == ':')
          return fail(JsonStreamErrorKind::Syntax, "expected a value for \"" + key_ + "\", found " + describe(c), here);
        start_value(false);
        continue;
      case State::ObjAfter:
        if (c == ',')
          state_ = State::ObjKey;
        else if (c == '}')
          state_ = State::Done;
        else
          return fail(JsonStreamErrorKind::Syntax, "expected ',' or '}' after a member, found " + describe(c), here);
        break;
      case State::ArrayFirst:
      case State::ArrayNext:
        if (c == ']') {
          if (state_ == State::ArrayNext) r_.trailing_comma = true, r_.trailing_comma_pos = last_comma_;
          end_array();
          break;
        }
        if (c == ',' || c == '}' || c == ':')
          return fail(JsonStreamErrorKind::Syntax, "expected an element, found " + describe(c), here);
        start_value(true);
        continue;
      case State::ArrayAfter:
        if (c == ',') {
          last_comma_ = here;
          state_ = State::ArrayNext;
        } else if (c == ']') {
          end_array();
        } else {
          return fail(JsonStreamErrorKind::Syntax, "expected ',' or ']' after an element, found " + describe(c), here);
        }
        break;
      case State::Done:
        return fail(JsonStreamErrorKind::TrailingData, "data after the end of the JSON value: " + describe(c), here);
      case State::Key:
      case State::InValue:
        break;  // handled above
    }
    ++pos_;
  }
  return true;
}

bool Splitter::at_eof() {
  JsonPosition here = position(end_);
  if (state_ == State::InValue) {
    if (scalar_ && !string_scalar_ && !escape_) {
      finish_value(end_);
    } else {
      std::string what = element_ ? "element " + std::to_string(r_.elements) : "member \"" + key_ + "\"";
      return fail(JsonStreamErrorKind::Truncated, "the input ends inside " + what, value_pos_);
    }
  }
  switch (state_) {
    case State::Start:
      return fail(JsonStreamErrorKind::NotContainer,
                  r_.bom ? "the input holds only a byte order mark" : "the input is empty", here);
    case State::Done:
      return true;
    case State::ArrayFirst:
    case State::ArrayNext:
    case State::ArrayAfter:
      if (r_.container == JsonContainer::BareArray) {
        if (state_ == State::ArrayNext) r_.trailing_comma = true, r_.trailing_comma_pos = last_comma_;
        return true;  // an unterminated bare array is legal
      }
      return fail(JsonStreamErrorKind::Truncated, "the input ends inside the \"" + o_.array_key + "\" array", here);
    default:
      return fail(JsonStreamErrorKind::Truncated, "the input ends before the top-level object is closed", here);
  }
}

JsonStreamResult Splitter::run() {
  for (;;) {
    if (pos_ == end_) {
      if (!refill()) {
        if (stopped_ || !r_.ok()) break;
        at_eof();
        if (r_.ok()) flush();
        break;
      }
    }
    if (!step()) break;
  }
  if (!r_.ok() && r_.error.kind != JsonStreamErrorKind::Io && !stopped_) {
    // Elements before a syntax error are still checked.
    if (r_.error.kind != JsonStreamErrorKind::ElementTooLong) flush();
  }
  if (src_.data_error() && r_.error.kind == JsonStreamErrorKind::Io)
    r_.error.message = "corrupt gzip stream: " + r_.error.message;
  return r_;
}

}  // namespace

JsonStreamResult stream_json_array(InputSource& source, const JsonStreamOptions& options, const JsonBatchFn& on_batch,
                                   const JsonMemberFn& on_member) {
  Splitter s(source, options, on_batch, on_member);
  return s.run();
}

}  // namespace tc::io
