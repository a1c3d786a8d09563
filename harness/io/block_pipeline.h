// Reads an input ahead in blocks of whole lines, prepares each block on
// several threads (work that depends on the block's bytes alone, such as
// hashing the payloads it holds), and serves the bytes in order as an
// InputSource: the reader downstream sees exactly the stream it would see
// reading the input itself, and finds each block's preparation ready.
//
//   source -> [read, cut after a '\n'] -> prepare (any thread) -> served in
//   order: on_served(block), then its bytes through read()
//
// Contract:
// - a block ends just after a '\n'; a block with no '\n' in it (part of a
//   line longer than a block) is cut where it is full, and the next block's
//   starts_line is false. Block::first_line, the number of the line the
//   block starts in (1-based, as io::LineReader counts), is known only once
//   the blocks before it are counted: on_served sees it, prepare does not
//   (it numbers lines from the block's start).
// - prepare runs once per block, on one of the `threads` - 1 helpers or on
//   the thread calling read(), blocks possibly out of order; on_served runs
//   on the thread calling read(), in block order, before any byte of the
//   block is returned. With threads <= 1 there is no helper: the calling
//   thread reads, prepares and serves one block at a time.
// - at most threads + 2 blocks are held at once (read, being prepared or
//   waiting to be served), so memory stays within (threads + 3) x
//   block_bytes plus the preparations.
// - a read error of the source passes through: the bytes before it are
//   served, then read() returns -1 with the source's error() and
//   data_error().
// - prepare and on_served must not throw; the destructor stops and joins
//   the helpers, whether or not the input was read to its end.
#pragma once

#include <any>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "io/input_source.h"

namespace tc::io {

struct Block {
  std::string_view text() const { return {data.get(), size}; }

  std::unique_ptr<char[]> data;
  size_t size = 0;
  std::vector<uint32_t> line_ends;  // the offset of each '\n' in it (blocks are far smaller than 4 GiB)
  bool valid_utf8 = false;  // all of it (a block cut inside a long line may end inside a character)
  uint64_t first_line = 0;  // set before on_served
  bool starts_line = true;
  std::any prepared;  // what prepare() made of it
};

class BlockPipeline : public InputSource {
 public:
  using Prepare = std::function<void(Block&)>;
  using Served = std::function<void(Block&)>;

  static constexpr size_t kDefaultBlockBytes = size_t{1} << 20;

  BlockPipeline(InputSource& source, unsigned threads, Prepare prepare, Served on_served,
                size_t block_bytes = kDefaultBlockBytes);
  ~BlockPipeline() override;
  BlockPipeline(const BlockPipeline&) = delete;
  BlockPipeline& operator=(const BlockPipeline&) = delete;

  ptrdiff_t read(char* buf, size_t n) override;
  // The rest of the block being served, in place: a whole number of lines
  // unless a line is longer than a block or the input ends without a '\n'.
  bool lends() const override { return true; }
  // A block lent whole comes with what the thread that read it found out:
  // whether it is valid UTF-8, and where its lines end.
  ptrdiff_t lend(Lent& out) override;

 private:
  struct Slot {
    Block block;
    bool ready = false;
  };

  // Reads and prepares the next block when one may be held; false when the
  // input is done or max_blocks are held. Called with `lock` held; releases
  // it while preparing.
  bool produce(std::unique_lock<std::mutex>& lock);
  // Moves to the next block when the one being served is all handed out;
  // false at the end (or an error: -1 then) with `*status` set.
  bool serve_next(ptrdiff_t* status);
  void help();
  void stop_helpers();

  InputSource& source_;
  Prepare prepare_;
  Served on_served_;
  const size_t block_bytes_;
  const size_t max_blocks_;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Slot> slots_;   // the blocks read and not yet served, in order
  std::string carry_;        // bytes after the last '\n' read so far
  uint64_t next_first_line_ = 1;  // of the next block served
  bool next_starts_line_ = true;
  bool source_done_ = false;
  bool source_failed_ = false;
  bool stop_ = false;

  Block serving_;            // the block read() is handing out
  size_t serving_at_ = 0;
  std::vector<std::unique_ptr<char[]>> free_;  // buffers of served blocks, reused
  std::vector<std::thread> helpers_;
};

}  // namespace tc::io
