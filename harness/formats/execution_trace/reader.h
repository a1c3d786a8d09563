// Streaming execution-trace reader: one pass over a file (.gz or not) with
// json::stream_json_array, each element of "nodes" parsed on its own
// (simdjson) and mapped onto EtNode, so memory grows with the number of
// nodes the handler keeps, never with the file.
//
// Contract:
// - the node layout follows the "schema" member when it precedes "nodes"
//   (PyTorch writes it first), else the first node's own keys;
// - a node that is not valid JSON is json-syntax; a missing or mistyped
//   field the layout requires is et-node-field at /nodes/<i>/<field>; the
//   node is still handed on with what could be read (has_id / has_parent
//   false when those are unusable);
// - the top level (schema, pid, time, start_ts, finish_ts, nodes) is
//   checked once the stream ends (et-header), because finish_ts follows the
//   nodes;
// - returns true, or false with `error` set when the file cannot be opened
//   or read. Malformed input is a finding, never an exception.
#pragma once

#include <simdjson.h>

#include <functional>
#include <optional>
#include <string>

#include "diag/reporter.h"
#include "formats/execution_trace/node.h"
#include "formats/execution_trace/node_fields.h"
#include "formats/execution_trace/schema_version.h"

namespace tc::formats::execution_trace {

struct EtHeader {
  std::optional<std::string> schema;  // absent or not a string: nullopt
  SchemaInfo info;                    // of *schema (or inferred)
  Layout layout = Layout::Nested;     // the layout nodes were read with
  bool nodes_found = false;
  uint64_t node_count = 0;
  bool complete = false;  // the stream reached its end without a structural error
};

struct EtHandler {
  // Called with each node's JSON (and the layout it is read with) before
  // its fields are read; then `claim` is asked, for each field the reader
  // reports as et-node-field ("id", "inputs/types/2"), whether that fact
  // fails the schema too, which the finding then says
  // (Diagnostic::breaks_schema) so the schema check does not report it again.
  // `noted`: the node is known to pass the nested node schema, from
  // EtReadOptions::note taken ahead or from the reader's own reading
  // (EtReadOptions::schema_plan); false when neither said so. A node the
  // reader decided is handed on after it was read (it has no field to
  // report, so `claim` is not asked).
  std::function<void(simdjson::dom::element raw, bool flat, bool noted)> before_node;
  std::function<bool(std::string_view field)> claim;
  // `json` is the node's parsed JSON, valid only during the call.
  std::function<void(const EtNode& node, const EtNodeJson& json)> on_node;
  std::function<void(const EtHeader& header)> on_end;
};

struct EtReadOptions {
  // Threads reading one trace: above 1, one splits the node array, others
  // parse nodes ahead (json/array_ahead.h), the caller reads them in order;
  // the nodes and findings are the same whatever the number.
  unsigned threads = 1;
  size_t chunk = 0;  // the splitter's read size (0: its default)
  // Whether nodes keep their type names and shape texts (EtIo), which only
  // the canonical text and the Kineto join read; their counts are always set.
  bool keep_texts = true;
  // With threads: a note taken of each node ahead, on any thread (must be
  // safe to), handed to EtHandler::before_node; e.g. whether it passes the
  // node schema.
  std::function<bool(simdjson::dom::element raw)> note;
  // The nested node schema, for nodes of a nested-layout trace that no note
  // says pass it: the reader decides it while reading the node
  // (NodeParser::parse_valid) and hands on a node that passes as noted.
  const NodeSchemaPlan* schema_plan = nullptr;
};

// Hands the header and every node to `handler` and reports findings to
// `reporter`. False, with `error` set, when the input cannot be opened or
// read; malformed input is reported and read past.
bool read_execution_trace(const std::string& path, diag::Reporter& reporter, const EtHandler& handler,
                          const EtReadOptions& options, std::string& error);

}  // namespace tc::formats::execution_trace
