// A hash map from 64-bit keys (already hashes, so used as they are) to small
// values, for the pairing tables of the Chrome checks: one flat array with
// linear probing, so a lookup touches one cache line where a node-based map
// touches two or three.
//
// Contract: find/insert/erase as a map; insert() takes a key that is not in
// the map. Erasing shifts the following entries back (no tombstones), so
// lookups stay short however many entries came and went. The table doubles
// when 3/4 full and never shrinks. for_each visits every entry in an order
// that depends on the keys: callers that report in that order sort first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tc::formats::chrome_trace {

template <class V>
class U64Map {
 public:
  size_t size() const { return size_; }

  V* find(uint64_t key) {
    if (slots_.empty()) return nullptr;
    for (size_t s = home(key);; s = next(s)) {
      Slot& slot = slots_[s];
      if (!slot.used) return nullptr;
      if (slot.key == key) return &slot.value;
    }
  }

  void insert(uint64_t key, V value) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();
    size_t s = home(key);
    while (slots_[s].used) s = next(s);
    slots_[s] = {key, std::move(value), true};
    ++size_;
  }

  bool erase(uint64_t key) {
    if (slots_.empty()) return false;
    size_t s = home(key);
    for (;; s = next(s)) {
      if (!slots_[s].used) return false;
      if (slots_[s].key == key) break;
    }
    // Backward shift: move up every later entry of the run that may stand
    // at the hole (its home is not between the hole and it, cyclically).
    size_t hole = s;
    for (size_t j = next(s); slots_[j].used; j = next(j)) {
      size_t h = home(slots_[j].key);
      bool stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
      if (stays) continue;
      slots_[hole] = std::move(slots_[j]);
      hole = j;
    }
    slots_[hole].used = false;
    --size_;
    return true;
  }

  template <class F>
  void for_each(F&& f) {
    for (Slot& slot : slots_)
      if (slot.used) f(slot.key, slot.value);
  }

 private:
  struct Slot {
    uint64_t key = 0;
    V value{};
    bool used = false;
  };

  size_t home(uint64_t key) const { return static_cast<size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_); }
  size_t next(size_t s) const { return (s + 1) & (slots_.size() - 1); }

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    size_t n = old.empty() ? 64 : old.size() * 2;
    slots_.assign(n, Slot{});
    shift_ = 64 - static_cast<unsigned>(__builtin_ctzll(n));
    size_ = 0;
    for (Slot& slot : old)
      if (slot.used) insert(slot.key, std::move(slot.value));
  }

  std::vector<Slot> slots_;  // a power of two
  unsigned shift_ = 64;
  size_t size_ = 0;
};

}  // namespace tc::formats::chrome_trace
