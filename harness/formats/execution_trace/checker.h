// Execution-trace invariants (../shared/spec/formats.md 3.5), checked in one pass:
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
#include "formats/execution_trace/id_index.h"
#include "formats/execution_trace/node.h"
#include "formats/execution_trace/reader.h"
#include "formats/huge_pages.h"

namespace tc::formats::execution_trace {

class EtChecker {
 public:
  // keep_nodes: whether nodes() must hold every node for a caller (the
  // canonical text, the Kineto join); the checks themselves keep only what
  // finish() needs of a node (20 bytes, and its id's slot in the id
  // index), so a plain check of a large trace holds its ids, not its
  // names, schemas and shapes.
  EtChecker(std::string file, diag::Reporter& reporter, bool keep_nodes = true)
      : file_(std::move(file)), reporter_(reporter), keep_nodes_(keep_nodes) {}

  void feed(const EtNode& node, const EtNodeJson& json);
  void finish(const EtHeader& header);

  const std::vector<EtNode>& nodes() const { return nodes_; }  // empty unless keep_nodes
  const EtHeader& header() const { return header_; }

 private:
  // What finish() needs of a node, in 20 bytes (a trace of millions of
  // nodes holds one each): how it links and where it is. Its index in
  // "nodes" is its position in seen_ plus the nodes before it that were not
  // JSON (`skipped`). The id and the parent keep their low 32 bits here and
  // their high ones in high_, which has a slot for every node from the
  // first whose id or parent needs them (PyTorch's never do). A line,
  // column or skip too large for its field sets kWide, and the exact
  // values sit in wide_.
  struct Seen {
    uint32_t id = 0, parent = 0, line = 0, column = 0;
    uint16_t skipped = 0;
    uint8_t flags = 0;
  };
  // kNumberId: an id that is a number but not an unsigned integer (IdValue::Number).
  enum : uint8_t { kHasId = 1, kHasParent = 2, kProcessRoot = 4, kWide = 8, kNumberId = 16 };
  struct High {
    uint32_t id = 0, parent = 0;
  };
  struct Wide {
    uint64_t index = 0, line = 0, column = 0;
  };
  uint64_t id(size_t position) const {
    return seen_[position].id | (position < high_.size() ? uint64_t{high_[position].id} << 32 : 0);
  }
  uint64_t parent(size_t position) const {
    return seen_[position].parent | (position < high_.size() ? uint64_t{high_[position].parent} << 32 : 0);
  }
  // A node as a finding names it.
  struct Place {
    uint64_t index = 0, line = 0, column = 0;
    bool has_id = false;
    uint64_t id = 0;
  };
  static Place place_of(const EtNode& node);
  Place place_of(size_t position) const;
  bool has(size_t position, uint8_t flag) const { return seen_[position].flags & flag; }
  void keep(const EtNode& node);

  void report(std::string_view rule, const Place& node, const std::string& field, const std::string& message);
  void check_arity(const EtNode& node, const EtIo& io, const char* key);
  void check_values(const EtNode& node, const EtIoJson& io, const char* key);
  // Where a node's values are: "<key>/values" (nested) or "<key>" (flat).
  struct ValuesAt {
    const char* key;
    bool nested;
  };
  // `path` holds the indices down to the value; its field string is made
  // only for a finding.
  void check_value(const EtNode& node, simdjson::dom::element value, std::string_view type,
                   const ValuesAt& at, std::vector<size_t>& path);
  void check_schema(const EtHeader& header);
  void check_cycles(const EtHeader& header);
  void check_root();
  void check_unordered_ids();

  std::string file_;
  diag::Reporter& reporter_;
  EtHeader header_;
  bool keep_nodes_;
  std::vector<EtNode> nodes_;
  HugePageBlocks<Seen> seen_;              // grows by 2 MiB blocks: no copy of millions, a page fault a block
  HugePageBlocks<High> high_;              // empty, or a slot for every position up to the last
  std::unordered_map<size_t, Wide> wide_;  // position in seen_ -> exact index, line and column (rare)
  IdIndex index_of_id_;                    // id -> position in seen_ (first occurrence)
  std::vector<size_t> value_path_;         // check_value's, kept between nodes
  // Positions of the nodes whose id is a string or null and whose parent
  // is an unsigned integer (rare): PARAM sorts them among their siblings.
  std::vector<size_t> unordered_ids_;
};

// True for a compiled-kernel node (PT2 triton): handleKernelBackendInfo adds
// grid and stream inputs without strides, the known 1.1.1 quirk.
bool is_kernel_node(const EtNode& node);

}  // namespace tc::formats::execution_trace
