// A byte stream to check: a file, "-" for stdin, either possibly gzip.
//
// Contract:
//  - read() fills up to n bytes and returns how many; 0 means the end; -1 an
//    error, described by error(); data_error() tells a corrupt gzip stream
//    (malformed input) from an I/O failure (the input cannot be read); the
//    bytes a gzip stream decodes before a data error are all returned first;
//  - gzip is recognised by its magic bytes, not its name, so a compressed
//    stdin works too; concatenated gzip members read as one stream;
//  - nothing is buffered beyond one chunk: memory does not grow with the file;
//  - a stream (stdin, a pipe, a FIFO) is opened once in a process, and its
//    first bytes kept, so that opening its path again reads them again
//    (io/kept_stream.h);
//  - a source that already holds its bytes in memory may lend them instead
//    of copying them out (lends() true): lend() then gives the next bytes of
//    the stream in place, as read() would have returned them, with
//    kLendPadding readable bytes after them, valid until the next lend() or
//    read(). A caller may mix the two calls.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tc::io {

class InputSource {
 public:
  virtual ~InputSource() = default;
  virtual ptrdiff_t read(char* buf, size_t n) = 0;

  static constexpr size_t kLendPadding = 64;
  // Bytes lent in place, and what the source already knows of them.
  struct Lent {
    const char* data = nullptr;
    bool valid_utf8 = false;  // all valid UTF-8 (false: not known)
    // When set, the offset in `data` of each of its '\n's, in order (all of them).
    const std::vector<uint32_t>* line_ends = nullptr;
  };
  virtual bool lends() const { return false; }
  // The next bytes in place: their count, 0 at the end, -1 on an error (as
  // read()). Only where lends().
  virtual ptrdiff_t lend(Lent& out) {
    out = {};
    return -1;
  }

  const std::string& name() const { return name_; }  // display name ("<stdin>" for "-")
  const std::string& error() const { return error_; }
  bool data_error() const { return data_error_; }
  bool gzip() const { return gzip_; }

 protected:
  std::string name_;
  std::string error_;
  bool data_error_ = false;
  bool gzip_ = false;
};

// The name findings give an input: its path, "<stdin>" for "-".
std::string input_name(const std::string& path);

// Whether `path` is stdin, a pipe, a FIFO or another stream, which
// open_input reads once (what opening it again gives: io/kept_stream.h),
// rather than a file each open reads from its start.
bool reads_once(const std::string& path);

// Opens `path` ("-" is stdin). Returns nullptr and sets `error` when it cannot
// be opened (missing, unreadable, a directory).
std::unique_ptr<InputSource> open_input(const std::string& path, std::string& error);

// Bytes read from files and stdin by every InputSource of this process so
// far (compressed bytes for gzip): what a progress line shows.
uint64_t bytes_read_total();

// Wraps a raw stream in a gzip decoder (for tests and open_input).
std::unique_ptr<InputSource> make_gzip_source(std::unique_ptr<InputSource> raw);

}  // namespace tc::io
