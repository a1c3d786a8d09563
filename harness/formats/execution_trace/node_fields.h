// One execution-trace node's JSON mapped onto EtNode, in one pass over the
// members of each object (the node, its inputs and outputs, each attr)
// instead of a lookup per field: what a reader does for every node of a
// trace of millions.
//
// Contract:
// - parse() clears `node` but its index and position, keeping the
//   capacity of its strings (a reader reuses one EtNode), then fills it
//   from `e` read with `layout`: a field the layout requires that is
//   missing or mistyped is et-node-field at the node's line:column with
//   the pointer /nodes/<i>/<field>, in a fixed order (id, name, the parent,
//   inputs, outputs, then attrs or rf_id); `claim` says whether the schema
//   fails on that field too (Diagnostic::breaks_schema);
// - a repeated key counts once, its first value (as simdjson's lookup);
// - `json` gets what the value checks read after it: the node and the
//   values and types arrays of its inputs and outputs, in either layout,
//   whatever the trace's (valid while `e` is);
// - parse_valid() reads a nested-layout node as parse() does and also
//   decides the node schema from that reading (NodeSchemaPlan), so a valid
//   node is walked once, not once by the schema and once by the reader. It
//   returns true only when the node passes the schema and parse() would
//   report nothing, having filled `node` and `json` as parse() does;
//   otherwise it reports nothing and the caller validates and parse()s the
//   node as usual (a node that fails is read again, by the schema and by
//   parse(): rare, and no slower than before).
#pragma once

#include <simdjson.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "diag/reporter.h"
#include "formats/execution_trace/node.h"
#include "formats/execution_trace/schema_version.h"
#include "schema/schema_part.h"

namespace tc::formats::execution_trace {

// The values and types arrays of a node's "inputs" or "outputs": an object
// of values/shapes/types (nested) or an array beside "input_types" (flat).
struct EtIoJson {
  bool found = false;  // both arrays are there
  bool nested = false;  // values at <key>/values, else at <key>
  simdjson::dom::array values;
  simdjson::dom::array types;
};

struct EtNodeJson {
  simdjson::dom::element raw;
  EtIoJson inputs;
  EtIoJson outputs;
};

// The nested (chakra) node schema laid over the keys the reader reads: the
// node, its inputs and outputs, each attr, each type name. Made only when
// the node's schema is a record of properties (schema/schema_part.h) whose
// required members the reader looks for; inputs, outputs and attrs are
// decided where the reader reads them when their schemas are records too,
// else by SchemaPart::valid on the whole member.
class NodeSchemaPlan {
 public:
  static std::optional<NodeSchemaPlan> make(const schema::SchemaPart& node);
  struct Plans;  // node_fields.cpp

 private:
  std::shared_ptr<const Plans> plans_;
  friend class NodeParser;
};

class NodeParser {
 public:
  // keep_texts: whether nodes keep their type names and shape texts (for
  // the canonical text); the types are checked either way.
  NodeParser(const std::string& file, diag::Reporter& reporter, bool keep_texts)
      : file_(file), reporter_(reporter), keep_texts_(keep_texts) {}

  void parse(simdjson::dom::element e, Layout layout, bool want_strides, EtNode& node, EtNodeJson& json,
             const std::function<bool(std::string_view)>* claim = nullptr);
  bool parse_valid(simdjson::dom::element e, bool want_strides, EtNode& node, EtNodeJson& json,
                   const NodeSchemaPlan& plan);

 private:
  // `field` is "<a>" or "<a>/<b>" (b may be empty), joined only when reported.
  void field_error(std::string_view a, std::string_view b, const std::string& message,
                   std::string_view rule = "et-node-field");
  void field_error(std::string_view field, const std::string& message) { field_error(field, {}, message); }

  // Counts the array `value` (the member `key` of `field_base`), keeping
  // its type names or shape texts when asked; false when it is not there
  // or not an array. `items`: the schema of each type name, decided here
  // (parse_valid()).
  enum class Texts { None, TypeNames, ShapeTexts };
  bool read_array(bool found, simdjson::dom::element value, std::string_view field_base, std::string_view key,
                  size_t& count, Texts texts, EtIo& io, const schema::SchemaPart* items = nullptr);
  // `slot`: 0 for inputs, 1 for outputs.
  void read_nested_io(bool found, simdjson::dom::element value, std::string_view key, size_t slot,
                      bool want_strides, EtIo& io, EtIoJson& json);
  void read_attrs(bool found, simdjson::dom::element value);

  const std::string& file_;
  diag::Reporter& reporter_;
  bool keep_texts_;
  EtNode* node_ = nullptr;
  const std::function<bool(std::string_view)>* claim_ = nullptr;
  // Set by parse_valid(): the schema to decide, and whether the node has
  // failed it or would have a field reported.
  const NodeSchemaPlan::Plans* plan_ = nullptr;
  bool undecided_ = false;
};

}  // namespace tc::formats::execution_trace
