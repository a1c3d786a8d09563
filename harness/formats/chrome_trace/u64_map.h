// A hash map from 64-bit keys (already hashes, so used as they are) to small
// values, for the pairing tables of the Chrome checks: one flat array with
// linear probing, so a lookup touches one cache line where a node-based map
// touches two or three, and a Bloom filter in front of it, so a lookup of a
// key that is not there (most of them in a trace whose flows stay open: every
// Kineto ac2g flow of a cut-off GPU trace) reads a few bits of one 64-bit
// word per eight slots instead of a slot of a table far larger than the
// caches.
//
// Contract: find/insert/erase as a map; insert() takes a key that is not in
// the map. Erasing shifts the following entries back (no tombstones), so
// lookups stay short however many entries came and went. The table doubles
// when 3/4 full and never shrinks. The filter keeps the bits of erased keys
// until it is rebuilt from the slots (after a quarter of the slots' number
// of erases), so it only ever errs towards a lookup. for_each visits every
// entry in an order that depends on the keys: callers that report in that
// order sort first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "formats/huge_pages.h"

namespace tc::formats::chrome_trace {

template <class V>
class U64Map {
 public:
  size_t size() const { return size_ + (zero_ ? 1 : 0); }

  V* find(uint64_t key) {
    if (key == 0) return zero_ ? &zero_value_ : nullptr;
    if (!maybe_holds(key)) return nullptr;
    for (size_t s = home(key);; s = next(s)) {
      Slot& slot = slots_[s];
      if (slot.key == 0) return nullptr;
      if (slot.key == key) return &slot.value;
    }
  }

  // Starts loading what find, insert or erase of `key` reads first: its
  // filter word and its home slot (both a cache miss in a large table).
  void prefetch(uint64_t key) const {
    if (slots_.empty()) return;
    fetch(&filter_[filter_word(key)]);
    fetch(&slots_[home(key)]);
  }

  void insert(uint64_t key, V value) {
    if (key == 0) {
      zero_ = true;
      zero_value_ = std::move(value);
      return;
    }
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();
    place(key, std::move(value));
    ++size_;
  }

  bool erase(uint64_t key) {
    if (key == 0) return std::exchange(zero_, false);
    if (!maybe_holds(key)) return false;
    size_t s = home(key);
    for (;; s = next(s)) {
      if (slots_[s].key == 0) return false;
      if (slots_[s].key == key) break;
    }
    // Backward shift: move up every later entry of the run that may stand
    // at the hole (its home is not between the hole and it, cyclically).
    size_t hole = s;
    for (size_t j = next(s); slots_[j].key != 0; j = next(j)) {
      size_t h = home(slots_[j].key);
      bool stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
      if (stays) continue;
      slots_[hole] = std::move(slots_[j]);
      hole = j;
    }
    slots_[hole].key = 0;
    --size_;
    if (++erased_ * 4 > slots_.size()) rebuild_filter();
    return true;
  }

  template <class F>
  void for_each(F&& f) {
    if (zero_) f(uint64_t{0}, zero_value_);
    for (Slot& slot : slots_)
      if (slot.key != 0) f(slot.key, slot.value);
  }

 private:
  struct Slot {
    uint64_t key = 0;  // 0: empty (the key 0 is held beside the table)
    V value{};
  };

  // A prefetch the compiler keeps: GCC 12 takes a function made only of
  // __builtin_prefetch for one without effects, and drops calls to it.
  static void fetch(const void* p) {
#if defined(__x86_64__) || defined(__i386__)
    asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(p)));
#else
    __builtin_prefetch(p);
#endif
  }

  size_t home(uint64_t key) const { return static_cast<size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_); }
  size_t next(size_t s) const { return (s + 1) & (slots_.size() - 1); }

  // The filter: one 64-bit word per 8 slots, of which each key sets 4 bits
  // (a blocked Bloom filter: one cache line per lookup). The word and the
  // bits come from the high bits of two other multiplicative hashes than
  // home()'s, so they follow neither it nor each other.
  static uint64_t filter_bits(uint64_t key) {
    const uint64_t h = key * 0x9FB21C651E98DF25ULL;
    return (uint64_t{1} << (h >> 58)) | (uint64_t{1} << ((h >> 52) & 63)) | (uint64_t{1} << ((h >> 46) & 63)) |
           (uint64_t{1} << ((h >> 40) & 63));
  }
  size_t filter_word(uint64_t key) const { return static_cast<size_t>((key * 0xC2B2AE3D27D4EB4FULL) >> filter_shift_); }
  bool maybe_holds(uint64_t key) const {
    if (slots_.empty()) return false;
    const uint64_t bits = filter_bits(key);
    return (filter_[filter_word(key)] & bits) == bits;
  }
  void add_to_filter(uint64_t key) { filter_[filter_word(key)] |= filter_bits(key); }
  void rebuild_filter() {
    filter_.assign(slots_.size() / 8, 0);
    filter_shift_ = 64 - static_cast<unsigned>(__builtin_ctzll(filter_.size()));
    for (const Slot& slot : slots_)
      if (slot.key != 0) add_to_filter(slot.key);
    erased_ = 0;
  }

  void place(uint64_t key, V value) {
    size_t s = home(key);
    while (slots_[s].key != 0) s = next(s);
    slots_[s] = {key, std::move(value)};
    add_to_filter(key);
  }

  void grow() {
    std::vector<Slot, HugePageAllocator<Slot>> old = std::move(slots_);
    size_t n = old.empty() ? 64 : old.size() * 2;
    slots_.assign(n, Slot{});
    shift_ = 64 - static_cast<unsigned>(__builtin_ctzll(n));
    rebuild_filter();
    for (Slot& slot : old)
      if (slot.key != 0) place(slot.key, std::move(slot.value));
  }

  std::vector<Slot, HugePageAllocator<Slot>> slots_;  // a power of two
  unsigned shift_ = 64;
  size_t size_ = 0;  // used slots
  std::vector<uint64_t> filter_;
  unsigned filter_shift_ = 64;
  size_t erased_ = 0;  // since the filter was last built
  bool zero_ = false;  // the key 0, which marks an empty slot, is held here
  V zero_value_{};
};

}  // namespace tc::formats::chrome_trace
