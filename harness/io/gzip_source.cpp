// Gzip decoding with zlib's inflate, chunk by chunk, and each member's
// CRC-32 by ISA-L. zlib 1.2.13 computes its CRC with tables, a tenth of a
// check of a .json.gz (PERFORMANCE.md, "After 2b35db1"); ISA-L's uses
// carry-less multiplies. zlib still inflates: ISA-L's own inflate is 3-4x
// as fast, but where a stream is corrupt it stops at a point that moves
// with the sizes of the reads (and may hand out bytes past it), and a
// finding must not depend on how an input was read.
#include <isa-l/crc.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <string>

#include "io/input_source.h"

namespace tc::io {
namespace {

class GzipSource : public InputSource {
 public:
  explicit GzipSource(std::unique_ptr<InputSource> raw) : raw_(std::move(raw)), in_(kChunk, '\0') {
    name_ = raw_->name();
    gzip_ = true;
    zs_.zalloc = Z_NULL;
    zs_.zfree = Z_NULL;
    zs_.opaque = Z_NULL;
    // 16 + MAX_WBITS: gzip framing only (a zlib or raw stream is corrupt).
    // Without validation zlib neither computes nor checks the trailer's
    // CRC-32 and length (inflateReset keeps that): trailer_mismatch does.
    ok_ = inflateInit2(&zs_, 16 + MAX_WBITS) == Z_OK && inflateValidate(&zs_, 0) == Z_OK;
    if (!ok_) fail("zlib: cannot initialise inflate", false);
  }
  ~GzipSource() override { inflateEnd(&zs_); }

  ptrdiff_t read(char* buf, size_t n) override {
    if (!ok_) return -1;
    if (done_ || n == 0) return 0;
    zs_.next_out = reinterpret_cast<Bytef*>(buf);
    zs_.avail_out = static_cast<uInt>(std::min<size_t>(n, 1u << 30));
    while (zs_.avail_out > 0) {
      if (zs_.avail_in == 0 && !raw_done_) {
        ptrdiff_t got = raw_->read(in_.data(), in_.size());
        if (got < 0) return fail(raw_->error(), false);
        if (got == 0) {
          raw_done_ = true;
        } else {
          zs_.next_in = reinterpret_cast<Bytef*>(in_.data());
          zs_.avail_in = static_cast<uInt>(got);
        }
      }
      if (zs_.avail_in == 0 && raw_done_) {
        // A stream that ends between members is complete; one that ends
        // inside a member was truncated, but first inflate hands out what
        // it still holds (output a short read had no room for).
        if (!member_started_) {
          done_ = true;
          break;
        }
        const uInt room = zs_.avail_out;
        int rc = inflate_some();
        if (rc == Z_STREAM_END) {
          if (ptrdiff_t failed = end_member(buf)) return failed;
          continue;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) return corrupt(buf);  // what it held was corrupt, as the main path says
        if (zs_.avail_out < room) continue;
        return fail_data("truncated gzip stream (unexpected end of file)", buf);
      }
      member_started_ = true;
      int rc = inflate_some();
      if (rc == Z_STREAM_END) {
        // Another member may follow (as `cat a.gz b.gz` makes).
        if (ptrdiff_t failed = end_member(buf)) return failed;
        continue;
      }
      if (rc == Z_BUF_ERROR) continue;  // needs more input
      if (rc != Z_OK) return corrupt(buf);
    }
    return static_cast<ptrdiff_t>(zs_.next_out - reinterpret_cast<Bytef*>(buf));
  }

 private:
  static constexpr size_t kChunk = 1 << 18;

  // inflate(), with the member's CRC-32 and length carried over what it
  // wrote, and the last 8 bytes it read kept: at the member's end they are
  // its trailer, which may straddle two reads of the input.
  int inflate_some() {
    const Bytef* in = zs_.next_in;
    Bytef* out = zs_.next_out;
    const int rc = inflate(&zs_, Z_NO_FLUSH);
    const size_t wrote = static_cast<size_t>(zs_.next_out - out);
    crc_ = crc32_gzip_refl(crc_, out, wrote);
    length_ += wrote;
    const size_t took = static_cast<size_t>(zs_.next_in - in);
    if (took >= tail_.size()) {
      std::memcpy(tail_.data(), zs_.next_in - tail_.size(), tail_.size());
    } else if (took > 0) {
      std::memmove(tail_.data(), tail_.data() + took, tail_.size() - took);
      std::memcpy(tail_.data() + tail_.size() - took, in, took);
    }
    return rc;
  }

  // At Z_STREAM_END: what is wrong with the member's trailer (CRC-32, then
  // the length modulo 2^32, both little-endian) in zlib's words, or null.
  const char* trailer_mismatch() const {
    auto word = [this](size_t at) {
      uint32_t w = 0;
      for (size_t i = 4; i-- > 0;) w = (w << 8) | tail_[at + i];
      return w;
    };
    return word(0) != crc_                             ? "incorrect data check"
           : word(4) != static_cast<uint32_t>(length_) ? "incorrect length check"
                                                       : nullptr;
  }

  // At Z_STREAM_END: 0 once the trailer matches and inflate is ready for
  // the next member; else what read() returns (a trailer that does not
  // match is a data error, a failed reset an I/O error).
  ptrdiff_t end_member(char* buf) {
    if (const char* wrong = trailer_mismatch()) return fail_data(std::string("corrupt gzip stream: ") + wrong, buf);
    member_started_ = false;
    crc_ = 0;
    length_ = 0;
    if (inflateReset(&zs_) != Z_OK) return fail("zlib: cannot reset inflate", false);
    return 0;
  }

  // inflate's error on a corrupt stream, in its words.
  ptrdiff_t corrupt(char* buf) {
    return fail_data(std::string("corrupt gzip stream: ") + (zs_.msg ? zs_.msg : "inflate failed"), buf);
  }

  ptrdiff_t fail(std::string message, bool data) {
    ok_ = false;
    error_ = std::move(message);
    data_error_ = data;
    return -1;
  }

  // A data error (corrupt or truncated stream): the bytes this read decoded
  // before it are handed out first, the error (-1) comes with the next read,
  // so a truncated file still yields everything before the cut.
  ptrdiff_t fail_data(std::string message, char* buf) {
    ptrdiff_t got = zs_.next_out - reinterpret_cast<Bytef*>(buf);
    fail(std::move(message), true);
    return got > 0 ? got : -1;
  }

  std::unique_ptr<InputSource> raw_;
  std::string in_;
  z_stream zs_{};
  bool ok_ = false;
  bool done_ = false;
  bool raw_done_ = false;  // the compressed input is all read
  bool member_started_ = false;
  uint32_t crc_ = 0;               // of the member's bytes so far
  uint64_t length_ = 0;            // the member's bytes so far
  std::array<uint8_t, 8> tail_{};  // the last 8 bytes inflate read
};

}  // namespace

std::unique_ptr<InputSource> make_gzip_source(std::unique_ptr<InputSource> raw) {
  return std::make_unique<GzipSource>(std::move(raw));
}

}  // namespace tc::io
