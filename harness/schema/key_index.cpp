#include "schema/key_index.h"

#include <unordered_set>

namespace tc::schema::detail {

void KeyIndex::add(std::string_view key) {
  keys_.push_back(
      std::make_unique<std::string>(key));  // a duplicate keeps positions aligned; find() sees the first
  rebuild();
}

void KeyIndex::seal() {
  // Each key's first position (a repeated key is found there).
  std::vector<int32_t> distinct;
  std::unordered_set<std::string_view> seen;
  for (size_t i = 0; i < keys_.size(); ++i)
    if (seen.insert(*keys_[i]).second) distinct.push_back(static_cast<int32_t>(i));
  if (distinct.empty() || distinct.size() > kAloneMax) return;
  // A table of at least 4 slots a key (a power of two), doubled at most
  // twice, 16 seeds at each size. A seed separates 15 keys in 64 slots one
  // time in six, 32 keys in 256 slots one time in eight and in 512 slots
  // more than one time in three.
  size_t capacity = 8;
  while (capacity < distinct.size() * 4) capacity *= 2;
  for (int doubling = 0; doubling < 3; ++doubling, capacity *= 2)
    for (uint64_t seed = 0; seed < 16; ++seed)
      if (place_alone(distinct, capacity, seed * 0x9E3779B97F4A7C15ull)) return;
}

bool KeyIndex::same_tail(const Slot& slot, std::string_view key) const {
  const std::string& known = *keys_[static_cast<size_t>(slot.position)];
  return std::memcmp(known.data() + 16, key.data() + 16, key.size() - 16) == 0;
}

void KeyIndex::set_table(size_t capacity, uint64_t seed) {
  slots_.assign(capacity, Slot{});
  mask_ = capacity - 1;
  shift_ = shift_for(capacity);
  seed_ = seed;
}

KeyIndex::Slot KeyIndex::slot_of(int32_t position, const Words& w) const {
  return Slot{w.a, w.b, static_cast<uint32_t>(keys_[static_cast<size_t>(position)]->size()), position};
}

bool KeyIndex::place_alone(const std::vector<int32_t>& distinct, size_t capacity, uint64_t seed) {
  // The slots taken, a bit each: a seed that fails costs a few words.
  uint64_t taken[16 * kAloneMax / 64] = {};
  const unsigned shift = shift_for(capacity);
  for (int32_t i : distinct) {
    const std::string& key = *keys_[static_cast<size_t>(i)];
    const uint64_t s = home(words(key), key.size(), seed, shift);
    if (taken[s / 64] >> (s % 64) & 1) return false;
    taken[s / 64] |= uint64_t{1} << (s % 64);
  }
  set_table(capacity, seed);
  for (int32_t i : distinct) {
    const std::string& key = *keys_[static_cast<size_t>(i)];
    const Words w = words(key);
    slots_[home(w, key.size(), seed, shift)] = slot_of(i, w);
  }
  alone_ = true;
  return true;
}

void KeyIndex::rebuild() {
  size_t capacity = 8;
  while (capacity < keys_.size() * 2) capacity *= 2;  // load factor at most 1/2: short probes
  set_table(capacity, 0);
  alone_ = false;
  for (size_t i = 0; i < keys_.size(); ++i) {
    const std::string& key = *keys_[i];
    if (find(key) >= 0) continue;
    const Words w = words(key);
    uint64_t s = home(w, key.size(), seed_, shift_);
    while (slots_[s].position >= 0) s = (s + 1) & mask_;
    slots_[s] = slot_of(static_cast<int32_t>(i), w);
  }
}

}  // namespace tc::schema::detail
