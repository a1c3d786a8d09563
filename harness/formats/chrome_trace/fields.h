// Reading Chrome trace event fields the way the importers do: numbers (ts,
// dur) may be integers or floats; pid/tid integers or strings; event ids an
// integer, a string, or id2 {"local"|"global": ...}.
//
// Contract: each function returns false when the field has a type no
// importer accepts, and never throws. EventFields finds the members the
// checks read in one pass over an event's keys; a repeated key gives its
// first value, as simdjson's object lookup does (the reader hands on an
// event that repeats a key with its last value only).
#pragma once

#include <simdjson.h>

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

#include "io/same_bytes.h"
#include "json/tape.h"

namespace tc::formats::chrome_trace {

struct FieldId {
  bool is_string = false;
  std::string text;  // decimal for integers, the string itself otherwise
};

// Whether a number is integral. Within int64 a cast tells (std::floor is a
// call on x86-64's baseline, and this runs for the ts of nearly every
// event); beyond it, and for NaN and infinities, floor does.
inline bool is_integral(double v) {
  return std::fabs(v) < 0x1p63 ? v == static_cast<double>(static_cast<int64_t>(v)) : v == std::floor(v);
}

// Whether an event's name is a profiler step's ("ProfilerStep#<n>"), without
// string_view::starts_with's out-of-line compare.
inline bool is_profiler_step(std::string_view name) {
  constexpr std::string_view kStep = "ProfilerStep#";
  return name.size() >= kStep.size() && io::same_bytes(name.data(), kStep.data(), kStep.size());
}

inline bool read_number(simdjson::dom::element v, double& out) {
  switch (v.type()) {
    case simdjson::dom::element_type::INT64:
      out = static_cast<double>(int64_t(v));
      return true;
    case simdjson::dom::element_type::UINT64:
      out = static_cast<double>(uint64_t(v));
      return true;
    case simdjson::dom::element_type::DOUBLE:
      out = double(v);
      return true;
    default:
      return false;
  }
}

// An id's text (decimal for an integer, as std::to_string writes it), with
// no copy: a string id's own bytes, an integer's digits written in `digits`.
inline bool id_text(simdjson::dom::element v, char (&digits)[24], std::string_view& out) {
  std::to_chars_result end;
  switch (v.type()) {
    case simdjson::dom::element_type::INT64:
      end = std::to_chars(digits, digits + sizeof digits, int64_t(v));
      break;
    case simdjson::dom::element_type::UINT64:
      end = std::to_chars(digits, digits + sizeof digits, uint64_t(v));
      break;
    case simdjson::dom::element_type::STRING:
      out = std::string_view(v);
      return true;
    default:
      return false;
  }
  out = std::string_view(digits, static_cast<size_t>(end.ptr - digits));
  return true;
}

// The same into `out`, reusing its capacity: a flow event's id is read for
// every event.
inline bool read_id_text(simdjson::dom::element v, std::string& out) {
  char digits[24];
  std::string_view text;
  if (!id_text(v, digits, text)) return false;
  out.assign(text);
  return true;
}

inline bool read_id(simdjson::dom::element v, FieldId& out) {
  out.is_string = v.type() == simdjson::dom::element_type::STRING;
  return read_id_text(v, out.text);
}

// The top-level members of one event that the checks look at.
struct EventFields {
  enum Key : unsigned { Ph, Name, Cat, Ts, Dur, Pid, Tid, Args, Id, Id2, Bp, S, kCount };
  // value[k] holds a value only where bit k of `present` is set; the others
  // are left unwritten: clearing all twelve for every event took 0.6% of
  // the instructions of a check.
  union {
    simdjson::dom::element value[kCount];
  };
  uint32_t present = 0;  // bit k: value[k] is set

  EventFields() {}  // leaves `value` unwritten, as said above

  bool get(Key k, simdjson::dom::element& out) const {
    if (!(present >> k & 1)) return false;
    out = value[k];
    return true;
  }
  bool has(Key k) const { return present >> k & 1; }
  // The member as an object (false when absent or not an object).
  bool get_object(Key k, simdjson::dom::object& out) const {
    return has(k) && value[k].get_object().get(out) == simdjson::SUCCESS;
  }
};

// The keys of EventFields, by Key.
inline constexpr std::array<std::string_view, EventFields::kCount> kEventFieldNames = {
    "ph", "name", "cat", "ts", "dur", "pid", "tid", "args", "id", "id2", "bp", "s"};

namespace detail {

// An event key of at most 4 bytes as one number: its bytes (the first the
// lowest, zero past its end) and, above them, its length. Every key
// EventFields knows is that short.
constexpr uint64_t field_tag(std::string_view k) {
  uint64_t w = 0;
  for (size_t i = 0; i < k.size(); ++i) w |= uint64_t{static_cast<uint8_t>(k[i])} << (8 * i);
  return w | uint64_t{k.size()} << 32;
}
constexpr unsigned kFieldBits = 6;
constexpr size_t field_slot(uint64_t tag) { return static_cast<size_t>((tag * 0xC2B2AE3D27D4EB4FULL) >> (64 - kFieldBits)); }

// A perfect hash table of the keys, built at compile time: each key alone in
// its slot, so a lookup is one multiply and one compare (no branch on the
// key's length or letters to mispredict, key after key).
struct FieldTable {
  uint64_t tag[size_t{1} << kFieldBits] = {};
  uint8_t key[size_t{1} << kFieldBits] = {};
  bool perfect = true;
};
constexpr FieldTable make_field_table() {
  constexpr const std::array<std::string_view, EventFields::kCount>& names = kEventFieldNames;
  FieldTable t;
  for (uint8_t& k : t.key) k = EventFields::kCount;
  for (unsigned i = 0; i < EventFields::kCount; ++i) {
    const size_t s = field_slot(field_tag(names[i]));
    if (t.key[s] != EventFields::kCount) t.perfect = false;
    t.tag[s] = field_tag(names[i]);
    t.key[s] = static_cast<uint8_t>(i);
  }
  return t;
}
inline constexpr FieldTable kFieldTable = make_field_table();
static_assert(kFieldTable.perfect, "two event keys share a slot: pick another multiplier");

}  // namespace detail

// Which field a key is. `k` must have 4 bytes readable from its start,
// as a key in a simdjson document has (its string buffer is padded).
inline EventFields::Key event_field_key(std::string_view k) {
  if (k.size() > 4) return EventFields::kCount;  // rare in an event: well predicted
  uint64_t tag;
  if constexpr (std::endian::native == std::endian::little) {
    uint32_t w;
    std::memcpy(&w, k.data(), 4);
    tag = (uint64_t{w} & ((uint64_t{1} << (8 * k.size())) - 1)) | uint64_t{k.size()} << 32;
  } else {
    tag = detail::field_tag(k);
  }
  const size_t s = detail::field_slot(tag);
  return detail::kFieldTable.tag[s] == tag ? static_cast<EventFields::Key>(detail::kFieldTable.key[s])
                                            : EventFields::kCount;
}

// An event's fields, and whether it has other keys: one none of the
// fields (`others`), or one of them again (`repeated`).
struct EventKeys {
  EventFields fields;
  bool others = false;
  bool repeated = false;
  // flow_pairing_key of the event's fields, when the reader took it (0: not
  // taken, or not an event that pairs).
  uint64_t flow = 0;
};

inline EventKeys index_event_keys(simdjson::dom::object o) {
  EventKeys keys;
  EventFields& f = keys.fields;
  json::for_each_member(o, [&](std::string_view key, simdjson::dom::element value) {
    const EventFields::Key k = event_field_key(key);
    if (k == EventFields::kCount) {
      keys.others = true;
      return;
    }
    if (f.has(k)) {
      keys.repeated = true;
      return;
    }
    f.value[k] = value;
    f.present |= uint32_t{1} << k;
  });
  return keys;
}

inline EventFields index_event_fields(simdjson::dom::object o) { return index_event_keys(o).fields; }

// "id" (integer or string) or "id2" ({"local": x} / {"global": x}), as one key.
inline bool read_event_id(const EventFields& f, std::string& out) {
  simdjson::dom::element v;
  if (f.get(EventFields::Id, v)) return read_id_text(v, out);
  simdjson::dom::object id2;
  if (!f.get_object(EventFields::Id2, id2)) return false;
  std::string text;
  for (const char* scope : {"local", "global"}) {
    if (id2[scope].get(v) == simdjson::SUCCESS && read_id_text(v, text)) {
      out = std::string(scope) + ":" + text;
      return true;
    }
  }
  return false;
}

inline bool read_event_id(simdjson::dom::object o, std::string& out) {
  return read_event_id(index_event_fields(o), out);
}

// The key a flow's start and end meet by: its cat and id (catapult's
// pairing, less the name), hashed as the text cat + "\x1f" + id, joined on
// the stack when short, else in `scratch`.
inline uint64_t flow_pairing_key(std::string_view cat, std::string_view id, std::string& scratch) {
  char joined[128];
  const size_t size = cat.size() + 1 + id.size();
  char* text = joined;
  if (size > sizeof joined) {
    scratch.resize(size);
    text = scratch.data();
  }
  std::memcpy(text, cat.data(), cat.size());
  text[cat.size()] = '\x1f';
  std::memcpy(text + cat.size() + 1, id.data(), id.size());
  return std::hash<std::string_view>{}(std::string_view(text, size));
}

// The same key read from an event's fields as the checks read them (a cat
// that is not a string counts as none; "id", else "id2", as
// read_event_id), for an event that opens ("s") or closes ("f") a flow and
// has an id; else 0. `id` is scratch for an id2.
inline uint64_t flow_pairing_key(const EventFields& f, std::string& id, std::string& scratch) {
  simdjson::dom::element v;
  std::string_view ph, cat;
  // Not ph != "s" && ph != "f": two calls of string_view's compare, out of
  // line, for every event.
  if (!f.get(EventFields::Ph, v) || !json::string_of(v, ph) || ph.size() != 1 || (ph[0] != 's' && ph[0] != 'f'))
    return 0;
  if (f.get(EventFields::Cat, v) && !json::string_of(v, cat)) cat = {};
  if (f.get(EventFields::Id, v)) {
    char digits[24];
    std::string_view text;
    if (!id_text(v, digits, text)) return 0;
    return flow_pairing_key(cat, text, scratch);
  }
  if (!read_event_id(f, id)) return 0;
  return flow_pairing_key(cat, id, scratch);
}

}  // namespace tc::formats::chrome_trace
