// TORCH_TRACE records against the closed JSON Schemas of schemas/torch_trace/
// (formats/schema_set.h): the envelope of every record (its kind's metadata
// included), the payload of every chromium_event, and the payload of every
// json artifact whose shape is known (payloads/artifacts/<name>.schema.json).
//
// Contract:
//  - feed() any record, in any order (no state is kept between records but
//    the parser's buffers);
//  - a key a closed schema does not know (a failing additionalProperties:
//    false) is a warning, schema-unknown-key, located at the key; every
//    other failure is an error, schema-violation, at the failing value; both
//    carry the JSON pointer (into the envelope, or into the payload) and
//    the schema location;
//  - a valid record costs one fail-fast validation of the envelope (and a
//    parse and validation of a checked payload); errors are collected only
//    for records that fail;
//  - payloads that are not JSON, or kept only in part, are left to the
//    payload checks (tt-artifact-json, tt-chromium-json);
//  - schemas that cannot be loaded are reported once, as schema-invalid.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

#include "formats/torch_trace/payload_json.h"
#include "diag/reporter.h"
#include "json/parse.h"
#include "formats/torch_trace/record.h"
#include "schema/schema.h"

namespace tc::formats::torch_trace {

class SchemaChecker {
 public:
  explicit SchemaChecker(diag::Reporter& reporter) : reporter_(reporter) {}

  // `payload` is the record's (RecordPayload::next(record) done): its parse
  // is shared with the other checks.
  void feed(const Record& record, RecordPayload& payload);

 private:
  enum class Where { Envelope, Payload };
  void check_payload(const Record& r, const PayloadJson::Result& parsed, const schema::CompiledSchema& schema,
                     std::string_view what);
  void report_errors(const Record& r, Where where, std::string_view what, std::string_view schema_file);

  diag::Reporter& reporter_;
  simdjson::dom::parser parser_;
  json::Parser fallback_;
  std::string padded_;
  std::vector<schema::SchemaError> errors_;
  bool load_reported_ = false;
};

}  // namespace tc::formats::torch_trace
