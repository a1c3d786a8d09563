#include "formats/execution_trace/checker.h"

#include <algorithm>
#include <string_view>

#include "formats/execution_trace/schema_version.h"

namespace tc::checks {
namespace {

using reader::et::EtHeader;
using reader::et::EtIo;
using reader::et::EtNode;
using simdjson::dom::element;

constexpr const char* kKind = "et-node";

template <class Node>
std::string node_name(const Node& n) {
  return n.has_id ? "node " + std::to_string(n.id) : "node at index " + std::to_string(n.index);
}

std::string pointer_of(uint64_t index, const std::string& field) {
  std::string p = "/nodes/" + std::to_string(index);
  if (!field.empty()) p += "/" + field;
  return p;
}

// The key that names a node's parent: "parent" in the 1.0.1 flat layout.
const char* parent_key(const EtHeader& header) {
  return header.layout == reader::et::Layout::Flat ? "parent" : "ctrl_deps";
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "GenericList[Tensor(float),Int]" -> {"Tensor(float)", "Int"}; empty when
// `type` is not a list or tuple type.
std::vector<std::string_view> element_types(std::string_view type) {
  std::vector<std::string_view> out;
  std::string_view inner;
  for (std::string_view prefix : {"GenericList[", "Tuple["}) {
    if (starts_with(type, prefix) && type.back() == ']') {
      inner = type.substr(prefix.size(), type.size() - prefix.size() - 1);
      break;
    }
  }
  if (inner.empty()) return out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(inner.substr(start, i - start));
      start = i + 1;
    }
  }
  out.push_back(inner.substr(start));
  return out;
}

}  // namespace

bool is_kernel_node(const EtNode& node) {
  return !node.kernel_backend.empty() || node.name.find("triton_") != std::string::npos;
}

EtChecker::Seen EtChecker::seen_of(const EtNode& node) {
  return {node.index, node.pos, node.id, node.parent, node.has_id, node.has_parent, node.is_process_root()};
}

void EtChecker::report(std::string_view rule, const Seen& node, const std::string& field,
                       const std::string& message) {
  reporter_.report(rule, {file_, node.pos.line, node.pos.column}, node_name(node) + ": " + message, kKind,
                   pointer_of(node.index, field));
}

void EtChecker::feed(const EtNode& node, element raw) {
  if (node.has_id) {
    auto [it, inserted] = index_of_id_.try_emplace(node.id, seen_.size());
    if (!inserted)
      report("et-id-duplicate", node, "id",
             "id " + std::to_string(node.id) + " is also the id of " + pointer_of(seen_[it->second].index, ""));
  }
  check_arity(node, node.inputs, "inputs");
  check_arity(node, node.outputs, "outputs");
  check_values(node, raw, "inputs");
  check_values(node, raw, "outputs");
  seen_.push_back(seen_of(node));
  if (keep_nodes_) nodes_.push_back(node);
}

void EtChecker::check_arity(const EtNode& node, const EtIo& io, const char* key) {
  std::string base = std::string(key);
  if (io.values != io.shapes || io.values != io.types) {
    report("et-arity", node, base,
           base + " has " + std::to_string(io.values) + " values, " + std::to_string(io.shapes) + " shapes and " +
               std::to_string(io.types) + " types");
  }
  if (io.strides && *io.strides != io.values) {
    std::string msg =
        base + " has " + std::to_string(io.values) + " values but " + std::to_string(*io.strides) + " strides";
    if (*io.strides < io.values && is_kernel_node(node))
      report("et-kernel-strides", node, base + "/strides",
             msg + " (a compiled kernel's grid and stream inputs carry no stride)");
    else
      report("et-arity", node, base + "/strides", msg);
  }
}

void EtChecker::check_values(const EtNode& node, element raw, const char* key) {
  simdjson::dom::array values, types;
  std::string field;
  element io;
  if (raw[key].get(io)) return;
  if (io.is_array()) {  // 1.0.1 flat layout: "inputs" + "input_types"
    std::string types_key = std::string(key) == "inputs" ? "input_types" : "output_types";
    if (io.get(values) || raw[types_key].get(types)) return;
    field = key;
  } else {
    if (io["values"].get(values) || io["types"].get(types)) return;
    field = std::string(key) + "/values";
  }
  size_t i = 0;
  auto type_it = types.begin();
  field += '/';
  const size_t base = field.size();
  for (element v : values) {
    if (type_it == types.end()) break;
    std::string_view type;
    if (!(*type_it).get(type)) {
      field.resize(base);
      field += std::to_string(i);
      check_value(node, v, type, field, 0);
    }
    ++type_it;
    ++i;
  }
}

// A tensor is [tensor_id, storage_id, offset, numel, itemsize, "device"]:
// PyTorch's test asserts 6 entries, Chakra's PyTorchTensor.is_valid wants 6.
void EtChecker::check_value(const EtNode& node, element value, std::string_view type, std::string& field,
                            int depth) {
  if (depth > 32) return;
  if (starts_with(type, "Tensor(")) {
    simdjson::dom::array a;
    bool ok = !value.get(a) && a.size() == 6;
    if (ok) {
      size_t i = 0;
      for (element item : a) {
        bool good = i < 5 ? (item.is_uint64() || item.is_int64()) : item.is_string();
        ok = ok && good;
        ++i;
      }
    }
    if (!ok)
      report("et-tensor-value", node, field,
             "a " + std::string(type) + " value is not [tensor_id, storage_id, offset, numel, itemsize, device]: " +
                 simdjson::minify(value).substr(0, 120));
    return;
  }
  std::vector<std::string_view> inner = element_types(type);
  simdjson::dom::array a;
  if (inner.empty() || value.get(a) || a.size() != inner.size()) return;
  size_t i = 0;
  const size_t base = field.size();
  for (element item : a) {
    field += '/';
    field += std::to_string(i);
    check_value(node, item, inner[i], field, depth + 1);
    field.resize(base);
    ++i;
  }
}

void EtChecker::check_schema(const EtHeader& header) {
  using namespace reader::et;
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
  const Seen* root = nullptr;
  for (const Seen& n : seen_) {
    if (!n.process_root) continue;
    if (root) {
      report("et-root", n, "name", "a second process root (the first is " + pointer_of(root->index, "") + ")");
      continue;
    }
    root = &n;
    if (n.has_id && n.id != 1)
      report("et-root", n, "id",
             "the process root has id " + std::to_string(n.id) + ", not 1 (Chakra's loader reads get_nodes()[1])");
  }
  if (!root && header.nodes_found)
    reporter_.report("et-root", {file_, 1, 1},
                     std::string("no process root node \"") + reader::et::kProcessNodeName + "\" with id 1",
                     "et-header", "/nodes");
  check_cycles(header);
  for (const Seen& n : seen_) {
    if (!n.has_parent || !n.has_id) continue;
    const std::string field = parent_key(header);
    if (n.parent == n.id) {
      if (!n.process_root) report("et-parent-missing", n, field, "is its own parent");
      continue;
    }
    if (!index_of_id_.count(n.parent)) {
      report("et-parent-missing", n, field, field + " " + std::to_string(n.parent) + " names no node");
    } else if (n.parent > n.id) {
      report("et-parent-order", n, field,
             "parent " + std::to_string(n.parent) + " has a higher id (ids are assigned at op entry)");
    }
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
      const Seen& n = seen_[at];
      if (!n.has_parent || !n.has_id || n.parent == n.id) break;
      auto parent = index_of_id_.find(n.parent);
      if (parent == index_of_id_.end()) break;
      at = parent->second;
    }
    // The walk stops at a root, a missing parent or a node already done
    // (at == path.back() or state kDone), or back on itself: a cycle from `at` on.
    if (state[at] == kOnPath && at != path.back()) {
      auto first = std::find(path.begin(), path.end(), at);
      std::vector<size_t> cycle(first, path.end());
      size_t head = *std::min_element(cycle.begin(), cycle.end(), [&](size_t a, size_t b) {
        return seen_[a].index < seen_[b].index;
      });
      std::string ids;
      auto from = std::find(cycle.begin(), cycle.end(), head);
      for (size_t k = 0; k <= cycle.size(); ++k)
        ids += (k ? " -> " : "") + std::to_string(seen_[cycle[(from - cycle.begin() + k) % cycle.size()]].id);
      report("et-parent-cycle", seen_[head], field, "parents form a cycle: " + ids + " (node, its parent, ...)");
    }
    for (size_t i : path) state[i] = kDone;
  }
}

}  // namespace tc::checks
