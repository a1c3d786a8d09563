#include "formats/execution_trace/id_index.h"

#include <algorithm>

namespace tc::formats::execution_trace {
namespace {

// The vector grows to an id when that keeps it within a few slots per id
// held, so a trace of sparse or huge ids costs the map, not the vector.
constexpr uint64_t kSlack = 4096;

}  // namespace

std::optional<size_t> IdIndex::find(uint64_t id) const {
  if (id < dense_.size() && dense_[id] != kNone) return dense_[id] - 1;
  if (sparse_.empty()) return std::nullopt;
  auto it = sparse_.find(id);
  if (it == sparse_.end()) return std::nullopt;
  return it->second;
}

size_t IdIndex::insert(uint64_t id, size_t position, bool& inserted) {
  if (std::optional<size_t> first = find(id)) {
    inserted = false;
    return *first;
  }
  inserted = true;
  ++count_;
  const bool fits = position < UINT32_MAX;
  if (fits && id >= dense_.size() && id < 4 * count_ + kSlack)
    dense_.resize(std::max<uint64_t>(id + 1, 2 * dense_.size()), kNone);
  if (fits && id < dense_.size())
    dense_[id] = static_cast<uint32_t>(position + 1);
  else
    sparse_.emplace(id, position);
  return position;
}

}  // namespace tc::formats::execution_trace
