// JSON equality for enum, const and uniqueItems (internal).
//
// Contract: numbers are equal when their values are (1 == 1.0, exact
// across int64/uint64/double); strings compare by bytes; arrays by
// position; objects by key set, whatever the member order. hash_value is
// consistent with equals (equal values hash alike).
#pragma once

#include <cstring>
#include <nlohmann/json.hpp>
#include <vector>

#include "schema/adapters.h"

namespace tc::schema::detail {

inline Number json_number(const nlohmann::json& c) {
  if (c.is_number_unsigned()) return Number::of(c.get<uint64_t>());
  if (c.is_number_integer()) return Number::of(c.get<int64_t>());
  return Number::of(c.get<double>());
}

// Instance against a constant from the schema.
template <class A>
bool equals_const(const nlohmann::json& c, typename A::Elem e) {
  switch (A::kind(e)) {
    case Kind::Null: return c.is_null();
    case Kind::Bool: return c.is_boolean() && c.get<bool>() == A::boolean(e);
    case Kind::Number: return c.is_number() && compare(json_number(c), A::number(e)) == Order::Equal;
    case Kind::String: return c.is_string() && c.get_ref<const std::string&>() == A::string(e);
    case Kind::Array:
      if (!c.is_array() || c.size() != A::array_size(e)) return false;
      return A::each_item(e, [&](size_t i, typename A::Elem item) { return equals_const<A>(c[i], item); });
    case Kind::Object:
      if (!c.is_object() || c.size() != A::object_size(e)) return false;
      return A::each_member(e, [&](std::string_view key, typename A::Elem value) {
        auto it = c.find(key);
        return it != c.end() && equals_const<A>(*it, value);
      });
  }
  return false;
}

// Two instances.
template <class A>
bool equals(typename A::Elem a, typename A::Elem b) {
  Kind k = A::kind(a);
  if (k != A::kind(b)) return false;
  switch (k) {
    case Kind::Null: return true;
    case Kind::Bool: return A::boolean(a) == A::boolean(b);
    case Kind::Number: return compare(A::number(a), A::number(b)) == Order::Equal;
    case Kind::String: return A::string(a) == A::string(b);
    case Kind::Array: {
      if (A::array_size(a) != A::array_size(b)) return false;
      std::vector<typename A::Elem> left;
      A::each_item(a, [&](size_t, typename A::Elem item) {
        left.push_back(item);
        return true;
      });
      return A::each_item(b, [&](size_t i, typename A::Elem item) { return equals<A>(left[i], item); });
    }
    case Kind::Object:
      if (A::object_size(a) != A::object_size(b)) return false;
      return A::each_member(a, [&](std::string_view key, typename A::Elem value) {
        typename A::Elem other;
        return A::find_member(b, key, &other) && equals<A>(value, other);
      });
  }
  return false;
}

inline uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  return h ^ (h >> 33);
}

inline uint64_t hash_number(const Number& n) {
  // Integral values hash by their 64-bit pattern whatever their tag.
  if (n.tag == Number::Tag::Int) return mix(static_cast<uint64_t>(n.i));
  if (n.tag == Number::Tag::Uint) return mix(n.u);
  double d = n.d;
  if (n.is_integral() && d >= -9223372036854775808.0 && d < 18446744073709551616.0)
    return mix(d < 0 ? static_cast<uint64_t>(static_cast<int64_t>(d)) : static_cast<uint64_t>(d));
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return mix(bits ^ 0x5555);
}

template <class A>
uint64_t hash_value(typename A::Elem e) {
  switch (A::kind(e)) {
    case Kind::Null: return 0x6e756c6c;
    case Kind::Bool: return A::boolean(e) ? 0x74727565 : 0x66616c73;
    case Kind::Number: return hash_number(A::number(e));
    case Kind::String: {
      uint64_t h = 0xcbf29ce484222325ull;
      for (char c : A::string(e)) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
      return mix(h);
    }
    case Kind::Array: {
      uint64_t h = 0xa77a;
      A::each_item(e, [&](size_t, typename A::Elem item) {
        h = mix(h * 31 + hash_value<A>(item));
        return true;
      });
      return h;
    }
    case Kind::Object: {
      uint64_t h = 0x0b1ec7;
      A::each_member(e, [&](std::string_view key, typename A::Elem value) {
        uint64_t k = 0xcbf29ce484222325ull;
        for (char c : key) k = (k ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
        h += mix(k ^ (hash_value<A>(value) * 0x9E3779B97F4A7C15ull));  // order-free
        return true;
      });
      return h;
    }
  }
  return 0;
}

}  // namespace tc::schema::detail
