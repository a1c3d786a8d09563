#include "io/block_pipeline.h"

#include <algorithm>
#include <string.h>  // memrchr

#include <cstring>

#include "io/newlines.h"
#include "io/utf8.h"

namespace tc::io {

BlockPipeline::BlockPipeline(InputSource& source, unsigned threads, Prepare prepare, Served on_served,
                             size_t block_bytes)
    : source_(source),
      prepare_(std::move(prepare)),
      on_served_(std::move(on_served)),
      block_bytes_(std::clamp<size_t>(block_bytes, 1, size_t{1} << 31)),  // line ends are 32-bit offsets
      max_blocks_(std::max(threads, 1u) + 2) {
  name_ = source.name();
  gzip_ = source.gzip();
  try {
    for (unsigned t = 1; t < threads; ++t) helpers_.emplace_back([this] { help(); });
  } catch (...) {  // a thread that cannot start: stop the ones that did
    stop_helpers();
    throw;
  }
}

void BlockPipeline::stop_helpers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  for (std::thread& t : helpers_) t.join();
  helpers_.clear();
}

BlockPipeline::~BlockPipeline() { stop_helpers(); }

bool BlockPipeline::produce(std::unique_lock<std::mutex>& lock) {
  if (source_done_ || stop_ || slots_.size() >= max_blocks_) return false;
  // Read under the lock: blocks must leave the source in order.
  Block block;
  if (!free_.empty()) {
    block.data = std::move(free_.back());
    free_.pop_back();
  } else {
    block.data = std::make_unique_for_overwrite<char[]>(block_bytes_ + kLendPadding);
  }
  char* const data = block.data.get();
  size_t have = carry_.size();
  std::memcpy(data, carry_.data(), have);
  carry_.clear();
  block.starts_line = next_starts_line_;
  while (have < block_bytes_) {
    ptrdiff_t n = source_.read(data + have, block_bytes_ - have);
    if (n <= 0) {
      source_done_ = true;
      if (n < 0) {
        source_failed_ = true;
        error_ = source_.error();
        data_error_ = source_.data_error();
      }
      break;
    }
    have += static_cast<size_t>(n);
  }
  if (!source_done_) {
    // Keep the partial last line for the next block, unless the block holds
    // no '\n' at all (a line longer than a block).
    const void* last = memrchr(data, '\n', have);
    if (last) {
      const size_t end = static_cast<size_t>(static_cast<const char*>(last) - data) + 1;
      carry_.assign(data + end, have - end);
      have = end;
    }
    next_starts_line_ = last != nullptr;
  }
  block.size = have;
  std::memset(data + have, 0, kLendPadding);  // lent bytes are followed by these
  if (have == 0) {
    free_.push_back(std::move(block.data));
    return false;
  }
  slots_.push_back(Slot{std::move(block), false});
  Slot& slot = slots_.back();  // deque: stays put while others are pushed and popped
  lock.unlock();
  slot.block.line_ends = find_line_ends(slot.block.text());
  slot.block.valid_utf8 = is_valid_utf8(slot.block.text());
  prepare_(slot.block);
  lock.lock();
  slot.ready = true;
  changed_.notify_all();
  return true;
}

void BlockPipeline::help() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_) {
    if (!produce(lock)) changed_.wait(lock);
  }
}

bool BlockPipeline::serve_next(ptrdiff_t* status) {
  if (serving_at_ < serving_.size) return true;
  std::unique_lock<std::mutex> lock(mutex_);
  if (serving_.data) free_.push_back(std::move(serving_.data));
  while (true) {
    if (!slots_.empty() && slots_.front().ready) break;
    // Not ready yet: read and prepare another block meanwhile, or wait.
    if (produce(lock)) continue;
    if (slots_.empty() && source_done_) {
      *status = source_failed_ ? -1 : 0;
      return false;
    }
    changed_.wait(lock);
  }
  serving_ = std::move(slots_.front().block);
  slots_.pop_front();
  serving_at_ = 0;
  lock.unlock();
  changed_.notify_all();  // a slot is free for the helpers
  serving_.first_line = next_first_line_;
  next_first_line_ += serving_.line_ends.size();
  on_served_(serving_);
  return true;
}

ptrdiff_t BlockPipeline::read(char* buf, size_t n) {
  ptrdiff_t status = 0;
  if (!serve_next(&status)) return status;
  const size_t k = std::min(n, serving_.size - serving_at_);
  std::memcpy(buf, serving_.data.get() + serving_at_, k);
  serving_at_ += k;
  return static_cast<ptrdiff_t>(k);
}

ptrdiff_t BlockPipeline::lend(Lent& out) {
  ptrdiff_t status = 0;
  out = {};
  if (!serve_next(&status)) return status;
  const bool whole = serving_at_ == 0;
  out.data = serving_.data.get() + serving_at_;
  out.valid_utf8 = whole && serving_.valid_utf8;
  out.line_ends = whole ? &serving_.line_ends : nullptr;
  const size_t k = serving_.size - serving_at_;
  serving_at_ = serving_.size;
  return static_cast<ptrdiff_t>(k);
}

}  // namespace tc::io
