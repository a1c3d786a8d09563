// Execution-trace nodes against schemas/execution_trace/: a node with
// ctrl_deps/attrs (the chakra layouts, 1.0.2-chakra.0.0.4 and
// 1.1.1-chakra.0.0.4, which share one node shape) against
// 1.1.1-chakra.0.0.4.schema.json#/definitions/node, any other against
// 1.0.1.schema.json's node (the flat layout).
//
// One fact is reported once: a failure at or around a field the reader
// reports as et-node-field is claimed by that finding (EtHandler::claim);
// the rest are schema-unknown-key (an unknown key) or et-field-value.
//
// Contract: per node, validate() (EtHandler::before_node), the reader's
// claims through facts(), then report() (EtHandler::on_node); no state
// between nodes but buffers. Findings sit at the node's line and column (the reader
// keeps no node text) with the exact pointer ("/nodes/7/attrs/2/type").
// Schemas compile once per process; a load failure is reported once
// (schema-invalid). The top level (schema, pid, time, start_ts, finish_ts)
// is the reader's et-header check: EtHandler hands on no raw header.
#pragma once

#include <simdjson.h>

#include <string>
#include <vector>

#include "diag/reporter.h"
#include "formats/execution_trace/node.h"
#include "formats/execution_trace/node_fields.h"
#include "formats/schema_findings.h"
#include "schema/schema.h"

namespace tc::formats::execution_trace {

class EtSchemaChecker {
 public:
  explicit EtSchemaChecker(diag::Reporter& reporter) : reporter_(reporter) {}

  // `flat`: the trace's layout is 1.0.1's. `known_valid`: the node is known
  // to pass the nested node schema already (passes_nested() ahead, on
  // another thread, or the reader's parse_valid()).
  void validate(simdjson::dom::element raw, bool flat, bool known_valid = false);
  // Whether a node passes the nested (chakra) node schema: a pure function,
  // safe on any thread; false when the schemas cannot be loaded.
  static bool passes_nested(simdjson::dom::element raw);
  // The nested node schema laid over the reader's reading (node_fields.h);
  // null when the schemas cannot be loaded or do not have that form.
  static const NodeSchemaPlan* nested_plan();
  SchemaFacts& facts() { return facts_; }
  void report(const EtNode& node, const std::string& file);

 private:
  bool loaded(const std::string& file, const json::JsonPosition& pos);

  diag::Reporter& reporter_;
  std::vector<schema::SchemaError> errors_;
  SchemaFacts facts_;
  bool chakra_ = true;  // the last node was checked against the nested layout
  bool load_reported_ = false;
};

}  // namespace tc::formats::execution_trace
