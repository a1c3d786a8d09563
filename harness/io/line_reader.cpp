#include "io/line_reader.h"

#include <algorithm>
#include <cstring>

#include "io/utf8.h"

namespace tc::io {
namespace {

// Whether [start, end) of the `size` bytes at `buf` is valid UTF-8, given
// that the lines ending before `valid_end` are and those before `bad_end`
// are checked one by one: every complete line from `start` on is validated
// at once, and one by one only where that stretch is not valid.
bool valid_in(const char* buf, size_t size, size_t start, size_t end, size_t& valid_end, size_t& bad_end) {
  std::string_view text(buf + start, end - start);
  if (end <= valid_end) return true;
  if (end <= bad_end) return is_valid_utf8(text);
  const void* last = memrchr(buf + start, '\n', size - start);
  size_t block_end = last ? static_cast<size_t>(static_cast<const char*>(last) - buf) : end;
  block_end = std::max(block_end, end);
  if (is_valid_utf8(std::string_view(buf + start, block_end - start))) {
    valid_end = block_end;
    return true;
  }
  bad_end = block_end;
  return is_valid_utf8(text);
}

}  // namespace

LineReader::LineReader(InputSource& source, size_t max_piece, size_t chunk)
    : source_(source),
      max_piece_(std::max<size_t>(max_piece, 16)),
      chunk_(std::max<size_t>(chunk, 16)),
      capacity_(max_piece_ + chunk_ + kPadding),
      buf_(new char[capacity_]),
      lends_(source.lends()) {
  std::memset(buf_.get(), 0, kPadding);
}

void LineReader::compact() {
  if (begin_ == 0) return;
  size_t shift = begin_;
  std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
  end_ -= shift;
  scan_ -= shift;
  begin_ = 0;
  valid_end_ = valid_end_ > shift ? valid_end_ - shift : 0;
  bad_block_end_ = bad_block_end_ > shift ? bad_block_end_ - shift : 0;
}

bool LineReader::lend() {
  if (lent_at_ < lent_size_) return true;
  const ptrdiff_t got = source_.lend(lent_);
  if (got <= 0) {
    lent_size_ = lent_at_ = 0;
    if (got < 0) failed_ = true;
    else eof_ = true;
    return false;
  }
  lent_size_ = static_cast<size_t>(got);
  lent_at_ = lent_valid_end_ = lent_bad_end_ = lent_line_ = 0;
  bytes_ += static_cast<uint64_t>(got);
  return true;
}

bool LineReader::fill() {
  if (capacity_ - kPadding - end_ < chunk_) compact();
  size_t room = capacity_ - kPadding - end_;
  ptrdiff_t got = 0;
  if (!lends_) {
    got = source_.read(buf_.get() + end_, std::min(room, chunk_));
    if (got > 0) bytes_ += static_cast<uint64_t>(got);
  } else if (lend()) {  // the buffer takes lent bytes: a line not whole in them
    got = static_cast<ptrdiff_t>(std::min({room, chunk_, lent_size_ - lent_at_}));
    std::memcpy(buf_.get() + end_, lent_.data + lent_at_, static_cast<size_t>(got));
    lent_at_ += static_cast<size_t>(got);
    if (lent_.line_ends)
      while (lent_line_ < lent_.line_ends->size() && (*lent_.line_ends)[lent_line_] < lent_at_) ++lent_line_;
  } else if (failed_) {
    got = -1;
  }
  if (got < 0) {
    failed_ = true;
    return false;
  }
  if (got == 0) eof_ = true;
  end_ += static_cast<size_t>(got);
  // The padding is never input; keep it initialised for the JSON parser.
  std::memset(buf_.get() + end_, 0, kPadding);
  return true;
}

bool LineReader::valid_line(size_t start, size_t end) {
  return valid_in(buf_.get(), end_, start, end, valid_end_, bad_block_end_);
}

bool LineReader::next_lent(Line& line) {
  if (!lend()) return false;
  const char* p = lent_.data + lent_at_;
  const char* nl;
  if (lent_.line_ends) {  // the source found the line ends
    if (lent_line_ == lent_.line_ends->size()) return false;
    nl = lent_.data + (*lent_.line_ends)[lent_line_];
  } else {
    nl = static_cast<const char*>(std::memchr(p, '\n', lent_size_ - lent_at_));
    if (!nl) return false;
  }
  const size_t length = static_cast<size_t>(nl - p);
  if (length > max_piece_) return false;  // the buffer cuts it into pieces
  const bool crlf = length > 0 && p[length - 1] == '\r';
  const size_t text_end = lent_at_ + length - (crlf ? 1 : 0);
  line.text = std::string_view(p, text_end - lent_at_);
  line.crlf = crlf;
  line.valid_utf8 =
      lent_.valid_utf8 || valid_in(lent_.data, lent_size_, lent_at_, text_end, lent_valid_end_, lent_bad_end_);
  line.partial = line.continuation = false;
  line.number = ++number_;
  lent_at_ += length + 1;
  ++lent_line_;
  return true;
}

bool LineReader::skip(uint64_t n) {
  if (n == 0) return true;
  if (failed_ || !lends_ || begin_ != end_ || in_long_line_ || lent_at_ >= lent_size_ || !lent_.line_ends) return false;
  const std::vector<uint32_t>& ends = *lent_.line_ends;
  if (n > ends.size() - lent_line_) return false;
  size_t at = lent_at_;
  for (size_t k = lent_line_; k < lent_line_ + n; ++k) {
    if (ends[k] - at > max_piece_) return false;  // next() would hand it out in pieces
    at = size_t{ends[k]} + 1;
  }
  lent_at_ = at;
  lent_line_ += n;
  number_ += n;
  return true;
}

void LineReader::emit(Line& line, size_t from, size_t to, bool partial, bool crlf, bool valid_utf8) {
  line.text = std::string_view(buf_.get() + from, to - from);
  line.crlf = crlf;
  line.valid_utf8 = valid_utf8;
  line.partial = partial;
  line.continuation = in_long_line_;
  if (!in_long_line_) ++number_;
  line.number = number_;
  in_long_line_ = partial;
}

bool LineReader::next(Line& line) {
  if (failed_) return false;
  if (lends_ && begin_ == end_ && !in_long_line_ && !eof_) {
    if (next_lent(line)) return true;
    if (failed_) return false;
  }
  for (;;) {
    char* base = buf_.get();
    const void* nl = std::memchr(base + scan_, '\n', end_ - scan_);
    size_t pos = nl ? static_cast<size_t>(static_cast<const char*>(nl) - base) : end_;
    scan_ = pos;  // bytes before pos hold no newline
    bool complete = nl || eof_;
    // A line of exactly max_piece bytes comes whole however the reads fall:
    // without its '\n' in sight, cut only once more than that is buffered.
    if (pos - begin_ > max_piece_ || (!complete && end_ - begin_ > max_piece_)) {
      std::string_view rest(base + begin_, pos - begin_);
      size_t cut = utf8_boundary_before(rest, max_piece_);
      if (cut > 1 && rest[cut - 1] == '\r') --cut;  // never split "\r\n"
      emit(line, begin_, begin_ + cut, true, false, is_valid_utf8(rest.substr(0, cut)));
      begin_ += cut;
      return true;
    }
    if (nl) {
      size_t text_end = pos;
      bool crlf = text_end > begin_ && base[text_end - 1] == '\r';
      if (crlf) --text_end;
      bool valid = in_long_line_ ? is_valid_utf8(std::string_view(base + begin_, text_end - begin_))
                                 : valid_line(begin_, text_end);
      emit(line, begin_, text_end, false, crlf, valid);
      begin_ = scan_ = pos + 1;
      return true;
    }
    if (eof_) {
      // A long line that ended exactly at the end still owes its last piece.
      if (begin_ == end_ && !in_long_line_) return false;
      emit(line, begin_, end_, false, false, is_valid_utf8(std::string_view(base + begin_, end_ - begin_)));
      begin_ = scan_ = end_;
      return true;
    }
    if (!fill()) return false;
  }
}

}  // namespace tc::io
