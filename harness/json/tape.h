// The members of a parsed object, and the objects in an array, read off
// simdjson's tape directly: the walks each event of a Chrome trace takes
// (its keys, its args', and the repeated-key scan's).
//
// simdjson's object iterator reads the document's tape and string buffer
// through the document for every member, and the compiler reloads them
// after each store the caller makes; here they are loaded once. The tape's
// layout is simdjson's documented one (doc/tape.md: a word per value, the
// type in the top byte; '{' and '[' hold the index past their end; a key or
// string holds its offset in the string buffer, where its length is
// stored before its bytes; numbers take a second word).
//
// Contract: string_of(v, s) is v.get_string().get(s) == SUCCESS.
// for_each_member(o, f) calls f(key, value) for each member of
// `o` in order, exactly as `for (auto [key, value] : o)` would, and stops
// early when f returns false (f may also return void). `key` views the
// document's string buffer and lives as long as the document.
// for_each_object_in(a, f) calls f(item) for each object that is an item
// of the array `a` or of an array nested in it, at any depth, in document
// order (not for objects inside those objects: f reaches them through
// their members), and stops early when f returns false; it returns false
// then, else true.
#pragma once

#include <simdjson.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace tc::json {
namespace tape_detail {

// An object and an element are each one tape_ref (a document and an index
// in its tape), which simdjson lets no caller build: they convert by their
// bytes.
static_assert(sizeof(simdjson::dom::object) == sizeof(simdjson::internal::tape_ref) &&
              sizeof(simdjson::dom::element) == sizeof(simdjson::internal::tape_ref) &&
              std::is_trivially_copyable_v<simdjson::dom::object> &&
              std::is_trivially_copyable_v<simdjson::dom::element> &&
              std::is_trivially_copyable_v<simdjson::internal::tape_ref>);

// How many words a value takes on the tape, by its type: 0 for an object
// or array, whose first word holds the index past its end.
inline constexpr auto kStep = [] {
  using simdjson::internal::tape_type;
  std::array<uint8_t, 256> step{};
  step.fill(1);
  step[static_cast<uint8_t>(tape_type::START_OBJECT)] = step[static_cast<uint8_t>(tape_type::START_ARRAY)] = 0;
  step[static_cast<uint8_t>(tape_type::INT64)] = step[static_cast<uint8_t>(tape_type::UINT64)] =
      step[static_cast<uint8_t>(tape_type::DOUBLE)] = 2;
  return step;
}();

inline simdjson::dom::element element_at(const simdjson::dom::document* doc, size_t index) {
  return std::bit_cast<simdjson::dom::element>(simdjson::internal::tape_ref(doc, index));
}

}  // namespace tape_detail

// A string value read off the tape (its word, then its length and bytes in
// the string buffer), as for_each_member reads keys: simdjson's get_string
// is a call, and the checks read several strings an event. Returns false,
// and leaves `out` as it was, for a value that is not a string, as
// get_string().get(out) does.
inline bool string_of(simdjson::dom::element v, std::string_view& out) {
  const auto ref = std::bit_cast<simdjson::internal::tape_ref>(v);
  const uint64_t word = ref.doc->tape[ref.json_index];
  if (static_cast<uint8_t>(word >> 56) != static_cast<uint8_t>(simdjson::internal::tape_type::STRING)) return false;
  const uint8_t* at = ref.doc->string_buf.get() + (word & simdjson::internal::JSON_VALUE_MASK);
  uint32_t length;
  std::memcpy(&length, at, sizeof length);
  out = std::string_view(reinterpret_cast<const char*>(at + sizeof length), length);
  return true;
}

template <class F>
inline void for_each_member(simdjson::dom::object o, F&& f) {
  const auto ref = std::bit_cast<simdjson::internal::tape_ref>(o);
  const simdjson::dom::document* doc = ref.doc;
  const uint64_t* tape = doc->tape.get();
  const uint8_t* strings = doc->string_buf.get();
  const size_t end = static_cast<uint32_t>(tape[ref.json_index]) - 1;  // the '}'
  for (size_t at = ref.json_index + 1; at < end;) {
    const size_t offset = tape[at] & simdjson::internal::JSON_VALUE_MASK;
    uint32_t length;
    std::memcpy(&length, strings + offset, sizeof length);
    const std::string_view key(reinterpret_cast<const char*>(strings + offset + sizeof length), length);
    const size_t value = at + 1;
    const uint64_t word = tape[value];
    const uint8_t step = tape_detail::kStep[word >> 56];
    at = step ? value + step : static_cast<uint32_t>(word);
    if constexpr (std::is_same_v<decltype(f(key, tape_detail::element_at(doc, value))), bool>) {
      if (!f(key, tape_detail::element_at(doc, value))) return;
    } else {
      f(key, tape_detail::element_at(doc, value));
    }
  }
}

// The items of an array and of the arrays in it are one run of tape words
// up to its ']': a nested '[' is stepped into (its own ']' is one word), an
// object jumped over to the word past its end, a number's two words passed.
template <class F>
inline bool for_each_object_in(simdjson::dom::array a, F&& f) {
  using simdjson::internal::tape_type;
  const auto ref = std::bit_cast<simdjson::internal::tape_ref>(a);
  const simdjson::dom::document* doc = ref.doc;
  const uint64_t* tape = doc->tape.get();
  const size_t end = static_cast<uint32_t>(tape[ref.json_index]) - 1;  // the ']'
  for (size_t at = ref.json_index + 1; at < end;) {
    const uint64_t word = tape[at];
    const auto type = static_cast<uint8_t>(word >> 56);
    if (type == static_cast<uint8_t>(tape_type::START_OBJECT)) {
      if (!f(tape_detail::element_at(doc, at))) return false;
      at = static_cast<uint32_t>(word);
    } else if (type == static_cast<uint8_t>(tape_type::START_ARRAY)) {
      ++at;
    } else {
      at += tape_detail::kStep[type];
    }
  }
  return true;
}

}  // namespace tc::json
