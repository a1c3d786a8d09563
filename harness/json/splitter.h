// The splitter behind stream_json_array (internal to json/array_stream.cpp
// and json/array_scan.cpp): its state between reads. One object per stream.
//
// Contract: run() reads the source to its end (or an error, or on_batch
// returning false) and returns what json/array_stream.h promises. Buffer
// indexes (pos_, end_, value_start_) are relative to buf_, which holds the
// stream from byte base_ (modulo 2^64: buf_[0] is kFront, a byte before
// the first one read into it) and kJsonPadding zero bytes after end_, then
// one spare byte. With lent batches (JsonLentBatchFn), a buffer a caller
// still holds at a refill is left to it, and the kept bytes move to another.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "json/array_stream.h"
#include "json/block_scan.h"
#include "json/recycled.h"

namespace tc::json::detail {

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

class Splitter {
 public:
  Splitter(io::InputSource& source, const JsonStreamOptions& o, const JsonBatchFn& on_batch,
           const JsonLentBatchFn& on_lent_batch, const JsonMemberFn& on_member)
      : src_(source), o_(o), on_batch_(on_batch), on_lent_batch_(on_lent_batch), on_member_(on_member) {
    o_.chunk = std::max<size_t>(o_.chunk, 64);
    o_.max_element = std::max<size_t>(o_.max_element, 16);
    cap_ = 2 * o_.chunk;
    pooled_bytes_ = cap_ + kJsonPadding + 1;
    pool_ = std::make_shared<BufferPool>(pooled_bytes_, kKeptBuffers);
    buf_ = pooled();
#ifdef TC_JSON_BLOCK_X86
    avx2_ = o_.block_scan && !o_.baseline_block_scan && cpu_has_json_block_avx2();
#endif
  }

  JsonStreamResult run();

  static constexpr size_t kFront = 1;  // a byte before the first read into a buffer

 private:
  // Buffers of the first size, handed back by the last holder of a lent one
  // (on any thread) to be read into again.
  using BufferPool = Recycled<std::unique_ptr<char[]>>;
  static constexpr size_t kKeptBuffers = 4;
  // A buffer of pooled_bytes_ (zeroed when new, as the padding wants) that
  // goes back to the pool when its last holder lets go.
  std::shared_ptr<char[]> pooled() {
    std::shared_ptr<BufferPool> pool = pool_;
    const size_t bytes = pooled_bytes_;
    std::unique_ptr<char[]> b = pool->take([bytes] { return std::make_unique<char[]>(bytes); });
    return std::shared_ptr<char[]>(b.release(),
                                   [pool, bytes](char* p) { pool->give(std::unique_ptr<char[]>(p), bytes); });
  }
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
  size_t skip_whitespace(size_t at);  // the first index from `at` (up to end_) not JSON whitespace; counts newlines
  bool scan_value();
  bool scan_bytes(size_t limit);  // the byte-at-a-time scanner, up to buffer index `limit`
  // The same for a container value, 64 bytes at a time, with Cpu's
  // classify, popcount and string_interior (json/array_scan.cpp). Always
  // inlined, so that in scan_blocks_avx2 the whole loop is built for AVX2;
  // scan_blocks is the build for x86-64's baseline.
  template <class Cpu>
  [[gnu::always_inline]] inline bool scan_blocks_on();
  bool scan_blocks();
#ifdef TC_JSON_BLOCK_X86
  TC_JSON_BLOCK_AVX2 bool scan_blocks_avx2();
#endif
  void start_value(bool element);
  bool finish_value(size_t stop);
  bool too_long();  // the element at value_pos_ is longer than max_element: ElementTooLong
  bool end_array();
  bool at_eof();

  io::InputSource& src_;
  JsonStreamOptions o_;
  const JsonBatchFn& on_batch_;          // one of these two is set
  const JsonLentBatchFn& on_lent_batch_;
  const JsonMemberFn& on_member_;
  JsonStreamResult r_;

  size_t pooled_bytes_ = 0;
  std::shared_ptr<BufferPool> pool_;
  std::shared_ptr<char[]> buf_;  // cap_ + kJsonPadding + 1 bytes (pooled_bytes_, or more when grown)
  size_t cap_ = 0;
  size_t pos_ = kFront, end_ = kFront;
  uint64_t base_ = uint64_t{0} - kFront;  // stream offset of buf_[0], modulo 2^64
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
  // The open '{' / '[' of the value: stack_[0, depth_), grown on demand; an
  // index, not std::string's push_back/pop_back: the block scanner's inner loop.
  std::vector<char> stack_;
  size_t depth_ = 0;
  bool push(char c) {  // false past max_depth
    if (depth_ >= o_.max_depth) return false;
    if (depth_ == stack_.size()) stack_.resize(std::max<size_t>(64, 2 * depth_));
    stack_[depth_++] = c;
    return true;
  }
  std::string unclosed() const {  // what a stray closer does not close
    return depth_ == 0 ? std::string("anything") : std::string("'") + stack_[depth_ - 1] + "'";
  }
  bool in_string_ = false, escape_ = false, scalar_ = false, string_scalar_ = false;
#ifdef TC_JSON_BLOCK_X86
  bool avx2_ = false;  // scan_value scans blocks with scan_blocks_avx2
#endif
  std::string member_text_;
  bool member_truncated_ = false;
  JsonPosition last_comma_;
};

}  // namespace tc::json::detail
