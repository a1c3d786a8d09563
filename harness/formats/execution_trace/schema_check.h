// Execution-trace nodes against schemas/execution_trace/: a node with
// ctrl_deps/attrs (the chakra layouts, 1.0.2-chakra.0.0.4 and
// 1.1.1-chakra.0.0.4, which share one node shape) against
// 1.1.1-chakra.0.0.4.schema.json#/definitions/node, any other against
// 1.0.1.schema.json's node (the flat layout).
//
// Contract: plug on_node into reader::et::EtHandler::on_node; no state
// between calls. Findings sit at the node's line and column (the reader
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
#include "schema/schema.h"

namespace tc::checks {

class EtSchemaChecker {
 public:
  explicit EtSchemaChecker(diag::Reporter& reporter) : reporter_(reporter) {}

  void on_node(const reader::et::EtNode& node, simdjson::dom::element raw, const std::string& file);

 private:
  diag::Reporter& reporter_;
  std::vector<schema::SchemaError> errors_;
  bool load_reported_ = false;
};

}  // namespace tc::checks
