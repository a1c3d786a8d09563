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
#include <cstddef>
#include <optional>
#include <string_view>

#include "schema/schema_part.h"

namespace tc::formats {

template <size_t N>
struct RecordPlan {
  bool usable = false;
  std::array<schema::SchemaPart, N> part{};
  std::array<bool, N> allowed{};   // the record admits a member by that name
  std::array<bool, N> required{};
  std::array<bool, N> nested{};    // decided where the reader reads its content

  // `found` is indexable by key: found[i] is true when key i is there.
  template <class Found>
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
  plan.usable = true;
  return plan;
}

}  // namespace tc::formats
