#include "formats/torch_trace/schema_checks.h"

#include <fmt/format.h>

#include "formats/schema_findings.h"
#include "formats/schema_set.h"
#include "json/text.h"

namespace tc::formats::torch_trace {

void SchemaChecker::feed(const Record& r, RecordPayload& payload) {
  const TorchTraceSchemas& schemas = torch_trace_schemas();
  if (!schemas.error.empty()) {
    if (!load_reported_) {
      load_reported_ = true;
      reporter_.report(
          "schema-invalid", {r.file ? *r.file : std::string(), r.line, r.json_column},
          "the TORCH_TRACE schemas cannot be loaded, so no record was checked against them: " + schemas.error,
          record_label(r), {}, "set TRACECHECK_SCHEMA_DIR to the schemas/ folder of tracecheck");
    }
    return;
  }
  if (!schemas.envelope->validate(r.envelope)) {
    errors_.clear();
    schemas.envelope->validate(r.envelope, &errors_, 50);
    report_errors(r, Where::Envelope, r.kind, "torch_trace/envelope.schema.json");
  }
  if (!r.has_payload || r.payload_truncated) return;
  if (const json::Value* a = r.envelope.find("artifact"); a && a->is_object()) {
    const json::Value* encoding = a->find("encoding");
    const json::Value* name = a->find("name");
    if (encoding && encoding->is_string() && encoding->text() == "json" && name && name->is_string()) {
      if (const schema::CompiledSchema* s = schemas.artifact(name->text()))
        check_payload(r, payload.get(), *s, name->text());
    }
  }
  if (const json::Value* c = r.envelope.find("chromium_event"); c && !c->is_null()) {
    check_payload(r, payload.get(), *schemas.chromium_event, "chromium_event");
  }
}

void SchemaChecker::check_payload(const Record& r, const PayloadJson::Result& parsed,
                                  const schema::CompiledSchema& schema, std::string_view what) {
  bool valid;
  if (parsed.dom) {
    if (schema.validate(*parsed.dom)) return;
    errors_.clear();
    valid = schema.validate(*parsed.dom, &errors_, 50);
  } else if (parsed.value) {
    // Python's dialect (NaN, huge integers): the payload checks report the quirk.
    if (schema.validate(*parsed.value)) return;
    errors_.clear();
    valid = schema.validate(*parsed.value, &errors_, 50);
  } else if (parsed.ok) {
    // Checked by streaming (a large payload): parsed here, for the schema only.
    const std::string& text = r.payload;
    const char* data = text.data();
    if (text.capacity() - text.size() < simdjson::SIMDJSON_PADDING) {
      padded_.reserve(text.size() + simdjson::SIMDJSON_PADDING);
      padded_.assign(text);
      data = padded_.data();
    }
    simdjson::dom::element element;
    if (parser_.parse(data, text.size(), false).get(element) == simdjson::SUCCESS) {
      if (schema.validate(element)) return;
      errors_.clear();
      valid = schema.validate(element, &errors_, 50);
    } else {
      json::ParseResult exact = fallback_.parse(text);  // integers beyond 64 bits
      if (!exact.ok || schema.validate(exact.value)) return;
      errors_.clear();
      valid = schema.validate(exact.value, &errors_, 50);
    }
  } else {
    return;  // not JSON: tt-artifact-json, tt-chromium-json
  }
  if (valid) return;
  std::string file = r.kind == "artifact" ? fmt::format("torch_trace/payloads/artifacts/{}.schema.json", what)
                                          : std::string("torch_trace/payloads/chromium_event.schema.json");
  report_errors(r, Where::Payload, what, file);
}

void SchemaChecker::report_errors(const Record& r, Where where, std::string_view what,
                                  std::string_view schema_file) {
  const std::string& root = torch_trace_schemas().root;
  for (const schema::SchemaError& e : errors_) {
    diag::Location loc;
    if (where == Where::Envelope) {
      loc = envelope_location(r, e.instance_pointer);
    } else {
      size_t at = json::locate_json_pointer(r.payload, e.instance_pointer);
      loc = payload_location(r, at == std::string::npos ? 0 : at);
    }
    std::string schema_at = display_schema_path(e.schema_path, root, schema_file);
    if (is_unknown_key(e)) {
      std::string owner = where == Where::Payload                                ? fmt::format("the {} payload", what)
                          : e.instance_pointer.find('/', 1) == std::string::npos ? std::string("the envelope")
                                                                                 : fmt::format("the {} record", what);
      reporter_.report("schema-unknown-key", std::move(loc), unknown_key_message(owner, e, schema_at),
                       record_label(r), e.instance_pointer, std::string(kUnknownKeyHint));
    } else {
      reporter_.report("schema-violation", std::move(loc), violation_message(e, schema_at), record_label(r),
                       e.instance_pointer, std::string(kViolationHint));
    }
  }
}

}  // namespace tc::formats::torch_trace
