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

#include <cstdint>
#include <string>
#include <string_view>

namespace tc::formats::chrome_trace {

struct FieldId {
  bool is_string = false;
  std::string text;  // decimal for integers, the string itself otherwise
};

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

inline bool read_id(simdjson::dom::element v, FieldId& out) {
  switch (v.type()) {
    case simdjson::dom::element_type::INT64:
      out = {false, std::to_string(int64_t(v))};
      return true;
    case simdjson::dom::element_type::UINT64:
      out = {false, std::to_string(uint64_t(v))};
      return true;
    case simdjson::dom::element_type::STRING:
      out = {true, std::string(std::string_view(v))};
      return true;
    default:
      return false;
  }
}

// The top-level members of one event that the checks look at.
struct EventFields {
  enum Key : unsigned { Ph, Name, Cat, Ts, Dur, Pid, Tid, Args, Id, Id2, Bp, S, kCount };
  simdjson::dom::element value[kCount];
  uint32_t present = 0;  // bit k: value[k] is set

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

// Byte comparisons, not memcmp calls: this runs for every key of every event.
inline EventFields::Key event_field_key(std::string_view k) {
  using K = EventFields::Key;
  auto is = [&](const char (&lit)[sizeof("xxxx")]) {
    for (size_t i = 0; i < k.size(); ++i)
      if (k[i] != lit[i]) return false;
    return true;
  };
  switch (k.size()) {
    case 1:
      return k[0] == 's' ? K::S : K::kCount;
    case 2:
      switch (k[0]) {
        case 'p': return k[1] == 'h' ? K::Ph : K::kCount;
        case 't': return k[1] == 's' ? K::Ts : K::kCount;
        case 'i': return k[1] == 'd' ? K::Id : K::kCount;
        case 'b': return k[1] == 'p' ? K::Bp : K::kCount;
        default: return K::kCount;
      }
    case 3:
      switch (k[0]) {
        case 'c': return is("cat\0") ? K::Cat : K::kCount;
        case 'd': return is("dur\0") ? K::Dur : K::kCount;
        case 'p': return is("pid\0") ? K::Pid : K::kCount;
        case 't': return is("tid\0") ? K::Tid : K::kCount;
        case 'i': return is("id2\0") ? K::Id2 : K::kCount;
        default: return K::kCount;
      }
    case 4:
      return is("name") ? K::Name : is("args") ? K::Args : K::kCount;
    default:
      return K::kCount;
  }
}

inline EventFields index_event_fields(simdjson::dom::object o) {
  EventFields f;
  for (auto it = o.begin(), end = o.end(); it != end; ++it) {
    const EventFields::Key k = event_field_key(std::string_view(it.key_c_str(), it.key_length()));
    if (k == EventFields::kCount || f.has(k)) continue;
    f.value[k] = it.value();
    f.present |= uint32_t{1} << k;
  }
  return f;
}

// "id" (integer or string) or "id2" ({"local": x} / {"global": x}), as one key.
inline bool read_event_id(const EventFields& f, std::string& out) {
  simdjson::dom::element v;
  FieldId id;
  if (f.get(EventFields::Id, v)) {
    if (!read_id(v, id)) return false;
    out = id.text;
    return true;
  }
  simdjson::dom::object id2;
  if (!f.get_object(EventFields::Id2, id2)) return false;
  for (const char* scope : {"local", "global"}) {
    if (id2[scope].get(v) == simdjson::SUCCESS && read_id(v, id)) {
      out = std::string(scope) + ":" + id.text;
      return true;
    }
  }
  return false;
}

inline bool read_event_id(simdjson::dom::object o, std::string& out) {
  return read_event_id(index_event_fields(o), out);
}

}  // namespace tc::formats::chrome_trace
