// Whether a payload is JSON, without building a json::Value (payloads are
// most of a trace's bytes).
//
// Contract: the verdict is json::Parser's (Python's json.loads): simdjson's
// DOM decides the common case (from kStreamAbove bytes on, a streaming
// strict-JSON test first, see check()); a text it refuses is handed to json::Parser,
// which accepts Python's dialect (NaN, Infinity, huge numbers) and locates
// real errors. `quirks` says the text holds something only Python's dialect
// or Python's dict semantics accept (NaN, a number beyond double range, a
// repeated key); json/text.h then finds where.
#pragma once

#include <simdjson.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "json/parse.h"
#include "formats/torch_trace/record.h"

namespace tc::formats::torch_trace {

class PayloadJson {
 public:
  PayloadJson();
  ~PayloadJson();
  PayloadJson(const PayloadJson&) = delete;
  PayloadJson& operator=(const PayloadJson&) = delete;

  struct Result {
    bool ok = false;
    json::ParseError error;  // when !ok
    bool quirks = false;
    std::optional<std::string> args_compile_id;  // the string at /args/compile_id, when asked for
    // The parsed text, valid until the next check(): simdjson's DOM in the
    // common case, a json::Value for Python's dialect, neither for a text
    // checked by streaming (from kStreamAbove bytes on) or not JSON.
    std::optional<simdjson::dom::element> dom;
    const json::Value* value = nullptr;
  };

  // `capacity` is how many bytes are readable from text.data() (a string's
  // capacity): with json::Parser::kPadding spare bytes no copy is made.
  Result check(std::string_view text, size_t capacity, bool want_args_compile_id);

  // From this size on, a payload is checked by streaming
  // (json::check_strict_json, then json::locate_error for an error) in
  // memory that does not grow with it; only Python's dialect (NaN, a lone
  // surrogate) or nesting past 512 levels still takes the DOM path.
  static constexpr size_t kStreamAbove = size_t{4} << 20;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The payload of the record being checked, parsed at most once however many
// checks read it (schemas, payload checks, chromium events): payloads are
// most of a log's bytes.
//
// Contract: next() at each record, before any get(); get() checks the
// record's payload on its first call (args.compile_id included when the
// envelope has a chromium_event) and returns the same Result until next().
// The record must outlive the calls.
class RecordPayload {
 public:
  void next(const Record& record) {
    record_ = &record;
    checked_ = false;
  }
  const PayloadJson::Result& get();

 private:
  PayloadJson json_;
  const Record* record_ = nullptr;
  bool checked_ = false;
  PayloadJson::Result result_;
};

}  // namespace tc::formats::torch_trace
