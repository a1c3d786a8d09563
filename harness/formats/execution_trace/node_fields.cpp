#include "formats/execution_trace/node_fields.h"

#include <array>

#include "formats/record_plan.h"
#include "io/same_bytes.h"

namespace tc::formats::execution_trace {
// Named, not anonymous: NodeSchemaPlan::Plans, which the header declares,
// holds RecordPlans over the key lists below.
namespace node_fields_detail {

using simdjson::dom::element;

// simdjson's getters, inlined (flatten): out of line, each returns its
// simdjson_result through memory, a store-forwarding stall per field
// (schema/adapters.h). True when `e` is a T.
template <class T>
[[gnu::flatten]] inline bool read_as(element e, T& out) {
  return e.get(out) == simdjson::SUCCESS;
}

// The first value of each of `keys` in an object, from one pass over its
// members. Writers keep one order, and `keys` start with PyTorch's: while
// the members come in that order, each costs one comparison.
template <size_t N>
struct Members {
  std::array<element, N> value{};
  std::array<bool, N> found{};
  bool others = false;  // a member none of the keys, or one repeated
};

template <size_t N>
Members<N> pick(simdjson::dom::object object, const std::array<std::string_view, N>& keys) {
  Members<N> m;
  auto is = [](simdjson::dom::object::iterator it, std::string_view key) {
    return it.key_length() == key.size() && io::same_bytes(it.key_c_str(), key.data(), key.size());
  };
  auto it = object.begin();
  const auto end = object.end();
  for (size_t i = 0; it != end && i < N && is(it, keys[i]); ++it, ++i) {
    m.found[i] = true;
    m.value[i] = it.value();
  }
  for (; it != end; ++it) {
    size_t i = 0;
    while (i < N && !is(it, keys[i])) ++i;
    if (i == N || m.found[i]) {
      m.others = true;
      continue;
    }
    m.found[i] = true;
    m.value[i] = it.value();
  }
  return m;
}

// Whether an object of members `m` passes `plan`, but for its nested
// members; false also when unsure (a member the reader does not know, a
// repeated one).
template <size_t N>
bool admits(const RecordPlan<N>& plan, const Members<N>& m) {
  return !m.others && plan.admits(m.found, m.value.data());
}

// A node's members in both layouts: nested (1.0.2 on) and flat (1.0.1).
// The nested layout's keys first, in the order PyTorch writes them.
enum NodeKey : size_t {
  kId, kName, kCtrlDeps, kInputs, kOutputs, kAttrs,
  kParent, kInputShapes, kInputTypes, kOutputShapes, kOutputTypes, kRfId, kOpSchema,
  kFlatFwParent, kFlatSeqId, kFlatTid, kFlatFwTid, kFlatScope, kNodeKeys
};
constexpr std::array<std::string_view, kNodeKeys> kNodeKeyNames = {
    "id", "name", "ctrl_deps", "inputs", "outputs", "attrs",
    "parent", "input_shapes", "input_types", "output_shapes", "output_types", "rf_id", "op_schema",
    "fw_parent", "seq_id", "tid", "fw_tid", "scope"};

enum IoKey : size_t { kValues, kShapes, kTypes, kStrides, kIoKeys };
constexpr std::array<std::string_view, kIoKeys> kIoKeyNames = {"values", "shapes", "types", "strides"};

enum AttrKey : size_t { kAttrName, kAttrType, kAttrValue, kAttrKeys };
constexpr std::array<std::string_view, kAttrKeys> kAttrKeyNames = {"name", "type", "value"};

}  // namespace node_fields_detail

using namespace node_fields_detail;

struct NodeSchemaPlan::Plans {
  RecordPlan<kNodeKeys> node;
  RecordPlan<kIoKeys> io[2];  // inputs, outputs
  // The schema of each item of an io's "types", when that is all its
  // schema says of an array: decided as the reader reads each type.
  std::optional<schema::SchemaPart> types_items[2];
  RecordPlan<kAttrKeys> attr;
};

namespace {

EtIoJson nested_io_json(const Members<kIoKeys>& m) {
  EtIoJson json;
  json.nested = true;
  json.found = m.found[kValues] && m.found[kTypes] && read_as(m.value[kValues], json.values) &&
               read_as(m.value[kTypes], json.types);
  return json;
}

// What the value checks read of "inputs" (or "outputs") whatever the
// trace's layout: an array beside its types array, or an object of arrays.
EtIoJson io_json(bool found, element io, bool types_found, element types_value) {
  EtIoJson json;
  if (!found) return json;
  if (io.is_array()) {
    json.found = types_found && read_as(io, json.values) && read_as(types_value, json.types);
    return json;
  }
  simdjson::dom::object object;
  if (!read_as(io, object)) return json;
  return nested_io_json(pick(object, kIoKeyNames));
}

// Whether Python's int() reads the JSON value `v` as json.load gives it:
// a number, a boolean, or a string of digits with an optional sign,
// surrounding whitespace and single underscores between digits (PARAM
// casts rf_id with int(): et_replay/execution_trace.py _read_attrs).
bool python_int_reads(element v) {
  using simdjson::dom::element_type;
  switch (v.type()) {
    case element_type::INT64:
    case element_type::UINT64:
    case element_type::DOUBLE:
    case element_type::BOOL:
      return true;
    case element_type::STRING:
      break;
    default:
      return false;
  }
  std::string_view s = v.get_string().value_unsafe();
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) s.remove_prefix(1);
  bool digit_before = false;
  for (char c : s) {
    if (c >= '0' && c <= '9') {
      digit_before = true;
    } else if (c == '_' && digit_before) {
      digit_before = false;
    } else {
      return false;
    }
  }
  return digit_before;
}

// The kind of an id that is not an unsigned integer (node.h IdValue).
IdValue id_value_of(element id) {
  switch (id.type()) {
    case simdjson::dom::element_type::STRING:
    case simdjson::dom::element_type::NULL_VALUE:
      return IdValue::Unordered;
    case simdjson::dom::element_type::ARRAY:
    case simdjson::dom::element_type::OBJECT:
      return IdValue::Container;
    default:
      return IdValue::Number;
  }
}

}  // namespace

std::optional<NodeSchemaPlan> NodeSchemaPlan::make(const schema::SchemaPart& node) {
  std::optional<schema::RecordPart> record = node.record();
  if (!record) return std::nullopt;
  auto plans = std::make_shared<Plans>();
  plans->node = plan_record(*record, kNodeKeyNames);
  if (!plans->node.usable) return std::nullopt;
  const size_t io_keys[2] = {kInputs, kOutputs};
  for (size_t slot = 0; slot < 2; ++slot) {
    const size_t k = io_keys[slot];
    if (!plans->node.allowed[k]) continue;
    if (std::optional<schema::RecordPart> io = plans->node.part[k].record()) {
      plans->io[slot] = plan_record(*io, kIoKeyNames);
      plans->node.nested[k] = plans->io[slot].usable;
      if (plans->io[slot].allowed[kTypes]) {
        plans->types_items[slot] = plans->io[slot].part[kTypes].items();
        plans->io[slot].nested[kTypes] = plans->types_items[slot].has_value();
      }
    }
  }
  if (plans->node.allowed[kAttrs]) {
    std::optional<schema::SchemaPart> items = plans->node.part[kAttrs].items();
    std::optional<schema::RecordPart> attr = items ? items->record() : std::nullopt;
    if (attr) {
      plans->attr = plan_record(*attr, kAttrKeyNames);
      plans->node.nested[kAttrs] = plans->attr.usable;
    }
  }
  NodeSchemaPlan plan;
  plan.plans_ = std::move(plans);
  return plan;
}

bool NodeParser::parse_valid(element e, bool want_strides, EtNode& node, EtNodeJson& json,
                             const NodeSchemaPlan& plan) {
  plan_ = plan.plans_.get();
  undecided_ = false;
  parse(e, Layout::Nested, want_strides, node, json);
  plan_ = nullptr;
  return !undecided_;
}

void NodeParser::parse(element e, Layout layout, bool want_strides, EtNode& node, EtNodeJson& json,
                       const std::function<bool(std::string_view)>* claim) {
  node.clear();
  node_ = &node;
  claim_ = claim;
  json = EtNodeJson{};
  json.raw = e;
  simdjson::dom::object object;
  if (!read_as(e, object)) {
    field_error("", "a node is not a JSON object");
    return;
  }
  const Members<kNodeKeys> m = pick(object, kNodeKeyNames);
  if (plan_ && !admits(plan_->node, m)) undecided_ = true;
  // A member every node has: read into `out`, or reported missing or not `what`.
  auto required = [&](size_t key, auto& out, const char* what) {
    const std::string_view name = kNodeKeyNames[key];
    if (!m.found[key])
      field_error(name, "node has no \"" + std::string(name) + "\"");
    else if (!read_as(m.value[key], out))
      field_error(name, "\"" + std::string(name) + "\" is not " + what);
    else
      return true;
    return false;
  };
  uint64_t u = 0;
  // The id and the parent, read into `u`: missing is et-node-field (every
  // consumer indexes them), another type `wrong_type_rule` (they load it).
  auto unsigned_member = [&](size_t key, std::string_view wrong_type_rule) {
    const std::string_view name = kNodeKeyNames[key];
    if (!m.found[key])
      field_error(name, "node has no \"" + std::string(name) + "\"");
    else if (!read_as(m.value[key], u))
      field_error(name, {},
                  "\"" + std::string(name) + "\" is not an unsigned integer: " +
                      simdjson::minify(m.value[key]).substr(0, 40),
                  wrong_type_rule);
    else
      return true;
    return false;
  };
  if (unsigned_member(kId, "et-id-type")) {
    node.has_id = true;
    node.id = u;
    node.id_value = IdValue::Unsigned;
  } else if (m.found[kId]) {
    node.id_value = id_value_of(m.value[kId]);
  }
  std::string_view s;
  if (required(kName, s, "a string")) node.name = s;
  const bool flat = layout == Layout::Flat;
  if (unsigned_member(flat ? kParent : kCtrlDeps, "et-parent-type")) {
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
      if (!read_as(m.value[kRfId], u))
        field_error("rf_id", "\"rf_id\" is not an unsigned integer");
      else
        node.rf_id = u;
    }
    if (m.found[kOpSchema] && read_as(m.value[kOpSchema], s)) node.op_schema = s;
    // PARAM's 1.0.1 loader indexes these too (KeyError without them:
    // param et_replay/execution_trace.py _create_node_v1_0_1); their types
    // are the schema's (et-field-value).
    for (size_t key : {kFlatFwParent, kFlatSeqId, kFlatTid, kFlatFwTid, kFlatScope})
      if (!m.found[key]) field_error(kNodeKeyNames[key], "node has no \"" + std::string(kNodeKeyNames[key]) + "\"");
  } else {
    read_nested_io(m.found[kInputs], m.value[kInputs], "inputs", 0, want_strides, node.inputs, json.inputs);
    read_nested_io(m.found[kOutputs], m.value[kOutputs], "outputs", 1, want_strides, node.outputs, json.outputs);
    read_attrs(m.found[kAttrs], m.value[kAttrs]);
  }
}

void NodeParser::field_error(std::string_view a, std::string_view b, const std::string& message,
                             std::string_view rule) {
  if (plan_) {  // parse_valid(): parse() will report it
    undecided_ = true;
    return;
  }
  std::string field(a);
  if (!b.empty()) {
    field += '/';
    field += b;
  }
  diag::Diagnostic d = diag::make_diagnostic(
      rule, {file_, node_->pos.line, node_->pos.column},
      (node_->has_id ? "node " + std::to_string(node_->id) + ": " : std::string()) + message, kNodeKind,
      node_->pointer(field));
  d.breaks_schema = claim_ && (*claim_) && (*claim_)(field);
  reporter_.report(std::move(d));
}

bool NodeParser::read_array(bool found, element value, std::string_view field_base, std::string_view key,
                            size_t& count, Texts texts, EtIo& io, const schema::SchemaPart* items) {
  const std::string_view name = key.empty() ? field_base : key;
  simdjson::dom::array a;
  if (!found) {
    field_error(field_base, key, "missing \"" + std::string(name) + "\"");
    return false;
  }
  if (!read_as(value, a)) {
    // A string the consumers take for a list: PARAM zips its characters.
    field_error(field_base, key, "\"" + std::string(name) + "\" is not an array",
                value.is_string() ? "et-io-string" : "et-node-field");
    return false;
  }
  count = a.size();
  if (texts == Texts::TypeNames) {
    size_t i = 0;
    for (element item : a) {
      if (items && !items->valid(item)) undecided_ = true;
      std::string_view s;
      if (!read_as(item, s)) {
        field_error(field_base, key.empty() ? std::to_string(i) : std::string(key) + "/" + std::to_string(i),
                    "a type is not a string: " + simdjson::minify(item).substr(0, 40), "et-type-name");
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

void NodeParser::read_nested_io(bool found, element value, std::string_view key, size_t slot, bool want_strides,
                                EtIo& io, EtIoJson& json) {
  simdjson::dom::object object;
  if (!found) {
    field_error(key, "node has no \"" + std::string(key) + "\"");
    return;
  }
  if (!read_as(value, object)) {
    field_error(key, "\"" + std::string(key) + "\" is not an object of values, shapes and types");
    return;
  }
  const Members<kIoKeys> m = pick(object, kIoKeyNames);
  if (plan_ && plan_->node.nested[slot == 0 ? kInputs : kOutputs] && !admits(plan_->io[slot], m)) undecided_ = true;
  json = nested_io_json(m);
  read_array(m.found[kValues], m.value[kValues], key, "values", io.values, Texts::None, io);
  read_array(m.found[kShapes], m.value[kShapes], key, "shapes", io.shapes, Texts::ShapeTexts, io);
  const schema::SchemaPart* types_items = plan_ && plan_->types_items[slot] ? &*plan_->types_items[slot] : nullptr;
  read_array(m.found[kTypes], m.value[kTypes], key, "types", io.types, Texts::TypeNames, io, types_items);
  if (m.found[kStrides]) {
    size_t n = 0;
    if (read_array(true, m.value[kStrides], key, "strides", n, Texts::None, io)) io.strides = n;
  } else if (want_strides) {
    field_error(key, "strides",
                "\"" + std::string(key) + "\" has no \"strides\" (required from schema 1.1.1 on)");
  }
}

// Flattened: a node's attrs are most of its members, and inlining what
// reads each one (pick, simdjson's iteration) took 7% off a check.
[[gnu::flatten]] void NodeParser::read_attrs(bool found, element value) {
  simdjson::dom::array attrs;
  if (!found) {
    field_error("attrs", "node has no \"attrs\"");
    return;
  }
  if (!read_as(value, attrs)) {
    field_error("attrs", "\"attrs\" is not an array");
    return;
  }
  EtNode& node = *node_;
  // The attrs PyTorch writes on every node and Chakra's converter copies
  // into each node it writes, as integers and op_schema as a string
  // (pytorch_converter.py:312-321): one bit each when there with that type.
  enum : unsigned { kRf = 1, kFwParent = 2, kSeq = 4, kScope = 8, kTid = 16, kFwTid = 32, kSchema = 64, kAll = 127 };
  unsigned chakra = 0;
  auto integer = [](element v) { return v.is_int64() || v.is_uint64(); };
  size_t i = 0;
  for (element a : attrs) {
    const size_t at = i++;
    simdjson::dom::object object;
    std::string_view name;
    element attr_value;
    bool ok = read_as(a, object);
    if (ok) {
      const Members<kAttrKeys> m = pick(object, kAttrKeyNames);
      if (plan_ && plan_->node.nested[kAttrs] && !admits(plan_->attr, m)) undecided_ = true;
      // Chakra and PARAM read an attr's name and value, never its type:
      // a type that is missing or not a string is the schema's finding
      // (et-field-value), not a node the consumers cannot read.
      ok = m.found[kAttrName] && m.found[kAttrValue] && read_as(m.value[kAttrName], name);
      attr_value = m.value[kAttrValue];
    }
    if (!ok) {
      field_error("attrs", std::to_string(at), "an attr is not {\"name\": string, \"value\": ...}");
      continue;
    }
    // The attrs the node keeps; their names differ in length, which most
    // attrs (seq_id, scope, tid...) fail at once.
    std::string* text = nullptr;
    switch (name.size()) {
      case 3:
        if (name == "tid" && integer(attr_value)) chakra |= kTid;
        break;
      case 5:
        if (name == "rf_id") {
          uint64_t rf = 0;
          if (!read_as(attr_value, rf)) {
            // One int() reads (a numeric string, a float) PARAM loads and
            // Chakra rejects: et-attr-required says so below.
            if (!python_int_reads(attr_value))
              field_error("attrs", std::to_string(at) + "/value", "rf_id is not a value PARAM's int() reads");
          } else {
            node.rf_id = rf;
            chakra |= kRf;
          }
        } else if (name == "scope" && integer(attr_value)) {
          chakra |= kScope;
        }
        break;
      case 6:
        if (integer(attr_value)) chakra |= name == "seq_id" ? unsigned{kSeq} : name == "fw_tid" ? unsigned{kFwTid} : 0u;
        break;
      case 9:
        if (name == "op_schema") {
          text = &node.op_schema;
          if (attr_value.is_string()) chakra |= kSchema;
        } else if (name == "fw_parent" && integer(attr_value)) {
          chakra |= kFwParent;
        }
        break;
      case 14: text = name == "kernel_backend" ? &node.kernel_backend : nullptr; break;
      case 11: text = name == "kernel_file" ? &node.kernel_file : nullptr; break;
    }
    std::string_view s;
    if (text && read_as(attr_value, s)) *text = s;
  }
  if (chakra != kAll) {
    std::string lacking;
    const std::pair<unsigned, const char*> names[] = {{kRf, "rf_id"},   {kFwParent, "fw_parent"}, {kSeq, "seq_id"},
                                                      {kScope, "scope"}, {kTid, "tid"},           {kFwTid, "fw_tid"},
                                                      {kSchema, "op_schema"}};
    for (const auto& [bit, attr] : names)
      if (!(chakra & bit)) lacking += std::string(lacking.empty() ? "" : ", ") + attr;
    field_error("attrs", {},
                "no attr " + lacking + " of its type (integers; op_schema a string), which Chakra's converter reads",
                "et-attr-required");
  }
}

}  // namespace tc::formats::execution_trace
