#include "formats/execution_trace/checker.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string_view>

#include "formats/execution_trace/schema_version.h"

namespace tc::formats::execution_trace {
namespace {

using simdjson::dom::element;

// The key that names a node's parent: "parent" in the 1.0.1 flat layout.
const char* parent_key(const EtHeader& header) {
  return header.layout == Layout::Flat ? "parent" : "ctrl_deps";
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "Tensor(...": two 4-byte loads instead of a call to memcmp, per value.
bool is_tensor_type(std::string_view type) {
  auto word = [](const char* p) {
    uint32_t w;
    std::memcpy(&w, p, 4);
    return w;
  };
  constexpr const char* kPrefix = "Tensor(";
  return type.size() >= 7 && word(type.data()) == word(kPrefix) && word(type.data() + 3) == word(kPrefix + 3);
}

// [5 integers (each fits int64 or uint64), a string]. Flattened: simdjson's
// accessors, out of line, cost more than the test itself.
[[gnu::flatten]] bool is_tensor_tuple(element value) {
  simdjson::dom::array a;
  if (value.get(a) != simdjson::SUCCESS || a.size() != 6) return false;
  size_t i = 0;
  using simdjson::dom::element_type;
  for (element item : a) {
    const element_type t = item.type();
    if (i < 5 ? (t != element_type::INT64 && t != element_type::UINT64) : t != element_type::STRING) return false;
    ++i;
  }
  return true;
}

// The element types of a list or tuple type, one at a time, without
// copying: "GenericList[Tensor(float),Int]" gives "Tensor(float)", then
// "Int". empty() when `type` is not a list or tuple type (or lists none).
class ElementTypes {
 public:
  explicit ElementTypes(std::string_view type) {
    if (type.empty() || type.back() != ']') return;  // most types ("Int", "Device"): no prefix to compare
    for (std::string_view prefix : {"GenericList[", "Tuple["}) {
      if (starts_with(type, prefix)) {
        inner_ = type.substr(prefix.size(), type.size() - prefix.size() - 1);
        break;
      }
    }
  }
  bool empty() const { return inner_.empty(); }
  // Top-level pieces: commas outside brackets and parentheses, plus one.
  size_t count() const {
    size_t n = 1;
    for (size_t at = 0; (at = piece_end(at)) < inner_.size(); ++at) ++n;
    return n;
  }
  std::string_view next() {
    size_t end = piece_end(at_);
    std::string_view piece = inner_.substr(at_, end - at_);
    at_ = end + 1;
    return piece;
  }

 private:
  // Where the piece starting at `from` ends: its top-level comma, or the end.
  size_t piece_end(size_t from) const {
    int depth = 0;
    for (size_t i = from; i < inner_.size(); ++i) {
      char c = inner_[i];
      if (c == '[' || c == '(') ++depth;
      if (c == ']' || c == ')') --depth;
      if (c == ',' && depth == 0) return i;
    }
    return inner_.size();
  }

  std::string_view inner_;
  size_t at_ = 0;
};

}  // namespace

bool is_kernel_node(const EtNode& node) {
  return !node.kernel_backend.empty() || node.name.find("triton_") != std::string::npos;
}

EtChecker::Place EtChecker::place_of(const EtNode& node) {
  return {node.index, node.pos.line, node.pos.column, node.has_id, node.id};
}

EtChecker::Place EtChecker::place_of(size_t position) const {
  const Seen& n = seen_[position];
  Place p{position + n.skipped, n.line, n.column, (n.flags & kHasId) != 0, id(position)};
  if (n.flags & kWide) {
    const Wide& w = wide_.at(position);
    p.index = w.index;
    p.line = w.line;
    p.column = w.column;
  }
  return p;
}

void EtChecker::keep(const EtNode& node) {
  static_assert(sizeof(Seen) == 20);
  const size_t position = seen_.size();
  Seen n;
  n.id = static_cast<uint32_t>(node.id);
  n.parent = static_cast<uint32_t>(node.parent);
  n.flags = (node.has_id ? kHasId : 0) | (node.has_parent ? kHasParent : 0) |
            (node.is_process_root() ? kProcessRoot : 0) |
            (node.id_value == IdValue::Number ? kNumberId : 0);
  const uint64_t skipped = node.index - position;
  if (node.pos.line <= UINT32_MAX && node.pos.column <= UINT32_MAX && skipped <= UINT16_MAX) {
    n.line = static_cast<uint32_t>(node.pos.line);
    n.column = static_cast<uint32_t>(node.pos.column);
    n.skipped = static_cast<uint16_t>(skipped);
  } else {
    n.flags |= kWide;
    wide_[position] = {node.index, node.pos.line, node.pos.column};
  }
  seen_.push_back(n);
  const High high{static_cast<uint32_t>(node.id >> 32), static_cast<uint32_t>(node.parent >> 32)};
  if (high_.empty() && (high.id | high.parent) == 0) return;
  while (high_.size() < position) high_.push_back({});
  high_.push_back(high);
}

void EtChecker::report(std::string_view rule, const Place& node, const std::string& field,
                       const std::string& message) {
  std::string name = node.has_id ? "node " + std::to_string(node.id) : "node at index " + std::to_string(node.index);
  reporter_.report(rule, {file_, node.line, node.column}, name + ": " + message, kNodeKind,
                   node_pointer(node.index, field));
}

void EtChecker::feed(const EtNode& node, const EtNodeJson& json) {
  if (node.has_id) {
    bool inserted = false;
    size_t first = index_of_id_.insert(node.id, seen_.size(), inserted);
    if (!inserted)
      report("et-id-duplicate", place_of(node), "id",
             "id " + std::to_string(node.id) + " is also the id of " + node_pointer(place_of(first).index));
  }
  if (node.id_value == IdValue::Container)
    report("et-id-incomparable", place_of(node), "id", "an array or object id, which PARAM cannot key nodes by");
  if (node.id_value == IdValue::Unordered && node.has_parent) unordered_ids_.push_back(seen_.size());
  check_arity(node, node.inputs, "inputs");
  check_arity(node, node.outputs, "outputs");
  check_values(node, json.inputs, "inputs");
  check_values(node, json.outputs, "outputs");
  keep(node);
  if (keep_nodes_) nodes_.push_back(node);
}

void EtChecker::check_arity(const EtNode& node, const EtIo& io, const char* key) {
  if (io.values != io.shapes || io.values != io.types) {
    report("et-arity", place_of(node), key,
           std::string(key) + " has " + std::to_string(io.values) + " values, " + std::to_string(io.shapes) +
               " shapes and " + std::to_string(io.types) + " types");
  }
  if (io.strides && *io.strides != io.values) {
    std::string msg = std::string(key) + " has " + std::to_string(io.values) + " values but " +
                      std::to_string(*io.strides) + " strides";
    if (*io.strides < io.values && is_kernel_node(node))
      report("et-kernel-strides", place_of(node), std::string(key) + "/strides",
             msg + " (a compiled kernel's grid and stream inputs carry no stride)");
    else
      report("et-strides-arity", place_of(node), std::string(key) + "/strides", msg);
  }
}

void EtChecker::check_values(const EtNode& node, const EtIoJson& io, const char* key) {
  if (!io.found) return;
  const ValuesAt at{key, io.nested};
  auto type_it = io.types.begin();
  const auto types_end = io.types.end();
  size_t i = 0;
  for (element v : io.values) {
    if (type_it == types_end) break;
    std::string_view type;
    if (!(*type_it).get(type)) {
      value_path_.assign(1, i);
      check_value(node, v, type, at, value_path_);
    }
    ++type_it;
    ++i;
  }
}

// A tensor is [tensor_id, storage_id, offset, numel, itemsize, "device"]:
// PyTorch's test asserts 6 entries, Chakra's PyTorchTensor.is_valid wants 6.
void EtChecker::check_value(const EtNode& node, element value, std::string_view type, const ValuesAt& at,
                            std::vector<size_t>& path) {
  if (path.size() > 33) return;
  if (is_tensor_type(type)) {
    if (!is_tensor_tuple(value)) {
      std::string field = at.key;
      if (at.nested) field += "/values";
      for (size_t step : path) field += "/" + std::to_string(step);
      report("et-tensor-value", place_of(node), field,
             "a " + std::string(type) + " value is not [tensor_id, storage_id, offset, numel, itemsize, device]: " +
                 simdjson::minify(value).substr(0, 120));
    }
    return;
  }
  ElementTypes inner(type);
  simdjson::dom::array a;
  if (inner.empty() || value.get(a) || a.size() != inner.count()) return;
  size_t i = 0;
  for (element item : a) {
    path.push_back(i);
    check_value(node, item, inner.next(), at, path);
    path.pop_back();
    ++i;
  }
}

void EtChecker::check_schema(const EtHeader& header) {
  if (!header.schema) return;  // et-header already said so
  const std::string& s = *header.schema;
  diag::Location top{file_, 1, 1};
  if (!header.info.known)
    reporter_.report(
        "et-schema-unknown", top,
        "schema \"" + s + "\" is not a version PyTorch has written (known: " + join_versions(known_versions()) +
            "); read with the " + (header.info.layout == Layout::Flat ? "1.0.1 flat" : "nested") + " layout",
        "et-header", "/schema");
  if (!accepted_by(chakra_versions(), s))
    reporter_.report(
        "et-schema-chakra", top,
        "Chakra's converter rejects schema \"" + s + "\" (it accepts " + join_versions(chakra_versions()) + ")",
        "et-header", "/schema");
  if (!accepted_by(param_versions(), s))
    reporter_.report("et-schema-param", top,
                     "PARAM et_replay raises ValueError on schema \"" + s + "\" (it accepts " +
                         join_versions(param_versions()) + ")",
                     "et-header", "/schema");
}

void EtChecker::finish(const EtHeader& header) {
  header_ = header;
  check_schema(header);
  if (!header.complete) return;  // a cut file: its root and parents are not all there
  if (header.nodes_found) check_root();
  check_unordered_ids();
  check_cycles(header);
  const std::string field = parent_key(header);
  for (size_t k = 0; k < seen_.size(); ++k) {
    if (!has(k, kHasParent) || !has(k, kHasId)) continue;
    const uint64_t node_id = id(k), parent_id = parent(k);
    if (parent_id == node_id) {
      if (!has(k, kProcessRoot)) report("et-parent-missing", place_of(k), field, "is its own parent");
      continue;
    }
    if (!index_of_id_.contains(parent_id)) {
      report("et-parent-missing", place_of(k), field, field + " " + std::to_string(parent_id) + " names no node");
    } else if (parent_id > node_id) {
      report("et-parent-order", place_of(k), field,
             "parent " + std::to_string(parent_id) + " has a higher id (ids are assigned at op entry)");
    }
  }
}

// One process root, with the id 1 that PARAM's replay and Chakra's loader
// look up: a missing or renumbered root is et-root, a second one
// et-root-second (loaders keep it; replay never starts from it).
void EtChecker::check_root() {
  std::optional<size_t> root;
  for (size_t k = 0; k < seen_.size(); ++k) {
    if (!has(k, kProcessRoot)) continue;
    if (root) {
      report("et-root-second", place_of(k), "name",
             "a second process root (the first is " + node_pointer(place_of(*root).index) + ")");
      continue;
    }
    root = k;
    if (!has(k, kHasId))
      report("et-root", place_of(k), "id", "the process root's id is not the integer 1 (PARAM's replay reads nodes[1])");
    else if (id(k) != 1)
      report("et-root", place_of(k), "id",
             "the process root has id " + std::to_string(id(k)) + ", not 1 (Chakra's loader reads get_nodes()[1])");
  }
  if (!root)
    reporter_.report("et-root", {file_, 1, 1},
                     std::string("no process root node \"") + kProcessNodeName + "\" with id 1",
                     "et-header", "/nodes");
}

// PARAM sorts each node's children by id (sort_children), and Python does
// not order a string or None against a number: a string or null id beside
// a numeric one under a parent that exists raises TypeError.
void EtChecker::check_unordered_ids() {
  if (unordered_ids_.empty()) return;
  std::unordered_map<uint64_t, bool> numeric_child;  // parent id -> has a child with a numeric id
  for (size_t k : unordered_ids_) numeric_child.emplace(parent(k), false);
  for (size_t k = 0; k < seen_.size(); ++k) {
    if (!has(k, kHasParent) || !(has(k, kHasId) || has(k, kNumberId))) continue;
    auto it = numeric_child.find(parent(k));
    if (it != numeric_child.end() && !(has(k, kHasId) && id(k) == 1)) it->second = true;  // PARAM skips id 1
  }
  for (size_t k : unordered_ids_) {
    const uint64_t parent_id = parent(k);
    if (numeric_child.at(parent_id) && index_of_id_.contains(parent_id))
      report("et-id-incomparable", place_of(k), "id",
             "a string or null id among the numeric ids of node " + std::to_string(parent_id) +
                 "'s children, which PARAM sorts by id");
  }
}

// Parents must form a tree: following parent links from any node ends at a
// root (a node without a parent, or its own parent). Each cycle is reported
// once, at the node of it that comes first in the file, naming its ids.
void EtChecker::check_cycles(const EtHeader& header) {
  enum : uint8_t { kUnvisited, kOnPath, kDone };
  std::vector<uint8_t> state(seen_.size(), kUnvisited);
  std::vector<size_t> path;
  const std::string field = parent_key(header);
  for (size_t start = 0; start < seen_.size(); ++start) {
    path.clear();
    size_t at = start;
    while (state[at] == kUnvisited) {
      state[at] = kOnPath;
      path.push_back(at);
      if (!has(at, kHasParent) || !has(at, kHasId) || parent(at) == id(at)) break;
      std::optional<size_t> parent_at = index_of_id_.find(parent(at));
      if (!parent_at) break;
      at = *parent_at;
    }
    // The walk stops at a root, a missing parent or a node already done
    // (at == path.back() or state kDone), or back on itself: a cycle from `at` on.
    if (state[at] == kOnPath && at != path.back()) {
      auto first = std::find(path.begin(), path.end(), at);
      std::vector<size_t> cycle(first, path.end());
      // Positions follow the file's order, as indices do.
      size_t head = *std::min_element(cycle.begin(), cycle.end());
      std::string ids;
      auto from = std::find(cycle.begin(), cycle.end(), head);
      for (size_t k = 0; k <= cycle.size(); ++k)
        ids += (k ? " -> " : "") + std::to_string(id(cycle[(from - cycle.begin() + k) % cycle.size()]));
      // PARAM never links node 1 to a parent, so a cycle through it is one
      // PARAM does not walk (execution_trace.py:409-415).
      const bool through_root =
          std::any_of(cycle.begin(), cycle.end(), [&](size_t k) { return has(k, kHasId) && id(k) == 1; });
      report(through_root ? "et-parent-cycle-root" : "et-parent-cycle", place_of(head), field,
             "parents form a cycle: " + ids + " (node, its parent, ...)" + (through_root ? ", through the root" : ""));
    }
    for (size_t i : path) state[i] = kDone;
  }
}

}  // namespace tc::formats::execution_trace
