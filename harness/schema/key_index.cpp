#include "schema/key_index.h"

namespace tc::schema::detail {

void KeyIndex::add(std::string_view key) {
  keys_.push_back(
      std::make_unique<std::string>(key));  // a duplicate keeps positions aligned; find() sees the first
  rebuild();
}

void KeyIndex::rebuild() {
  size_t capacity = 8;
  while (capacity < keys_.size() * 2) capacity *= 2;  // load factor at most 1/2: short probes
  slots_.assign(capacity, Slot{});
  mask_ = capacity - 1;
  for (size_t i = 0; i < keys_.size(); ++i) {
    const std::string& key = *keys_[i];
    if (find(key) >= 0) continue;
    Words w = words(key);
    uint64_t s = hash(w, key.size()) & mask_;
    while (slots_[s].position >= 0) s = (s + 1) & mask_;
    slots_[s] = Slot{w, key.data(), key.size(), static_cast<int32_t>(i)};
  }
}

}  // namespace tc::schema::detail
