// A part of a compiled schema, seen from a reader that reads an instance's
// members itself and wants the schema's verdict from that same reading
// instead of a second walk (formats/execution_trace/node_fields.h).
//
// Contract:
// - a SchemaPart is the schema at one place of a CompiledSchema (the root,
//   a property's, an array's items) or "anything" (no constraint); it
//   stays valid while a copy of its CompiledSchema lives;
// - valid(e) is the verdict CompiledSchema::validate would give `e` there,
//   without errors; thread-safe;
// - record() describes the part only when, for an object, its verdict is
//   exactly that of its properties, required and additionalProperties
//   (no other keyword applies to objects, nor to every type); items()
//   only when, for an array, its verdict is exactly that of one items
//   schema. Otherwise they return nullopt and the reader calls valid();
// - neither says anything of instances of other types: a reader that uses
//   them must know by itself that the instance is an object (an array);
// - a RecordPart describes objects whose keys are distinct: the schema
//   judges every value of a repeated key, so a reader that meets one must
//   leave that object to valid().
#pragma once

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <vector>

#include "schema/schema.h"

namespace tc::schema {
namespace detail {
struct Subschema;
struct ObjectCheck;
}  // namespace detail

class RecordPart;

class SchemaPart {
 public:
  SchemaPart() = default;  // anything
  static SchemaPart root(const CompiledSchema& schema);

  inline __attribute__((always_inline)) bool valid(simdjson::dom::element e) const {
    // Inline for what most members are: anything, or a type every value of
    // `e`'s simdjson type has.
    if (form_ == Form::Anything || (form_ == Form::Types && (sure_ & sure_bit(e.type())))) return true;
    return decide(e);
  }
  std::optional<RecordPart> record() const;
  std::optional<SchemaPart> items() const;

 private:
  friend class RecordPart;
  // Types: only "type"; ItemsOfTypes: "type" (array) and items that are
  // only "type"; StringEnum: "enum" of strings (and "type").
  enum class Form : uint8_t { Anything, Types, ItemsOfTypes, StringEnum, General };
  explicit SchemaPart(const detail::Subschema* sub);
  bool decide(simdjson::dom::element e) const;
  static uint8_t sure_bits(uint8_t types);
  // A bit per simdjson type, looked up by the type's character (ARRAY is
  // '[', INT64 'l', ...): a table, not a switch, for a value per member.
  static constexpr std::array<uint8_t, 256> kSureBit = [] {
    using T = simdjson::dom::element_type;
    std::array<uint8_t, 256> bits{};
    const T types[] = {T::ARRAY, T::OBJECT, T::INT64, T::UINT64, T::DOUBLE, T::STRING, T::BOOL, T::NULL_VALUE};
    for (size_t i = 0; i < std::size(types); ++i) bits[static_cast<uint8_t>(types[i])] = static_cast<uint8_t>(1u << i);
    return bits;
  }();
  static inline __attribute__((always_inline)) uint8_t sure_bit(simdjson::dom::element_type t) {
    return kSureBit[static_cast<uint8_t>(t)];
  }

  const detail::Subschema* sub_ = nullptr;
  Form form_ = Form::Anything;
  uint8_t sure_ = 0;  // sure_bit()s of the simdjson types that pass "type" whatever the value
};

// An object schema of properties, required and, maybe,
// "additionalProperties": false.
class RecordPart {
 public:
  // The part a member named `key` must match; nullopt when the record
  // allows no such member.
  std::optional<SchemaPart> member(std::string_view key) const;
  std::vector<std::string_view> required() const;

 private:
  friend class SchemaPart;
  explicit RecordPart(const detail::ObjectCheck* check) : check_(check) {}
  const detail::ObjectCheck* check_;
};

}  // namespace tc::schema
