#include "io/line_reader.h"

#include <algorithm>
#include <cstring>

#include "io/utf8.h"

namespace tc::io {

LineReader::LineReader(InputSource& source, size_t max_piece, size_t chunk)
    : source_(source),
      max_piece_(std::max<size_t>(max_piece, 16)),
      chunk_(std::max<size_t>(chunk, 16)),
      capacity_(max_piece_ + chunk_ + kPadding),
      buf_(new char[capacity_]) {
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

bool LineReader::fill() {
  if (capacity_ - kPadding - end_ < chunk_) compact();
  size_t room = capacity_ - kPadding - end_;
  ptrdiff_t got = source_.read(buf_.get() + end_, std::min(room, chunk_));
  if (got < 0) {
    failed_ = true;
    return false;
  }
  if (got == 0) eof_ = true;
  end_ += static_cast<size_t>(got);
  bytes_ += static_cast<uint64_t>(got);
  // The padding is never input; keep it initialised for the JSON parser.
  std::memset(buf_.get() + end_, 0, kPadding);
  return true;
}

bool LineReader::valid_line(size_t start, size_t end) {
  std::string_view text(buf_.get() + start, end - start);
  if (end <= valid_end_) return true;
  if (end <= bad_block_end_) return is_valid_utf8(text);
  // Validate every complete line in the buffer at once; fall back to one by
  // one only where that block is not valid.
  const void* last = memrchr(buf_.get() + start, '\n', end_ - start);
  size_t block_end = last ? static_cast<size_t>(static_cast<const char*>(last) - buf_.get()) : end;
  block_end = std::max(block_end, end);
  if (is_valid_utf8(std::string_view(buf_.get() + start, block_end - start))) {
    valid_end_ = block_end;
    return true;
  }
  bad_block_end_ = block_end;
  return is_valid_utf8(text);
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
  for (;;) {
    char* base = buf_.get();
    const void* nl = std::memchr(base + scan_, '\n', end_ - scan_);
    size_t pos = nl ? static_cast<size_t>(static_cast<const char*>(nl) - base) : end_;
    scan_ = pos;  // bytes before pos hold no newline
    bool complete = nl || eof_;
    if (pos - begin_ > max_piece_ || (!complete && end_ - begin_ >= max_piece_)) {
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
