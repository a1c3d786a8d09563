// Execution-trace invariants (spec/formats.md 3.5), checked in one pass:
// per node while its JSON is at hand (tensor 6-tuples, values/shapes/types/
// strides arity, the triton stride quirk), over the whole graph at the end
// (unique ids, the process root with id 1, every parent or ctrl_deps target
// present, parent id below child id) and on the header (schema versions
// tracecheck, PARAM and Chakra accept).
//
// Contract: every finding carries the file, the node's line:column, the node
// id in its message and a JSON pointer such as /nodes/17/ctrl_deps. The
// checker keeps every node it is fed (EtNode: names, types, shapes; no
// values), so the canonical text can be rendered after finish() from
// nodes(); memory is proportional to the number of nodes.
#pragma once

#include <simdjson.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "diag/reporter.h"
#include "reader/execution_trace/node.h"
#include "reader/execution_trace/reader.h"

namespace tc::checks {

class EtChecker {
 public:
  EtChecker(std::string file, diag::Reporter& reporter) : file_(std::move(file)), reporter_(reporter) {}

  void feed(const reader::et::EtNode& node, simdjson::dom::element raw);
  void finish(const reader::et::EtHeader& header);

  const std::vector<reader::et::EtNode>& nodes() const { return nodes_; }
  const reader::et::EtHeader& header() const { return header_; }

 private:
  void report(std::string_view rule, const reader::et::EtNode& node, const std::string& field,
              const std::string& message);
  void check_arity(const reader::et::EtNode& node, const reader::et::EtIo& io, const char* key);
  void check_values(const reader::et::EtNode& node, simdjson::dom::element raw, const char* key);
  void check_value(const reader::et::EtNode& node, simdjson::dom::element value, std::string_view type,
                   const std::string& field, int depth);
  void check_schema(const reader::et::EtHeader& header);

  std::string file_;
  diag::Reporter& reporter_;
  reader::et::EtHeader header_;
  std::vector<reader::et::EtNode> nodes_;
  std::unordered_map<uint64_t, size_t> index_of_id_;  // id -> position in nodes_ (first occurrence)
};

// True for a compiled-kernel node (PT2 triton): handleKernelBackendInfo adds
// grid and stream inputs without strides, the known 1.1.1 quirk.
bool is_kernel_node(const reader::et::EtNode& node);

}  // namespace tc::checks
