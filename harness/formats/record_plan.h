// A schema's record (schema/schema_part.h RecordPart) laid over a reader's
// own list of keys, so that a reader that finds its keys in one pass over an
// object also has the schema's verdict on that object, without a second
// walk (an execution-trace node, a Chrome event).
//
// Contract:
// - plan_record() is usable only when every property the record requires
//   is one of the reader's keys (a member the reader would not see could
//   not be known present);
// - admits(found, value) is the record's verdict on an object whose
//   members are all among the keys, each at most once: found[i] says key i
//   is there, value[i] is its value. A reader that met another member, or
//   one twice, must ask the schema itself (the schema judges every value of
//   a repeated key);
// - a key marked nested is left to the reader, which decides its value
//   where it reads it (its own plan).
#pragma once

#include <simdjson.h>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "schema/schema_part.h"

namespace tc::formats {

template <size_t N>
struct RecordPlan {
  static_assert(N <= 64, "the keys are bits of one word");
  bool usable = false;
  std::array<schema::SchemaPart, N> part{};
  std::array<bool, N> allowed{};   // the record admits a member by that name
  std::array<bool, N> required{};
  std::array<bool, N> nested{};    // decided where the reader reads its content
  // allowed and required as words, bit i for key i (plan_record sets both).
  uint64_t allowed_bits = 0, required_bits = 0;

  // `present`: bit i is set when key i is there. Only the values of
  // present keys are read, so that a reader that keeps its keys as bits
  // pays per member rather than per key.
  bool admits(uint64_t present, const simdjson::dom::element* value) const {
    if ((present & required_bits) != required_bits || (present & ~allowed_bits)) return false;
    for (uint64_t left = present; left; left &= left - 1) {
      const size_t i = static_cast<size_t>(std::countr_zero(left));
      if (!nested[i] && !part[i].valid(value[i])) return false;
    }
    return true;
  }
  // The same, with `found` indexable by key: found[i] is true when key i is
  // there. A key at a time (a reader that keeps its keys as flags would
  // pay more to make them bits first).
  template <class Found>
    requires(!std::is_integral_v<Found>)
  bool admits(const Found& found, const simdjson::dom::element* value) const {
    for (size_t i = 0; i < N; ++i) {
      if (!found[i]) {
        if (required[i]) return false;
        continue;
      }
      if (!allowed[i] || (!nested[i] && !part[i].valid(value[i]))) return false;
    }
    return true;
  }
};

template <size_t N>
RecordPlan<N> plan_record(const schema::RecordPart& record, const std::array<std::string_view, N>& keys) {
  RecordPlan<N> plan;
  for (size_t i = 0; i < N; ++i) {
    std::optional<schema::SchemaPart> part = record.member(keys[i]);
    plan.allowed[i] = part.has_value();
    if (part) plan.part[i] = *part;
  }
  for (std::string_view name : record.required()) {
    size_t i = 0;
    while (i < N && keys[i] != name) ++i;
    if (i == N) return {};  // a member the reader would not see
    plan.required[i] = true;
  }
  for (size_t i = 0; i < N; ++i) {
    plan.allowed_bits |= uint64_t{plan.allowed[i]} << i;
    plan.required_bits |= uint64_t{plan.required[i]} << i;
  }
  plan.usable = true;
  return plan;
}

}  // namespace tc::formats
