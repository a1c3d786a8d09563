#include "formats/execution_trace/reader.h"

#include <string_view>

#include "diag/exit_code.h"
#include "io/input_source.h"
#include "json/array_ahead.h"
#include "json/array_stream.h"

namespace tc::reader::et {
namespace {

using simdjson::dom::element;

constexpr const char* kNodeKind = "et-node";

class NodeParser {
 public:
  // keep_texts: whether nodes keep their type names and shape texts (for
  // the canonical text); the types are checked either way.
  NodeParser(const std::string& file, diag::Reporter& reporter, bool keep_texts)
      : file_(file), reporter_(reporter), keep_texts_(keep_texts) {}

  // Fills `node` from `e`; reports missing or mistyped fields.
  void parse(element e, Layout layout, bool want_strides, EtNode& node,
             const std::function<bool(std::string_view)>* claim = nullptr) {
    node_ = &node;
    claim_ = claim;
    if (!e.is_object()) {
      field_error("", "a node is not a JSON object");
      return;
    }
    uint64_t u = 0;
    if (auto r = e["id"]; r.error()) {
      field_error("id", "node has no \"id\"");
    } else if (r.get(u)) {
      field_error("id", "\"id\" is not an unsigned integer");
    } else {
      node.has_id = true;
      node.id = u;
    }
    std::string_view s;
    if (auto r = e["name"]; r.error()) {
      field_error("name", "node has no \"name\"");
    } else if (r.get(s)) {
      field_error("name", "\"name\" is not a string");
    } else {
      node.name = s;
    }
    const char* parent_key = layout == Layout::Flat ? "parent" : "ctrl_deps";
    if (auto r = e[parent_key]; r.error()) {
      field_error(parent_key, std::string("node has no \"") + parent_key + "\"");
    } else if (r.get(u)) {
      field_error(parent_key, std::string("\"") + parent_key + "\" is not an unsigned integer");
    } else {
      node.has_parent = true;
      node.parent = u;
    }
    if (layout == Layout::Flat) {
      read_flat_io(e, "inputs", "input_shapes", "input_types", node.inputs);
      read_flat_io(e, "outputs", "output_shapes", "output_types", node.outputs);
      uint64_t rf = 0;
      if (auto r = e["rf_id"]; !r.error()) {
        if (r.get(rf))
          field_error("rf_id", "\"rf_id\" is not an unsigned integer");
        else
          node.rf_id = rf;
      }
      if (auto r = e["op_schema"]; !r.error() && !r.get(s)) node.op_schema = s;
    } else {
      read_nested_io(e, "inputs", want_strides, node.inputs);
      read_nested_io(e, "outputs", want_strides, node.outputs);
      read_attrs(e, node);
    }
  }

 private:
  void field_error(const std::string& field, const std::string& message) {
    diag::Diagnostic d = diag::make_diagnostic(
        "et-node-field", {file_, node_->pos.line, node_->pos.column},
        (node_->has_id ? "node " + std::to_string(node_->id) + ": " : std::string()) + message, kNodeKind,
        node_->pointer(field));
    d.breaks_schema = claim_ && (*claim_) && (*claim_)(field);
    reporter_.report(std::move(d));
  }

  // The length of array member `key`, with its texts when `texts` is set.
  bool read_array(element parent, const std::string& key, const std::string& field, size_t& count,
                  std::vector<std::string>* strings, std::vector<std::string>* minified) {
    simdjson::dom::array a;
    if (auto r = parent[key]; r.error()) {
      field_error(field, "missing \"" + key + "\"");
      return false;
    } else if (r.get(a)) {
      field_error(field, "\"" + key + "\" is not an array");
      return false;
    }
    count = a.size();
    size_t i = 0;
    for (element item : a) {
      if (strings) {
        std::string_view s;
        if (item.get(s)) {
          field_error(field + "/" + std::to_string(i), "a type is not a string");
          if (keep_texts_) strings->emplace_back("?");
        } else if (keep_texts_) {
          strings->emplace_back(s);
        }
      }
      if (minified && keep_texts_) minified->push_back(simdjson::minify(item));
      ++i;
    }
    return true;
  }

  void read_flat_io(element e, const char* values, const char* shapes, const char* types, EtIo& io) {
    read_array(e, values, values, io.values, nullptr, nullptr);
    read_array(e, shapes, shapes, io.shapes, nullptr, &io.shape_texts);
    read_array(e, types, types, io.types, &io.type_names, nullptr);
  }

  void read_nested_io(element e, const std::string& key, bool want_strides, EtIo& io) {
    element obj;
    if (auto r = e[key]; r.error()) {
      field_error(key, "node has no \"" + key + "\"");
      return;
    } else if (r.get(obj) || !obj.is_object()) {
      field_error(key, "\"" + key + "\" is not an object of values, shapes and types");
      return;
    }
    read_array(obj, "values", key + "/values", io.values, nullptr, nullptr);
    read_array(obj, "shapes", key + "/shapes", io.shapes, nullptr, &io.shape_texts);
    read_array(obj, "types", key + "/types", io.types, &io.type_names, nullptr);
    if (auto r = obj["strides"]; !r.error()) {
      size_t n = 0;
      if (read_array(obj, "strides", key + "/strides", n, nullptr, nullptr)) io.strides = n;
    } else if (want_strides) {
      field_error(key + "/strides", "\"" + key + "\" has no \"strides\" (required from schema 1.1.1 on)");
    }
  }

  void read_attrs(element e, EtNode& node) {
    simdjson::dom::array attrs;
    if (auto r = e["attrs"]; r.error()) {
      field_error("attrs", "node has no \"attrs\"");
      return;
    } else if (r.get(attrs)) {
      field_error("attrs", "\"attrs\" is not an array");
      return;
    }
    size_t i = 0;
    for (element a : attrs) {
      std::string field = "attrs/" + std::to_string(i++);
      std::string_view name, type;
      element value;
      if (!a.is_object() || a["name"].get(name) || a["type"].get(type) || a["value"].get(value)) {
        field_error(field, "an attr is not {\"name\": string, \"type\": string, \"value\": ...}");
        continue;
      }
      std::string_view s;
      if (name == "rf_id") {
        uint64_t rf = 0;
        if (value.get(rf))
          field_error(field + "/value", "rf_id is not an unsigned integer");
        else
          node.rf_id = rf;
      } else if (name == "op_schema" && !value.get(s)) {
        node.op_schema = s;
      } else if (name == "kernel_backend" && !value.get(s)) {
        node.kernel_backend = s;
      } else if (name == "kernel_file" && !value.get(s)) {
        node.kernel_file = s;
      }
    }
  }

  const std::string& file_;
  diag::Reporter& reporter_;
  bool keep_texts_;
  EtNode* node_ = nullptr;
  const std::function<bool(std::string_view)>* claim_ = nullptr;
};

void check_header_member(const std::string& file, diag::Reporter& reporter, const io::JsonMember& m, EtHeader& header,
                         bool& seen_schema, bool& seen_pid, bool& seen_time, bool& seen_start, bool& seen_finish) {
  simdjson::dom::parser parser;
  std::string text(m.text);
  auto doc = parser.parse(text);
  diag::Location loc{file, m.pos.line, m.pos.column};
  auto bad = [&](const char* what) {
    reporter.report("et-header", loc, "\"" + m.key + "\" is not " + what, "et-header", "/" + m.key);
  };
  if (m.key == "schema") {
    seen_schema = true;
    std::string_view s;
    if (doc.error() || doc.get(s)) {
      bad("a string");
    } else {
      header.schema = std::string(s);
      header.info = classify_schema(s);
    }
  } else if (m.key == "pid" || m.key == "start_ts" || m.key == "finish_ts") {
    (m.key == "pid" ? seen_pid : m.key == "start_ts" ? seen_start : seen_finish) = true;
    int64_t i = 0;
    if (doc.error() || doc.get(i)) bad("an integer");
  } else if (m.key == "time") {
    seen_time = true;
    std::string_view s;
    if (doc.error() || doc.get(s)) bad("a string");
  }
}

}  // namespace

int read_execution_trace(const std::string& path, diag::Reporter& reporter, const EtHandler& handler,
                         std::string* io_error, const EtReadOptions& options_in) {
  std::string why;
  std::unique_ptr<io::InputSource> in = io::open_input(path, why);
  if (!in) {
    if (io_error) *io_error = why;
    return kExitIo;
  }
  EtHeader header;
  bool seen_schema = false, seen_pid = false, seen_time = false, seen_start = false, seen_finish = false;
  bool layout_fixed = false;
  NodeParser node_parser(path, reporter, options_in.keep_texts);
  simdjson::dom::parser parser;
  io::JsonStreamOptions options;
  options.array_key = "nodes";
  if (options_in.chunk) options.chunk = options_in.chunk;

  std::optional<io::JsonPosition> nodes_member;
  auto on_member = [&](const io::JsonMember& m) {
    if (m.key == "nodes") {  // "nodes" that is not an array: reported below, where it is
      nodes_member = m.pos;
      return;
    }
    check_header_member(path, reporter, m, header, seen_schema, seen_pid, seen_time, seen_start, seen_finish);
  };
  // One node, in order: parsed here unless `parsed` brings it parsed ahead.
  auto fold_node = [&](const io::JsonElement& el, const element* parsed, bool noted) {
    EtNode node;
    node.index = el.index;
    node.pos = el.pos;
    element e;
    if (parsed) {
      e = *parsed;
    } else if (auto err = parser.parse(el.text.data(), el.text.size(), false).get(e)) {
      reporter.report("json-syntax", {path, el.pos.line, el.pos.column},
                      std::string("node is not valid JSON: ") + simdjson::error_message(err), kNodeKind,
                      node.pointer());
      return;
    }
    if (!layout_fixed) {
      layout_fixed = true;
      if (header.schema) {
        header.layout = header.info.layout;
      } else if (e.is_object() && !e["parent"].error() && e["ctrl_deps"].error()) {
        header.layout = Layout::Flat;
      }
    }
    if (handler.before_node) handler.before_node(e, header.layout == Layout::Flat, noted);
    node_parser.parse(e, header.layout, header.schema && header.info.strides, node, &handler.claim);
    node.flat = header.layout == Layout::Flat;
    ++header.node_count;
    if (handler.on_node) handler.on_node(node, e);
  };
  io::JsonStreamResult result =
      io::stream_json_array_ahead(*in, options, options_in.threads, options_in.note, fold_node, on_member);
  header.nodes_found = result.array_found;

  if (!result.ok()) {
    const io::JsonStreamError& err = result.error;
    if (err.kind == io::JsonStreamErrorKind::Io && !in->data_error()) {
      if (io_error) *io_error = path + ": " + in->error();
      return kExitIo;
    }
    diag::Location loc{path, err.pos.line, err.pos.column};
    if (err.kind == io::JsonStreamErrorKind::NotContainer && result.bytes == 0)
      reporter.report("input-empty", loc, "the file is empty", "et-header");
    else
      reporter.report("json-syntax", loc, err.message, "et-header");
  } else {
    header.complete = true;
    diag::Location top{path, 1, 1};
    if (result.container != io::JsonContainer::Object)
      reporter.report("et-header", top, "an execution trace is a JSON object with \"schema\" and \"nodes\"",
                      "et-header");
    else if (!result.array_found && nodes_member)
      reporter.report("et-header", {path, nodes_member->line, nodes_member->column}, "\"nodes\" is not an array",
                      "et-header", "/nodes");
    else if (!result.array_found)
      reporter.report("et-header", top, "no \"nodes\" array", "et-header", "/nodes");
    if (result.container == io::JsonContainer::Object) {
      auto missing = [&](bool seen, const char* key) {
        if (!seen)
          reporter.report("et-header", top, std::string("no top-level \"") + key + "\"", "et-header",
                          std::string("/") + key);
      };
      missing(seen_schema, "schema");
      missing(seen_pid, "pid");
      missing(seen_time, "time");
      missing(seen_start, "start_ts");
      missing(seen_finish, "finish_ts");
    }
  }
  if (handler.on_end) handler.on_end(header);
  return kExitOk;
}

}  // namespace tc::reader::et
