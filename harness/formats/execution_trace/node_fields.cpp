#include "formats/execution_trace/node_fields.h"

#include <array>
#include <cstring>

namespace tc::reader::et {
namespace {

using simdjson::dom::element;

// The first value of each of `keys` in an object, from one pass over its
// members. Writers keep one order, and `keys` start with PyTorch's: while
// the members come in that order, each costs one comparison.
template <size_t N>
struct Members {
  std::array<element, N> value{};
  std::array<bool, N> found{};
};

template <size_t N>
Members<N> pick(simdjson::dom::object object, const std::array<std::string_view, N>& keys) {
  Members<N> m;
  auto is = [](simdjson::dom::object::iterator it, std::string_view key) {
    return it.key_length() == key.size() && std::memcmp(it.key_c_str(), key.data(), key.size()) == 0;
  };
  auto it = object.begin();
  const auto end = object.end();
  for (size_t i = 0; it != end && i < N && is(it, keys[i]); ++it, ++i) {
    m.found[i] = true;
    m.value[i] = it.value();
  }
  for (; it != end; ++it) {
    for (size_t i = 0; i < N; ++i) {
      if (!is(it, keys[i])) continue;
      if (!m.found[i]) {
        m.found[i] = true;
        m.value[i] = it.value();
      }
      break;
    }
  }
  return m;
}

// A node's members in both layouts: nested (1.0.2 on) and flat (1.0.1).
// The nested layout's keys first, in the order PyTorch writes them.
enum NodeKey : size_t {
  kId, kName, kCtrlDeps, kInputs, kOutputs, kAttrs,
  kParent, kInputShapes, kInputTypes, kOutputShapes, kOutputTypes, kRfId, kOpSchema, kNodeKeys
};
constexpr std::array<std::string_view, kNodeKeys> kNodeKeyNames = {
    "id", "name", "ctrl_deps", "inputs", "outputs", "attrs",
    "parent", "input_shapes", "input_types", "output_shapes", "output_types", "rf_id", "op_schema"};

enum IoKey : size_t { kValues, kShapes, kTypes, kStrides, kIoKeys };
constexpr std::array<std::string_view, kIoKeys> kIoKeyNames = {"values", "shapes", "types", "strides"};

enum AttrKey : size_t { kAttrName, kAttrType, kAttrValue, kAttrKeys };
constexpr std::array<std::string_view, kAttrKeys> kAttrKeyNames = {"name", "type", "value"};

EtIoJson nested_io_json(const Members<kIoKeys>& m) {
  EtIoJson json;
  json.nested = true;
  json.found = m.found[kValues] && m.found[kTypes] && !m.value[kValues].get(json.values) &&
               !m.value[kTypes].get(json.types);
  return json;
}

// What the value checks read of "inputs" (or "outputs") whatever the
// trace's layout: an array beside its types array, or an object of arrays.
EtIoJson io_json(bool found, element io, bool types_found, element types_value) {
  EtIoJson json;
  if (!found) return json;
  if (io.is_array()) {
    json.found = types_found && !io.get(json.values) && !types_value.get(json.types);
    return json;
  }
  simdjson::dom::object object;
  if (io.get(object)) return json;
  return nested_io_json(pick(object, kIoKeyNames));
}

}  // namespace

void NodeParser::parse(element e, Layout layout, bool want_strides, EtNode& node, EtNodeJson& json,
                       const std::function<bool(std::string_view)>* claim) {
  node.clear();
  node_ = &node;
  claim_ = claim;
  json = EtNodeJson{};
  json.raw = e;
  simdjson::dom::object object;
  if (e.get(object)) {
    field_error("", "a node is not a JSON object");
    return;
  }
  const Members<kNodeKeys> m = pick(object, kNodeKeyNames);
  uint64_t u = 0;
  if (!m.found[kId]) {
    field_error("id", "node has no \"id\"");
  } else if (m.value[kId].get(u)) {
    field_error("id", "\"id\" is not an unsigned integer");
  } else {
    node.has_id = true;
    node.id = u;
  }
  std::string_view s;
  if (!m.found[kName]) {
    field_error("name", "node has no \"name\"");
  } else if (m.value[kName].get(s)) {
    field_error("name", "\"name\" is not a string");
  } else {
    node.name = s;
  }
  const bool flat = layout == Layout::Flat;
  const size_t parent = flat ? kParent : kCtrlDeps;
  const std::string_view parent_key = kNodeKeyNames[parent];
  if (!m.found[parent]) {
    field_error(parent_key, "node has no \"" + std::string(parent_key) + "\"");
  } else if (m.value[parent].get(u)) {
    field_error(parent_key, "\"" + std::string(parent_key) + "\" is not an unsigned integer");
  } else {
    node.has_parent = true;
    node.parent = u;
  }
  if (flat || !m.found[kInputs] || !m.value[kInputs].is_object())
    json.inputs = io_json(m.found[kInputs], m.value[kInputs], m.found[kInputTypes], m.value[kInputTypes]);
  if (flat || !m.found[kOutputs] || !m.value[kOutputs].is_object())
    json.outputs = io_json(m.found[kOutputs], m.value[kOutputs], m.found[kOutputTypes], m.value[kOutputTypes]);
  if (flat) {
    // Three arrays side by side: "inputs", "input_shapes", "input_types".
    auto read_flat_io = [&](size_t values, size_t shapes, size_t types, EtIo& io) {
      read_array(m.found[values], m.value[values], kNodeKeyNames[values], {}, io.values, Texts::None, io);
      read_array(m.found[shapes], m.value[shapes], kNodeKeyNames[shapes], {}, io.shapes, Texts::ShapeTexts, io);
      read_array(m.found[types], m.value[types], kNodeKeyNames[types], {}, io.types, Texts::TypeNames, io);
    };
    read_flat_io(kInputs, kInputShapes, kInputTypes, node.inputs);
    read_flat_io(kOutputs, kOutputShapes, kOutputTypes, node.outputs);
    if (m.found[kRfId]) {
      if (m.value[kRfId].get(u))
        field_error("rf_id", "\"rf_id\" is not an unsigned integer");
      else
        node.rf_id = u;
    }
    if (m.found[kOpSchema] && !m.value[kOpSchema].get(s)) node.op_schema = s;
  } else {
    read_nested_io(m.found[kInputs], m.value[kInputs], "inputs", want_strides, node.inputs, json.inputs);
    read_nested_io(m.found[kOutputs], m.value[kOutputs], "outputs", want_strides, node.outputs, json.outputs);
    read_attrs(m.found[kAttrs], m.value[kAttrs]);
  }
}

void NodeParser::field_error(std::string_view a, std::string_view b, const std::string& message) {
  std::string field(a);
  if (!b.empty()) {
    field += '/';
    field += b;
  }
  diag::Diagnostic d = diag::make_diagnostic(
      "et-node-field", {file_, node_->pos.line, node_->pos.column},
      (node_->has_id ? "node " + std::to_string(node_->id) + ": " : std::string()) + message, kNodeKind,
      node_->pointer(field));
  d.breaks_schema = claim_ && (*claim_) && (*claim_)(field);
  reporter_.report(std::move(d));
}

bool NodeParser::read_array(bool found, element value, std::string_view field_base, std::string_view key,
                            size_t& count, Texts texts, EtIo& io) {
  const std::string_view name = key.empty() ? field_base : key;
  simdjson::dom::array a;
  if (!found) {
    field_error(field_base, key, "missing \"" + std::string(name) + "\"");
    return false;
  }
  if (value.get(a)) {
    field_error(field_base, key, "\"" + std::string(name) + "\" is not an array");
    return false;
  }
  count = a.size();
  if (texts == Texts::TypeNames) {
    size_t i = 0;
    for (element item : a) {
      std::string_view s;
      if (item.get(s)) {
        field_error(field_base, key.empty() ? std::to_string(i) : std::string(key) + "/" + std::to_string(i),
                    "a type is not a string");
        if (keep_texts_) io.type_names.emplace_back("?");
      } else if (keep_texts_) {
        io.type_names.emplace_back(s);
      }
      ++i;
    }
  } else if (texts == Texts::ShapeTexts && keep_texts_) {
    for (element item : a) io.shape_texts.push_back(simdjson::minify(item));
  }
  return true;
}

void NodeParser::read_nested_io(bool found, element value, std::string_view key, bool want_strides, EtIo& io,
                                EtIoJson& json) {
  simdjson::dom::object object;
  if (!found) {
    field_error(key, "node has no \"" + std::string(key) + "\"");
    return;
  }
  if (value.get(object)) {
    field_error(key, "\"" + std::string(key) + "\" is not an object of values, shapes and types");
    return;
  }
  const Members<kIoKeys> m = pick(object, kIoKeyNames);
  json = nested_io_json(m);
  read_array(m.found[kValues], m.value[kValues], key, "values", io.values, Texts::None, io);
  read_array(m.found[kShapes], m.value[kShapes], key, "shapes", io.shapes, Texts::ShapeTexts, io);
  read_array(m.found[kTypes], m.value[kTypes], key, "types", io.types, Texts::TypeNames, io);
  if (m.found[kStrides]) {
    size_t n = 0;
    if (read_array(true, m.value[kStrides], key, "strides", n, Texts::None, io)) io.strides = n;
  } else if (want_strides) {
    field_error(key, "strides",
                "\"" + std::string(key) + "\" has no \"strides\" (required from schema 1.1.1 on)");
  }
}

void NodeParser::read_attrs(bool found, element value) {
  simdjson::dom::array attrs;
  if (!found) {
    field_error("attrs", "node has no \"attrs\"");
    return;
  }
  if (value.get(attrs)) {
    field_error("attrs", "\"attrs\" is not an array");
    return;
  }
  EtNode& node = *node_;
  size_t i = 0;
  for (element a : attrs) {
    const size_t at = i++;
    simdjson::dom::object object;
    std::string_view name, type;
    element attr_value;
    bool ok = !a.get(object);
    if (ok) {
      const Members<kAttrKeys> m = pick(object, kAttrKeyNames);
      ok = m.found[kAttrName] && m.found[kAttrType] && m.found[kAttrValue] && !m.value[kAttrName].get(name) &&
           !m.value[kAttrType].get(type);
      attr_value = m.value[kAttrValue];
    }
    if (!ok) {
      field_error("attrs", std::to_string(at),
                  "an attr is not {\"name\": string, \"type\": string, \"value\": ...}");
      continue;
    }
    std::string_view s;
    if (name == "rf_id") {
      uint64_t rf = 0;
      if (attr_value.get(rf))
        field_error("attrs", std::to_string(at) + "/value", "rf_id is not an unsigned integer");
      else
        node.rf_id = rf;
    } else if (name == "op_schema" && !attr_value.get(s)) {
      node.op_schema = s;
    } else if (name == "kernel_backend" && !attr_value.get(s)) {
      node.kernel_backend = s;
    } else if (name == "kernel_file" && !attr_value.get(s)) {
      node.kernel_file = s;
    }
  }
}

}  // namespace tc::reader::et
