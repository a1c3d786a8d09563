// The instance types the evaluator runs over (internal). Each adapter is a
// set of static functions over a cheap-to-copy handle:
//   kind, type_bits (schema/type_bits.h), boolean, number, string,
//   array_size, object_size,
//   each_item(e, f(index, item) -> bool keep_going) -> bool completed,
//   each_member(e, f(key, value) -> bool keep_going) -> bool completed,
//   find_member(e, key, &out), render(e) (compact JSON, for messages),
//   find_in(index, s): a KeyIndex lookup of a string or key of the instance.
// SimdAdapter reads simdjson DOM elements, ValueAdapter tc::json::Value,
// KeyAdapter a bare string (an object key, for propertyNames).
#pragma once

#include <simdjson.h>

#include <array>
#include <charconv>
#include <cstring>
#include <string>
#include <string_view>

#include "json/python_dump.h"
#include "json/tape.h"
#include "json/value.h"
#include "schema/key_index.h"
#include "schema/number.h"
#include "schema/type_bits.h"

namespace tc::schema::detail {

enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };

// The evaluator calls these accessors for every value; GCC left some out
// of line (each returning its result through memory), so they are forced
// inline. The value readers instead stay functions that inline simdjson's
// get_int64 & co. (flatten): out of line, those return simdjson_result
// through a 4-byte store and an 8-byte reload, a store-forwarding stall
// that cost ~10% of validation.
#define TC_SCHEMA_INLINE inline __attribute__((always_inline))
#define TC_SCHEMA_FLATTEN inline __attribute__((flatten))

struct SimdAdapter {
  using Elem = simdjson::dom::element;
  static TC_SCHEMA_INLINE Kind kind(Elem e) {
    switch (e.type()) {
      case simdjson::dom::element_type::ARRAY: return Kind::Array;
      case simdjson::dom::element_type::OBJECT: return Kind::Object;
      case simdjson::dom::element_type::INT64:
      case simdjson::dom::element_type::UINT64:
      case simdjson::dom::element_type::DOUBLE: return Kind::Number;
      case simdjson::dom::element_type::STRING: return Kind::String;
      case simdjson::dom::element_type::BOOL: return Kind::Bool;
      case simdjson::dom::element_type::NULL_VALUE: return Kind::Null;
    }
    return Kind::Null;
  }
  // By the tape's type letter, one load: no switch whose case changes
  // member after member to mispredict.
  static TC_SCHEMA_INLINE uint8_t type_bits(Elem e) { return type_bits_of(e.type()); }
  static constexpr uint8_t type_bits_of(simdjson::dom::element_type t) {
    return kTypeBits[static_cast<unsigned char>(t) & 127];
  }
  static TC_SCHEMA_FLATTEN bool boolean(Elem e) { return e.get_bool().value_unsafe(); }
  static TC_SCHEMA_FLATTEN Number number(Elem e) {
    switch (e.type()) {
      case simdjson::dom::element_type::INT64: return Number::of(e.get_int64().value_unsafe());
      case simdjson::dom::element_type::UINT64: return Number::of(e.get_uint64().value_unsafe());
      default: return Number::of(e.get_double().value_unsafe());
    }
  }
  static TC_SCHEMA_FLATTEN std::string_view string(Elem e) {
    std::string_view s;
    tc::json::string_of(e, s);
    return s;
  }
  // The caller has checked the kind; a copy out of the simdjson_result
  // keeps it from dangling.
  static TC_SCHEMA_INLINE simdjson::dom::array as_array(Elem e) {
    simdjson::dom::array a = e.get_array().value_unsafe();
    return a;
  }
  static TC_SCHEMA_INLINE simdjson::dom::object as_object(Elem e) {
    simdjson::dom::object o = e.get_object().value_unsafe();
    return o;
  }
  static TC_SCHEMA_INLINE size_t array_size(Elem e) { return as_array(e).size(); }
  static TC_SCHEMA_INLINE size_t object_size(Elem e) { return as_object(e).size(); }
  template <class F>
  static bool each_item(Elem e, F&& f) {
    size_t i = 0;
    for (Elem item : as_array(e))
      if (!f(i++, item)) return false;
    return true;
  }
  // Keys are read as (pointer, length) rather than through key_value_pair:
  // copying that struct made GCC spill the string_view and reload it as one
  // 16-byte load, a store-forwarding stall on every member.
  template <class F>
  static bool each_member(Elem e, F&& f) {
    simdjson::dom::object o = as_object(e);
    for (auto it = o.begin(), end = o.end(); it != end; ++it)
      if (!f(std::string_view(it.key_c_str(), it.key_length()), it.value())) return false;
    return true;
  }
  static bool find_member(Elem e, std::string_view key, Elem* out) {
    simdjson::dom::object o = as_object(e);
    for (auto it = o.begin(), end = o.end(); it != end; ++it) {
      if (it.key_length() == key.size() && std::memcmp(it.key_c_str(), key.data(), key.size()) == 0) {
        *out = it.value();
        return true;
      }
    }
    return false;
  }
  static std::string render(Elem e) { return simdjson::minify(e); }
  // Strings and keys lie in the document's string buffer, which simdjson
  // allocates 64 bytes beyond the most a document can fill, so 16 bytes
  // from any string's start can be read: the index reads them in place.
  static TC_SCHEMA_INLINE int32_t find_in(const KeyIndex& index, std::string_view s) { return index.find_padded(s); }

 private:
  using T = simdjson::dom::element_type;
  static constexpr auto kTypeBits = [] {
    std::array<uint8_t, 128> bits{};
    bits[static_cast<unsigned char>(T::ARRAY)] = kArrayBit;
    bits[static_cast<unsigned char>(T::OBJECT)] = kObjectBit;
    bits[static_cast<unsigned char>(T::INT64)] = kIntegerBit | kNumberBit;
    bits[static_cast<unsigned char>(T::UINT64)] = kIntegerBit | kNumberBit;
    bits[static_cast<unsigned char>(T::DOUBLE)] = kNumberBit;
    bits[static_cast<unsigned char>(T::STRING)] = kStringBit;
    bits[static_cast<unsigned char>(T::BOOL)] = kBoolBit;
    bits[static_cast<unsigned char>(T::NULL_VALUE)] = kNullBit;
    return bits;
  }();
};

struct ValueAdapter {
  using Elem = const tc::json::Value*;
  static Kind kind(Elem e) {
    switch (e->kind()) {
      case tc::json::Kind::Null: return Kind::Null;
      case tc::json::Kind::Bool: return Kind::Bool;
      case tc::json::Kind::Integer:
      case tc::json::Kind::Float: return Kind::Number;
      case tc::json::Kind::String: return Kind::String;
      case tc::json::Kind::Array: return Kind::Array;
      case tc::json::Kind::Object: return Kind::Object;
    }
    return Kind::Null;
  }
  static uint8_t type_bits(Elem e) {
    switch (e->kind()) {
      case tc::json::Kind::Null: return kNullBit;
      case tc::json::Kind::Bool: return kBoolBit;
      case tc::json::Kind::Integer: return kIntegerBit | kNumberBit;
      case tc::json::Kind::Float: return kNumberBit;
      case tc::json::Kind::String: return kStringBit;
      case tc::json::Kind::Array: return kArrayBit;
      case tc::json::Kind::Object: return kObjectBit;
    }
    return kNullBit;
  }
  static bool boolean(Elem e) { return e->as_bool(); }
  static Number number(Elem e) {
    if (e->kind() == tc::json::Kind::Float) return Number::of(e->as_double());
    int64_t i;
    if (e->get_int64(i)) return Number::of(i);
    const std::string& digits = e->text();
    uint64_t u;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), u);
    if (ec == std::errc() && end == digits.data() + digits.size()) return Number::of(u);
    // Beyond 64 bits: the nearest double keeps order and integrality.
    return Number::of(e->as_double());
  }
  static std::string_view string(Elem e) { return e->text(); }
  static size_t array_size(Elem e) { return e->items().size(); }
  static size_t object_size(Elem e) { return e->members().size(); }
  template <class F>
  static bool each_item(Elem e, F&& f) {
    size_t i = 0;
    for (const tc::json::Value& item : e->items())
      if (!f(i++, &item)) return false;
    return true;
  }
  template <class F>
  static bool each_member(Elem e, F&& f) {
    for (const auto& [key, value] : e->members())
      if (!f(std::string_view(key), &value)) return false;
    return true;
  }
  static bool find_member(Elem e, std::string_view key, Elem* out) {
    *out = e->find(key);
    return *out != nullptr;
  }
  static std::string render(Elem e) { return tc::json::python_dump(*e); }
  static int32_t find_in(const KeyIndex& index, std::string_view s) { return index.find(s); }
};

// An object key seen as a string instance (propertyNames).
struct KeyAdapter {
  using Elem = std::string_view;
  static Kind kind(Elem) { return Kind::String; }
  static uint8_t type_bits(Elem) { return kStringBit; }
  static bool boolean(Elem) { return false; }
  static Number number(Elem) { return {}; }
  static std::string_view string(Elem e) { return e; }
  static size_t array_size(Elem) { return 0; }
  static size_t object_size(Elem) { return 0; }
  template <class F>
  static bool each_item(Elem, F&&) {
    return true;
  }
  template <class F>
  static bool each_member(Elem, F&&) {
    return true;
  }
  static bool find_member(Elem, std::string_view, Elem*) { return false; }
  static int32_t find_in(const KeyIndex& index, std::string_view s) { return index.find(s); }
  static std::string render(Elem e) {
    std::string out;
    tc::json::python_string_literal(e, out);
    return out;
  }
};

}  // namespace tc::schema::detail
