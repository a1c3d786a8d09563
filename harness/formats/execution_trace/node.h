// One execution-trace node as the checks and the canonical text see it:
// what a consumer reads of a node, with both layouts (1.0.1 flat, 1.0.2+
// nested) mapped onto the same fields. Values themselves are not kept (the
// checks look at them while the node's JSON is at hand), so memory per node
// is its names, types and shapes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "json/array_stream.h"

namespace tc::formats::execution_trace {

// The record kind of every finding about a node, and its JSON pointer:
// "/nodes/<index>" and "/nodes/<index>/<field>".
inline constexpr const char* kNodeKind = "et-node";
std::string node_pointer(uint64_t index, const std::string& field = {});

struct EtIo {
  void clear();

  size_t values = 0;
  size_t shapes = 0;
  size_t types = 0;
  std::optional<size_t> strides;  // absent when the node has no "strides"
  std::vector<std::string> type_names;
  std::vector<std::string> shape_texts;  // each shape as compact JSON ("[10,10]", "[]")
};

// What a node's "id" holds when it is not an unsigned integer, as far as
// the consumers tell the cases apart: PARAM keys nodes by the value and
// sorts each node's children by it (Python compares numbers with numbers
// only, and cannot key by a list or dict).
enum class IdValue : uint8_t {
  Missing,
  Unsigned,   // the id PyTorch writes
  Number,     // negative, fractional or a boolean: ordered among numbers
  Unordered,  // a string or null: hashable, not ordered against numbers
  Container,  // an array or object: not hashable
};

struct EtNode {
  uint64_t index = 0;    // position in "nodes"
  bool flat = false;     // read with the 1.0.1 flat layout (the trace's, from its "schema")
  json::JsonPosition pos;  // where the node's object starts
  bool has_id = false;  // id_value == Unsigned
  uint64_t id = 0;
  IdValue id_value = IdValue::Missing;
  std::string name;
  bool has_parent = false;  // "ctrl_deps" (nested) or "parent" (flat)
  uint64_t parent = 0;
  std::optional<uint64_t> rf_id;
  std::string op_schema;
  std::string kernel_backend;
  std::string kernel_file;
  EtIo inputs;
  EtIo outputs;

  // Empties every field but the node's place (index, pos), keeping the
  // capacity of its strings and vectors: a reader reuses one node.
  void clear();
  std::string pointer(const std::string& field = {}) const { return node_pointer(index, field); }
  bool is_process_root() const;
  bool is_thread_root() const;
};

inline constexpr const char* kProcessNodeName = "[pytorch|profiler|execution_trace|process]";
inline constexpr const char* kThreadNodeName = "[pytorch|profiler|execution_trace|thread]";

}  // namespace tc::formats::execution_trace
