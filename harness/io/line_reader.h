// Splits an InputSource into lines, holding one bounded buffer.
//
// Contract:
//  - next() yields every line with its 1-based number, without its '\n' and
//    without a '\r' just before it (crlf says it was there), as Rust's
//    str::lines() does (tlparse reads with it); a last line without '\n' keeps
//    a trailing '\r';
//  - kPadding readable bytes follow text.end(), so json::Parser can parse a
//    line in place (padded = true);
//  - a line longer than max_piece comes in pieces (partial on all but the
//    last, continuation on all but the first, one line number); a piece never
//    splits a UTF-8 sequence or a "\r\n";
//  - valid_utf8 is checked for every line (every piece), cheaply: whole
//    buffers of complete lines are validated at once;
//  - text stays valid until the next call to next();
//  - from a source that lends its bytes (InputSource::lends), a line that
//    lies whole in the lent bytes is handed out in place, not copied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "io/input_source.h"

namespace tc::io {

struct Line {
  std::string_view text;
  uint64_t number = 0;
  bool crlf = false;
  bool partial = false;
  bool continuation = false;
  bool valid_utf8 = true;
};

class LineReader {
 public:
  static constexpr size_t kPadding = 64;

  explicit LineReader(InputSource& source, size_t max_piece = size_t{4} << 20, size_t chunk = size_t{1} << 20);

  // False at the end of the input or on a read error (see failed()).
  bool next(Line& line);

  // Passes over the next `n` lines without handing them out, counting their
  // numbers as next() would, when they lie whole in lent bytes whose line
  // ends the source found, nothing is buffered, and none is long enough to
  // come in pieces. False, having passed nothing, otherwise: the caller then
  // reads them with next().
  bool skip(uint64_t n);

  bool failed() const { return failed_; }
  const std::string& error() const { return source_.error(); }
  bool data_error() const { return source_.data_error(); }
  uint64_t bytes() const { return bytes_; }

 private:
  bool fill();
  void compact();
  bool valid_line(size_t start, size_t end);
  // The next line from the lent bytes when it lies whole in them and the
  // buffer holds nothing; false leaves it to the buffer.
  bool next_lent(Line& line);
  bool lend();  // lends the next bytes once the lent ones are used; false at the end or an error
  void emit(Line& line, size_t from, size_t to, bool partial, bool crlf, bool valid_utf8);

  InputSource& source_;
  size_t max_piece_, chunk_, capacity_;
  std::unique_ptr<char[]> buf_;
  size_t begin_ = 0, scan_ = 0, end_ = 0;  // offsets into buf_
  size_t valid_end_ = 0;                   // complete lines ending before this offset are valid UTF-8
  size_t bad_block_end_ = 0;               // lines ending before this offset are validated one by one
  uint64_t number_ = 0;
  uint64_t bytes_ = 0;
  bool in_long_line_ = false;
  bool eof_ = false;
  bool failed_ = false;

  // Lent bytes (when source_.lends()): lent_[lent_at_, lent_size_) not yet
  // handed out, with their own validated and invalid stretches.
  const bool lends_;
  InputSource::Lent lent_;
  size_t lent_size_ = 0, lent_at_ = 0;
  size_t lent_valid_end_ = 0, lent_bad_end_ = 0;
  size_t lent_line_ = 0;  // the first of lent_.line_ends at or after lent_at_
};

}  // namespace tc::io
