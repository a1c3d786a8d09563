#include "formats/torch_trace/payload_json.h"

#include <simdjson.h>

#include <vector>

#include "json/syntax_check.h"
#include "json/text.h"

namespace tc::formats::torch_trace {
namespace {

// The string value that starts at `at` (a JSON string token), unescaped;
// nullopt when `at` is npos or holds another kind of value.
std::optional<std::string> string_at(std::string_view text, size_t at) {
  if (at >= text.size() || text[at] != '"') return std::nullopt;
  size_t end = at + 1;
  while (end < text.size() && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
  if (end >= text.size()) return std::nullopt;
  simdjson::padded_string token(text.substr(at, end + 1 - at));
  simdjson::dom::parser parser;
  std::string_view value;
  if (parser.parse(token).get_string().get(value) != simdjson::SUCCESS) return std::nullopt;
  return std::string(value);
}

}  // namespace

struct PayloadJson::Impl {
  simdjson::dom::parser dom;
  json::Parser fallback;
  json::ParseResult slow;  // the fallback's value, kept for Result::value
  std::string padded;
  std::vector<std::string_view> keys;
};

PayloadJson::PayloadJson() : impl_(std::make_unique<Impl>()) {}
PayloadJson::~PayloadJson() = default;

PayloadJson::Result PayloadJson::check(std::string_view text, size_t capacity, bool want_args_compile_id) {
  static_assert(json::Parser::kPadding >= simdjson::SIMDJSON_PADDING, "padding contract");
  Result r;
  // Large payloads: no DOM and no padded copy, which cost several times the
  // text (a 60 MiB payload peaked at 145 to 390 MB). args.compile_id comes
  // from a text walk, which takes a repeated key's last value (the DOM its
  // first); chromium_event payloads are a few hundred bytes.
  json::StrictJson strict = text.size() >= kStreamAbove ? json::check_strict_json(text) : json::StrictJson::Undecided;
  if (strict == json::StrictJson::Valid) {
    // Quirks are left to json::find_json_quirks, which finds none when there are none.
    r.ok = true;
    r.quirks = true;
    if (want_args_compile_id)
      r.args_compile_id = string_at(text, json::locate_json_pointer(text, "/args/compile_id"));
    return r;
  }
  if (strict == json::StrictJson::Invalid) {
    r.error = json::locate_error(text);  // what json::Parser::parse reports for it
    return r;
  }
  const char* data = text.data();
  if (capacity < text.size() + simdjson::SIMDJSON_PADDING) {
    impl_->padded.assign(text);
    impl_->padded.append(simdjson::SIMDJSON_PADDING, ' ');
    data = impl_->padded.data();
  }
  simdjson::dom::element root;
  if (!impl_->dom.parse(data, text.size(), false).get(root)) {
    r.ok = true;
    r.quirks = json::has_duplicate_keys(root, impl_->keys);
    r.dom = root;
    if (want_args_compile_id) {
      std::string_view id;
      if (!root.at_pointer("/args/compile_id").get(id)) r.args_compile_id = std::string(id);
    }
    return r;
  }
  json::ParseResult& slow = impl_->slow;
  slow = impl_->fallback.parse(text);
  r.ok = slow.ok;
  if (slow.ok) r.value = &slow.value;
  r.error = slow.error;
  r.quirks = !slow.quirks.empty();
  if (slow.ok && want_args_compile_id && slow.value.is_object()) {
    const json::Value* args = slow.value.find("args");
    const json::Value* id = args && args->is_object() ? args->find("compile_id") : nullptr;
    if (id && id->is_string()) r.args_compile_id = id->text();
  }
  return r;
}

const PayloadJson::Result& RecordPayload::get() {
  if (checked_) return result_;
  checked_ = true;
  const json::Value* chromium = record_->envelope.find("chromium_event");
  result_ = json_.check(record_->payload, record_->payload.capacity(), chromium && !chromium->is_null());
  return result_;
}

}  // namespace tc::formats::torch_trace
