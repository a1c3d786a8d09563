// Gzip decoding with zlib's inflate, chunk by chunk.
#include <zlib.h>

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
    ok_ = inflateInit2(&zs_, 16 + MAX_WBITS) == Z_OK;
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
        int rc = inflate(&zs_, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
          member_started_ = false;
          if (inflateReset(&zs_) != Z_OK) return fail("zlib: cannot reset inflate", false);
          continue;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR)  // what it held was corrupt, as the main path says
          return fail_data(std::string("corrupt gzip stream: ") + (zs_.msg ? zs_.msg : "inflate failed"), buf);
        if (zs_.avail_out < room) continue;
        return fail_data("truncated gzip stream (unexpected end of file)", buf);
      }
      member_started_ = true;
      int rc = inflate(&zs_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END) {
        member_started_ = false;
        // Another member may follow (as `cat a.gz b.gz` makes).
        if (inflateReset(&zs_) != Z_OK) return fail("zlib: cannot reset inflate", false);
        continue;
      }
      if (rc == Z_BUF_ERROR) continue;  // needs more input
      if (rc != Z_OK) {
        return fail_data(std::string("corrupt gzip stream: ") + (zs_.msg ? zs_.msg : "inflate failed"), buf);
      }
    }
    return static_cast<ptrdiff_t>(zs_.next_out - reinterpret_cast<Bytef*>(buf));
  }

 private:
  static constexpr size_t kChunk = 1 << 18;

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
};

}  // namespace

std::unique_ptr<InputSource> make_gzip_source(std::unique_ptr<InputSource> raw) {
  return std::make_unique<GzipSource>(std::move(raw));
}

}  // namespace tc::io
