// Chrome trace files against schemas/chrome_trace/: every event against its
// phase's closed schema (events/<phase>.schema.json, picked by "ph"; an
// unknown or missing ph against event.schema.json, which names the phases),
// and every other top-level member against its property in
// kineto.schema.json (a member it does not list is user metadata, written by
// add_metadata / add_metadata_json, and is not checked).
//
// Contract: plug on_event/on_member into reader::read_chrome_trace's hooks;
// no state between calls but buffers. Findings carry the event's file, line
// and column and the pointer from the top of the file
// ("/traceEvents/12/dur"). Schemas compile once per process; when they
// cannot be loaded that is reported once (schema-invalid). A valid event
// costs one fail-fast validation over the reader's simdjson element.
#pragma once

#include <string>
#include <vector>

#include "diag/reporter.h"
#include "formats/chrome_trace/reader.h"
#include "schema/schema.h"

namespace tc::checks {

class ChromeSchemaChecker {
 public:
  explicit ChromeSchemaChecker(diag::Reporter& reporter) : reporter_(reporter) {}

  void on_event(const reader::ChromeEvent& event);
  // `file` names the input (members carry no file of their own).
  void on_member(const reader::ChromeMember& member, const std::string& file);

 private:
  bool loaded(const std::string* file);

  diag::Reporter& reporter_;
  std::vector<schema::SchemaError> errors_;
  bool load_reported_ = false;
};

}  // namespace tc::checks
