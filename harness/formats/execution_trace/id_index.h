// Node id -> the position of the first node with that id, for a trace of
// millions of nodes. PyTorch numbers nodes from 1 as ops start, so ids are
// nearly dense: they sit in a vector indexed by id (4 bytes a slot), and
// only ids far past the others go to a hash map.
//
// Contract: insert() keeps the first position of an id; find() returns it,
// or nothing. Positions must be below 2^32 - 1 to sit in the vector; larger
// ones go to the map. Memory is about 4 bytes x (the largest dense id) x 2.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "formats/huge_pages.h"

namespace tc::formats::execution_trace {

class IdIndex {
 public:
  // Records `position` for `id` unless it has one; returns the first.
  // `inserted` says which.
  size_t insert(uint64_t id, size_t position, bool& inserted);
  std::optional<size_t> find(uint64_t id) const;
  bool contains(uint64_t id) const { return find(id).has_value(); }

 private:
  static constexpr uint32_t kNone = 0;  // dense_ holds position + 1
  std::vector<uint32_t, HugePageAllocator<uint32_t>> dense_;  // megabytes for millions of ids
  std::unordered_map<uint64_t, size_t> sparse_;
  size_t count_ = 0;
};

}  // namespace tc::formats::execution_trace
