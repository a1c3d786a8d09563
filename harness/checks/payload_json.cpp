#include "checks/payload_json.h"

#include <simdjson.h>

#include <unordered_set>
#include <vector>

namespace tc::checks {
namespace {

// True when some object repeats a key (simdjson keeps both; Python keeps the last).
bool has_duplicate_keys(simdjson::dom::element e, std::vector<std::string_view>& keys) {
  using T = simdjson::dom::element_type;
  if (e.type() == T::ARRAY) {
    for (simdjson::dom::element item : simdjson::dom::array(e))
      if (has_duplicate_keys(item, keys)) return true;
    return false;
  }
  if (e.type() != T::OBJECT) return false;
  simdjson::dom::object object(e);
  size_t first = keys.size();
  bool duplicate = false;
  if (object.size() > 32) {
    std::unordered_set<std::string_view> seen;
    for (auto field : object)
      if (!seen.insert(field.key).second) return true;
  } else {
    for (auto field : object) {
      for (size_t k = first; k < keys.size(); ++k)
        if (keys[k] == field.key) duplicate = true;
      keys.push_back(field.key);
    }
  }
  keys.resize(first);
  if (duplicate) return true;
  for (auto field : object)
    if (has_duplicate_keys(field.value, keys)) return true;
  return false;
}

}  // namespace

struct PayloadJson::Impl {
  simdjson::dom::parser dom;
  json::Parser fallback;
  std::string padded;
  std::vector<std::string_view> keys;
};

PayloadJson::PayloadJson() : impl_(std::make_unique<Impl>()) {}
PayloadJson::~PayloadJson() = default;

PayloadJson::Result PayloadJson::check(std::string_view text, size_t capacity, bool want_args_compile_id) {
  static_assert(json::Parser::kPadding >= simdjson::SIMDJSON_PADDING, "padding contract");
  Result r;
  const char* data = text.data();
  if (capacity < text.size() + simdjson::SIMDJSON_PADDING) {
    impl_->padded.assign(text);
    impl_->padded.append(simdjson::SIMDJSON_PADDING, ' ');
    data = impl_->padded.data();
  }
  simdjson::dom::element root;
  if (!impl_->dom.parse(data, text.size(), false).get(root)) {
    r.ok = true;
    r.quirks = has_duplicate_keys(root, impl_->keys);
    if (want_args_compile_id) {
      std::string_view id;
      if (!root.at_pointer("/args/compile_id").get(id)) r.args_compile_id = std::string(id);
    }
    return r;
  }
  json::ParseResult slow = impl_->fallback.parse(text);
  r.ok = slow.ok;
  r.error = slow.error;
  r.quirks = !slow.quirks.empty();
  if (slow.ok && want_args_compile_id && slow.value.is_object()) {
    const json::Value* args = slow.value.find("args");
    const json::Value* id = args && args->is_object() ? args->find("compile_id") : nullptr;
    if (id && id->is_string()) r.args_compile_id = id->text();
  }
  return r;
}

}  // namespace tc::checks
