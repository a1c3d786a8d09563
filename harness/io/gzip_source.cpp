// Gzip decoding with ISA-L's inflate (igzip), chunk by chunk. ISA-L
// rather than zlib: on this project's traces it inflates 3-4x as fast, and
// it checks each member's CRC-32 with carry-less multiplies where zlib
// 1.2.13's table-driven CRC alone took 10% of a check of a .json.gz
// (PERFORMANCE.md, "After 2b35db1").
#include <isa-l/igzip_lib.h>

#include <algorithm>
#include <memory>
#include <string>

#include "io/input_source.h"

namespace tc::io {
namespace {

// What a failed isal_inflate() found, in zlib's words where zlib has them.
std::string inflate_error(int rc) {
  switch (rc) {
    case ISAL_INVALID_BLOCK:
      return "invalid deflate block";
    case ISAL_INVALID_SYMBOL:
      return "invalid deflate symbol";
    case ISAL_INVALID_LOOKBACK:
      return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER:
      return "incorrect header check";
    case ISAL_UNSUPPORTED_METHOD:
      return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM:
      return "incorrect data check";
    case ISAL_NEED_DICT:
      return "need dictionary";
    default:
      return "inflate failed (" + std::to_string(rc) + ")";
  }
}

// Whether isal_inflate() failed: ISAL_END_INPUT (a gzip header cut by
// the end of a read) only asks for more input, like ISAL_DECOMP_OK.
bool failed(int rc) { return rc != ISAL_DECOMP_OK && rc != ISAL_END_INPUT; }

class GzipSource : public InputSource {
 public:
  explicit GzipSource(std::unique_ptr<InputSource> raw)
      : raw_(std::move(raw)), in_(kChunk, '\0'), st_(std::make_unique<inflate_state>()) {
    name_ = raw_->name();
    gzip_ = true;
    start_member();
  }

  ptrdiff_t read(char* buf, size_t n) override {
    if (!ok_) return -1;
    if (done_ || n == 0) return 0;
    st_->next_out = reinterpret_cast<uint8_t*>(buf);
    st_->avail_out = static_cast<uint32_t>(std::min<size_t>(n, 1u << 30));
    while (st_->avail_out > 0) {
      if (st_->avail_in == 0 && !raw_done_) {
        ptrdiff_t got = raw_->read(in_.data(), in_.size());
        if (got < 0) return fail(raw_->error(), false);
        if (got == 0) {
          raw_done_ = true;
        } else {
          st_->next_in = reinterpret_cast<uint8_t*>(in_.data());
          st_->avail_in = static_cast<uint32_t>(got);
        }
      }
      if (st_->avail_in == 0 && raw_done_) {
        // A stream that ends between members is complete; one that ends
        // inside a member was truncated, but first inflate hands out what
        // it still holds (output a short read had no room for).
        if (!member_started_) {
          done_ = true;
          break;
        }
        const uint32_t room = st_->avail_out;
        if (int rc = isal_inflate(st_.get()); failed(rc))
          return fail_data("corrupt gzip stream: " + inflate_error(rc), buf);
        if (st_->block_state == ISAL_BLOCK_FINISH) {
          start_member();
          continue;
        }
        if (st_->avail_out < room) continue;
        return fail_data("truncated gzip stream (unexpected end of file)", buf);
      }
      member_started_ = true;
      if (int rc = isal_inflate(st_.get()); failed(rc))
        return fail_data("corrupt gzip stream: " + inflate_error(rc), buf);
      // The member's trailer is read and its CRC checked: another member
      // may follow (as `cat a.gz b.gz` makes).
      if (st_->block_state == ISAL_BLOCK_FINISH) start_member();
    }
    return static_cast<ptrdiff_t>(st_->next_out - reinterpret_cast<uint8_t*>(buf));
  }

 private:
  static constexpr size_t kChunk = 1 << 18;

  // Resets the decoder for a member from the input left unread, into the
  // output room left (isal_inflate_init clears both); gzip framing only (a
  // zlib or raw deflate stream is corrupt).
  void start_member() {
    uint8_t* const next_in = st_->next_in;
    uint8_t* const next_out = st_->next_out;
    const uint32_t avail_in = st_->avail_in, avail_out = st_->avail_out;
    isal_inflate_init(st_.get());
    st_->crc_flag = ISAL_GZIP;
    st_->next_in = next_in;
    st_->avail_in = avail_in;
    st_->next_out = next_out;
    st_->avail_out = avail_out;
    member_started_ = false;
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
    ptrdiff_t got = st_->next_out - reinterpret_cast<uint8_t*>(buf);
    fail(std::move(message), true);
    return got > 0 ? got : -1;
  }

  std::unique_ptr<InputSource> raw_;
  std::string in_;
  std::unique_ptr<inflate_state> st_;  // about 100 KiB: its history and tables
  bool ok_ = true;
  bool done_ = false;
  bool raw_done_ = false;  // the compressed input is all read
  bool member_started_ = false;
};

}  // namespace

std::unique_ptr<InputSource> make_gzip_source(std::unique_ptr<InputSource> raw) {
  return std::make_unique<GzipSource>(std::move(raw));
}

}  // namespace tc::io
