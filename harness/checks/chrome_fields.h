// Reading Chrome trace event fields the way the importers do: numbers (ts,
// dur) may be integers or floats; pid/tid integers or strings; event ids an
// integer, a string, or id2 {"local"|"global": ...}.
//
// Contract: each function returns false when the field has a type no
// importer accepts, and never throws.
#pragma once

#include <simdjson.h>

#include <string>

namespace tc::checks {

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

// "id" (integer or string) or "id2" ({"local": x} / {"global": x}), as one key.
inline bool read_event_id(simdjson::dom::object o, std::string& out) {
  simdjson::dom::element v;
  FieldId id;
  if (o["id"].get(v) == simdjson::SUCCESS) {
    if (!read_id(v, id)) return false;
    out = id.text;
    return true;
  }
  simdjson::dom::object id2;
  if (o["id2"].get_object().get(id2) != simdjson::SUCCESS) return false;
  for (const char* scope : {"local", "global"}) {
    if (id2[scope].get(v) == simdjson::SUCCESS && read_id(v, id)) {
      out = std::string(scope) + ":" + id.text;
      return true;
    }
  }
  return false;
}

}  // namespace tc::checks
