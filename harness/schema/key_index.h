// A fixed set of strings mapped to their positions, for the per-member
// lookups of properties and string enums (internal).
//
// Contract: find() neither allocates nor copies: it reads the key with
// fixed-size loads only (first and last bytes), which for keys up to 16
// bytes decide equality outright; longer keys are compared with memcmp only
// when those words match. A lookup is a few nanoseconds whatever the key.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tc::schema::detail {

class KeyIndex {
 public:
  // Positions are the order of add(); a repeated key keeps its first position.
  void add(std::string_view key);
  size_t size() const { return keys_.size(); }

  int32_t find(std::string_view key) const {
    if (slots_.empty()) return -1;
    Words w = words(key);
    uint64_t h = hash(w, key.size());
    for (uint64_t s = h & mask_;; s = (s + 1) & mask_) {
      const Slot& slot = slots_[s];
      if (slot.position < 0) return -1;
      if (slot.words.a != w.a || slot.words.b != w.b || slot.size != key.size()) continue;
      // Up to 16 bytes the two words hold every byte of the key.
      if (key.size() <= 16 || std::memcmp(slot.data, key.data(), key.size()) == 0) return slot.position;
    }
  }

 private:
  // Fixed-size loads covering the first and last bytes of a key: for keys
  // of at most 16 bytes, equal words and length mean equal keys.
  struct Words {
    uint64_t a = 0, b = 0;
  };
  static Words words(std::string_view key) {
    const char* p = key.data();
    size_t n = key.size();
    uint64_t a, b;
    if (n >= 8) {
      a = load64(p);
      b = load64(p + n - 8);
    } else if (n >= 4) {
      a = load32(p);
      b = load32(p + n - 4);
    } else if (n > 0) {
      a = static_cast<unsigned char>(p[0]) | static_cast<uint64_t>(static_cast<unsigned char>(p[n / 2])) << 8;
      b = static_cast<unsigned char>(p[n - 1]);
    } else {
      a = b = 0;
    }
    return {a, b};
  }
  static uint64_t hash(Words w, size_t n) {
    uint64_t h = (w.a ^ 0x9E3779B97F4A7C15ull) * (w.b ^ 0xBF58476D1CE4E5B9ull ^ n);
    return h ^ (h >> 29) ^ (h >> 47);
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

  struct Slot {
    Words words;
    const char* data = nullptr;
    size_t size = 0;
    int32_t position = -1;  // -1: empty
  };
  void rebuild();

  std::vector<std::unique_ptr<std::string>> keys_;  // stable bytes for Slot::data
  std::vector<Slot> slots_;
  uint64_t mask_ = 0;
};

}  // namespace tc::schema::detail
