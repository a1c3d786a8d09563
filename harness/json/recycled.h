// Items reused instead of made anew, shared by threads: a fresh parser or
// buffer is fresh pages, which the kernel zeroes (40% of the page faults of
// --jobs 2 on a Kineto trace were a parser growing by a few bytes, 18% a
// piece's new buffer). For json/array_ahead.cpp's parsers, documents, piece
// buffers and memos, and the splitter's lent buffers (json/splitter.h).
//
// Contract: take() returns a kept item, else make()'s; give() keeps an item
// unless its capacity is above max_capacity (a rare one grown for a huge
// element) or max_kept items are kept already, and frees it then. Both may
// be called from any thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

namespace tc::json {

template <class T>
class Recycled {
 public:
  explicit Recycled(size_t max_capacity, size_t max_kept = SIZE_MAX)
      : max_capacity_(max_capacity), max_kept_(max_kept) {}

  template <class Make>
  T take(Make make) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!free_.empty()) {
        T item = std::move(free_.back());
        free_.pop_back();
        return item;
      }
    }
    return make();
  }

  void give(T item, size_t capacity) {
    if (capacity > max_capacity_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (free_.size() < max_kept_) free_.push_back(std::move(item));
  }

 private:
  const size_t max_capacity_;
  const size_t max_kept_;
  std::mutex mutex_;
  std::vector<T> free_;
};

}  // namespace tc::json
