// A fixed set of strings mapped to their positions, for the per-member
// lookups of properties and string enums (internal).
//
// Contract: find() neither allocates nor copies. A key is known by its
// length and its first 16 bytes (zero beyond its end), which for keys up to
// 16 bytes decide equality outright; longer keys are compared with memcmp
// only when those match. A sealed set of up to kAloneMax keys is hashed
// with a seed under which each key has its home slot to itself, so a
// lookup is one slot and one compare, with no probe to mispredict; a
// larger set, one not sealed or one no seed tried separates is probed
// linearly. find_padded() is the same lookup for a key with 16 bytes
// readable from its start (a string in a simdjson document: its string
// buffer is padded): two loads and two masks, no branch on the length
// below 17 bytes, so the evaluator's lookups of keys of every length
// ("ph", "ts", "args", "External id") do not mispredict.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tc::schema::detail {

class KeyIndex {
 public:
  // Positions are the order of add(); a repeated key keeps its first position.
  void add(std::string_view key);
  // Once every key is added: looks for a seed under which each key has its
  // home slot to itself (see alone()); lookups give the same answers either
  // way. A later add() probes again until sealed again.
  void seal();
  size_t size() const { return keys_.size(); }
  static constexpr size_t kAloneMax = 32;
  // Whether each key has its home slot to itself (lookups do not probe).
  bool alone() const { return alone_; }

  int32_t find(std::string_view key) const { return find_words(words(key), key); }
  // Forced inline, as is find_words: a few loads and one compare, which
  // GCC left out of line (a call per key) once they had more callers.
  inline __attribute__((always_inline)) int32_t find_padded(std::string_view key) const {
    if constexpr (std::endian::native != std::endian::little)
      return find_words(words(key), key);
    else
      return find_words(padded_words(key), key);
  }

 private:
  // The first 16 bytes of a key, zero past its end; and, only to hash, a
  // hash of the rest of a longer key (zero for others), so that long keys
  // that share their first 16 bytes and length
  // ("maxThreadsPerMultiprocessor", "maxThreadsPerMultiProcessor") can
  // still have slots of their own.
  struct Words {
    uint64_t a = 0, b = 0;
    uint64_t tail = 0;
  };
  static uint64_t tail_hash(std::string_view key) {
    return key.size() > 16 ? std::hash<std::string_view>{}(key.substr(16)) : 0;  // a branch taken rarely
  }
  static Words words(std::string_view key) {
    if constexpr (std::endian::native != std::endian::little) {
      char bytes[16] = {};
      std::memcpy(bytes, key.data(), key.size() < 16 ? key.size() : 16);
      return {load64(bytes), load64(bytes + 8), tail_hash(key)};
    } else {
      return little_endian_words(key);
    }
  }
  // Loads within the key only: its first and last bytes, shifted into
  // place (little-endian: byte i is bits 8i..8i+7).
  static Words little_endian_words(std::string_view key) {
    const char* p = key.data();
    const size_t n = key.size();
    if (n >= 16) return {load64(p), load64(p + 8), tail_hash(key)};
    if (n > 8) return {load64(p), load64(p + n - 8) >> (8 * (16 - n)), 0};
    if (n == 8) return {load64(p), 0, 0};
    if (n >= 4) return {load32(p) | (load32(p + n - 4) >> (8 * (8 - n))) << 32, 0, 0};
    if (n == 0) return {0, 0, 0};
    const auto byte = [&](size_t i) { return uint64_t{static_cast<unsigned char>(p[i])} << (8 * i); };
    return {byte(0) | byte(n / 2) | byte(n - 1), 0, 0};
  }
  // The same words read in place (little-endian: the first bytes are the
  // low ones, so a mask keeps a key's own bytes).
  static Words padded_words(std::string_view key) {
    const size_t n = key.size();
    const size_t in_a = n < 8 ? n : 8;
    const size_t in_b = n < 8 ? 0 : (n < 16 ? n - 8 : 8);
    return {load64(key.data()) & low_bytes(in_a), load64(key.data() + 8) & low_bytes(in_b), tail_hash(key)};
  }
  // A mask of the low k bytes, k in [0, 8].
  static uint64_t low_bytes(size_t k) { return k >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * k)) - 1; }
  // A key's home slot: the top bits of a multiplicative mix of its words,
  // its length and the seed (top bits depend on every input bit).
  static uint64_t home(Words w, size_t n, uint64_t seed, unsigned shift) {
    uint64_t h = (w.a ^ 0x9E3779B97F4A7C15ull ^ seed) * (w.b ^ 0xBF58476D1CE4E5B9ull ^ n);
    h ^= (h >> 29) ^ w.tail;
    return (h * 0x94D049BB133111EBull) >> shift;
  }
  static uint64_t load64(const char* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  static uint64_t load32(const char* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }

  inline __attribute__((always_inline)) int32_t find_words(Words w, std::string_view key) const {
    if (slots_.empty()) return -1;
    uint64_t s = home(w, key.size(), seed_, shift_);
    if (alone_) {
      // Each key is alone in its home slot: one compare decides. An empty
      // slot (words 0, size 0, position -1) matches only the empty key,
      // and answers -1 for it.
      const Slot& slot = slots_[s];
      const bool same = slot.a == w.a && slot.b == w.b && slot.size == key.size();
      return same && (key.size() <= 16 || same_tail(slot, key)) ? slot.position : -1;
    }
    for (;; s = (s + 1) & mask_) {
      const Slot& slot = slots_[s];
      if (slot.position < 0) return -1;
      if (slot.a != w.a || slot.b != w.b || slot.size != key.size()) continue;
      // Up to 16 bytes the two words hold every byte of the key.
      if (key.size() <= 16 || same_tail(slot, key)) return slot.position;
    }
  }
  struct Slot {
    uint64_t a = 0, b = 0;  // the key's first 16 bytes (Words)
    uint32_t size = 0;
    int32_t position = -1;  // -1: empty
  };
  // Whether a long key's bytes past the first 16 are the slot's (kept out
  // of line: no schema of ours names a property that long on a hot path).
  bool same_tail(const Slot& slot, std::string_view key) const;
  void rebuild();
  // Whether the keys at `distinct` (positions in keys_) have home slots of
  // their own in a table of `capacity` under `seed`; if so the table is
  // built so.
  bool place_alone(const std::vector<int32_t>& distinct, size_t capacity, uint64_t seed);
  void set_table(size_t capacity, uint64_t seed);
  // The slot of the key at `position`, whose words are `w`.
  Slot slot_of(int32_t position, const Words& w) const;
  // home()'s shift for a table of `capacity` slots (a power of two).
  static unsigned shift_for(size_t capacity) { return 64 - static_cast<unsigned>(__builtin_ctzll(capacity)); }

  std::vector<std::unique_ptr<std::string>> keys_;  // in add() order; a slot's key is keys_[position]
  std::vector<Slot> slots_;
  uint64_t mask_ = 0;
  unsigned shift_ = 64;  // 64 - log2(slots)
  uint64_t seed_ = 0;
  bool alone_ = false;  // every key in its home slot (else linear probing)
};

}  // namespace tc::schema::detail
