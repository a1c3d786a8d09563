// The splitter's state machine: the container, member names, commas,
// refills; the values themselves are scanned in json_array_scan.cpp.
#include "json/array_stream.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>

#include "json/key.h"
#include "json/splitter.h"

namespace tc::json::detail {
namespace {

bool is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
// What ArrayNext starts an element at: anything but a closing bracket or a
// separator (those are its errors, or the trailing comma).
bool starts_element(unsigned char c) { return c != ']' && c != ',' && c != '}' && c != ':'; }

std::string describe(unsigned char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02x", c);
  return buf;
}

}  // namespace

bool Splitter::flush() {
  if (batch_.empty()) return true;
  const std::span<const JsonElement> batch(batch_.data(), batch_.size());
  bool go = on_lent_batch_ ? on_lent_batch_(batch, buf_) : on_batch_(batch);
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
  // Shift the kept bytes to the front (kFront), in another buffer when a
  // caller still holds this one (its lent batches).
  size_t kept = end_ - keep;
  const size_t shift = keep - kFront;
  if (buf_.use_count() > 1) {
    const size_t bytes = cap_ + kJsonPadding + 1;  // a grown buffer's is not the pool's
    std::shared_ptr<char[]> next = bytes == pooled_bytes_ ? pooled() : std::shared_ptr<char[]>(new char[bytes]());
    std::memcpy(next.get() + kFront, buf_.get() + keep, kept);
    buf_ = std::move(next);
  } else if (shift > 0) {
    std::memmove(buf_.get() + kFront, buf_.get() + keep, kept);
  }
  base_ += shift;
  pos_ -= shift;
  end_ -= shift;
  if (state_ == State::InValue) value_start_ -= shift;
  if (state_ == State::InValue && element_ && end_ - kFront > o_.max_element) return too_long();
  if (cap_ - end_ < o_.chunk) {  // a long element: grow, bounded by max_element
    size_t ncap = std::max(cap_ * 2, end_ + o_.chunk);
    std::shared_ptr<char[]> nbuf(new char[ncap + kJsonPadding + 1]());
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
  depth_ = 0;
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
    // refill() stops an element once the bytes it keeps pass the cap, which
    // bounds the memory; one that ends in the bytes read after its last
    // refill is caught here, so that the verdict does not depend on where
    // the reads fell (the chunk differs with --jobs). The elements before
    // it are handed out first, as refill() would have.
    if (stop - value_start_ > o_.max_element) return flush() && too_long();
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

bool Splitter::too_long() {
  return fail(JsonStreamErrorKind::ElementTooLong,
              "an element longer than " + std::to_string(o_.max_element) + " bytes", value_pos_);
}

bool Splitter::end_array() {
  r_.terminated = true;
  state_ = r_.container == JsonContainer::BareArray ? State::Done : State::ObjAfter;
  return true;
}

size_t Splitter::skip_whitespace(size_t at) {
  for (; at < end_ && is_ws(static_cast<unsigned char>(buf_[at])); ++at)
    if (buf_[at] == '\n') newline(at);
  return at;
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
        key_ = unescape_json_key(key_raw_);
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
      pos_ = skip_whitespace(pos_);
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
          r_.array_pos = here;
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
        if (c == '[' && key_ == o_.array_key && ++r_.key_arrays == o_.array_occurrence) {
          r_.array_found = true;
          r_.array_pos = here;
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
        if (!starts_element(c))
          return fail(JsonStreamErrorKind::Syntax, "expected an element, found " + describe(c), here);
        start_value(true);
        continue;
      case State::ArrayAfter:
        if (c == ',') {
          last_comma_ = here;
          state_ = State::ArrayNext;
          // The whitespace after the comma, and the next element's start,
          // are taken here: going round the loop to ArrayNext's case made
          // this switch's jump alternate between two cases, element after
          // element, which the predictor missed.
          pos_ = skip_whitespace(pos_ + 1);
          if (pos_ < end_ && starts_element(static_cast<unsigned char>(b[pos_]))) start_value(true);
          continue;
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
      if (!finish_value(end_)) return false;
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

}  // namespace tc::json::detail

namespace tc::json {

JsonPosition position_in(std::string_view text, JsonPosition start, size_t offset) {
  JsonPosition p = start;
  offset = std::min(offset, text.size());
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  p.offset = start.offset + offset;
  return p;
}

JsonStreamResult stream_json_array(io::InputSource& source, const JsonStreamOptions& options, const JsonBatchFn& on_batch,
                                   const JsonMemberFn& on_member) {
  const JsonLentBatchFn none;
  detail::Splitter s(source, options, on_batch, none, on_member);
  return s.run();
}

JsonStreamResult stream_json_array_lent(io::InputSource& source, const JsonStreamOptions& options,
                                        const JsonLentBatchFn& on_batch, const JsonMemberFn& on_member) {
  const JsonBatchFn none;
  detail::Splitter s(source, options, none, on_batch, on_member);
  return s.run();
}

}  // namespace tc::json
