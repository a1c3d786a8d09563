// Chrome trace files against schemas/chrome_trace/: every event against its
// phase's closed schema (events/<phase>.schema.json, picked by "ph"; an
// unknown or missing ph against event.schema.json, which names the phases),
// and every other top-level member against its property in
// kineto.schema.json (a member it does not list is user metadata, written by
// add_metadata / add_metadata_json, and is not checked).
//
// One fact is reported once: a record's failures wait in facts() while
// ChromeChecker (and its KinetoChecker) check the same record and claim the
// ones their own findings are about (a string ts is ct-field-type, not that
// plus a schema finding); report_*() then reports the rest: unknown keys as
// schema-unknown-key, other event failures as ct-field-value, other member
// failures as kt-metadata-schema. Every one of them, claimed or not, is a
// finding with Diagnostic::breaks_schema set, which is what predicts ajv's
// verdict (external/presets.cpp).
//
// Contract: per record, validate_*(), then the format's checks, then
// report_*(); no state between records but buffers. Findings carry the
// event's file, line and column and the pointer from the top of the file
// ("/traceEvents/12/dur"). Schemas compile once per process; when they
// cannot be loaded that is reported once (schema-invalid). A valid event
// costs one fail-fast validation over the reader's simdjson element, or,
// read ahead on another thread (passes()), a look at the fields the reader
// already found, when its keys are all fields and its phase's schema is a
// record of properties.
#pragma once

#include <string>
#include <vector>

#include "diag/reporter.h"
#include "formats/chrome_trace/fields.h"
#include "formats/chrome_trace/reader.h"
#include "formats/schema_findings.h"
#include "schema/schema.h"

namespace tc::formats::chrome_trace {

class ChromeSchemaChecker {
 public:
  explicit ChromeSchemaChecker(diag::Reporter& reporter) : reporter_(reporter) {}

  // An event that passes() ahead (ChromeEvent::prechecked) is not
  // validated again.
  void validate_event(const ChromeEvent& event);
  // Whether an event passes its phase's schema: validate_event's verdict,
  // pure and thread-safe (ChromeReadOptions::precheck); false when the
  // schemas cannot be loaded. `keys` is index_event_keys of the event, which
  // repeats no key: when its keys are all EventFields' and its phase's
  // schema is a record of properties (formats/record_plan.h), the verdict
  // comes from `keys` alone, without a walk over the event.
  static bool passes(const EventKeys& keys, simdjson::dom::element event);
  void report_event(const ChromeEvent& event);
  // `file` names the input (members carry no file of their own).
  void validate_member(const ChromeMember& member, const std::string& file);
  void report_member(const ChromeMember& member, const std::string& file);

  // The last validated record's failures, for the format's checks to claim.
  SchemaFacts& facts() { return facts_; }

 private:
  bool loaded(const std::string* file);

  diag::Reporter& reporter_;
  std::vector<schema::SchemaError> errors_;
  SchemaFacts facts_;
  const char* phase_ = nullptr;  // the last event validated here: its events/ schema, if any
  std::string ph_;
  bool load_reported_ = false;
};

}  // namespace tc::formats::chrome_trace
