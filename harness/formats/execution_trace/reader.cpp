#include "formats/execution_trace/reader.h"

#include <string_view>

#include "io/input_source.h"
#include "json/array_ahead.h"
#include "json/array_stream.h"
#include "json/parse.h"
#include "json/text.h"
#include "formats/execution_trace/node_fields.h"

namespace tc::formats::execution_trace {
namespace {

using simdjson::dom::element;

void check_header_member(const std::string& file, diag::Reporter& reporter, const json::JsonMember& m, EtHeader& header,
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

// A node simdjson rejected. Python's json (Chakra's and PARAM's loader) reads
// NaN, Infinity, numbers beyond double range and integers beyond 64 bits:
// those are the json-* warnings at the literal, the rest a syntax error.
// The node is not checked further either way.
void report_unparsed_node(const std::string& path, diag::Reporter& reporter, const json::JsonElement& el,
                          const std::string& pointer, const char* simdjson_error) {
  if (json::Parser().parse(el.text).ok) {
    std::vector<json::JsonTextFinding> found = json::find_json_quirks(el.text, 16);
    std::erase_if(found, [](const json::JsonTextFinding& f) {
      return f.kind == json::JsonTextFinding::Kind::DuplicateKey || f.kind == json::JsonTextFinding::Kind::LoneSurrogate;
    });
    if (found.empty()) found = json::find_big_integers(el.text, 1);
    if (!found.empty()) {
      const json::JsonTextFinding& f = found.front();
      using K = json::JsonTextFinding::Kind;
      const char* rule = f.kind == K::NonFinite    ? "json-non-finite"
                         : f.kind == K::OutOfRange ? "json-number-range"
                                                   : "json-big-integer";
      const json::JsonPosition at = json::position_in(el.text, el.pos, f.offset);
      reporter.report(rule, {path, at.line, at.column},
                      "node holds " + f.detail + ", which simdjson does not read (not checked further)", kNodeKind,
                      pointer + f.pointer, "Python's json.load (Chakra, PARAM) reads it");
      return;
    }
  }
  reporter.report("json-syntax", {path, el.pos.line, el.pos.column},
                  std::string("node is not valid JSON: ") + simdjson_error, kNodeKind, pointer);
}

}  // namespace

bool read_execution_trace(const std::string& path, diag::Reporter& reporter, const EtHandler& handler,
                          const EtReadOptions& options_in, std::string& error) {
  std::unique_ptr<io::InputSource> in = io::open_input(path, error);
  if (!in) return false;
  EtHeader header;
  bool seen_schema = false, seen_pid = false, seen_time = false, seen_start = false, seen_finish = false;
  bool layout_fixed = false;
  NodeParser node_parser(path, reporter, options_in.keep_texts);
  simdjson::dom::parser parser;
  json::JsonStreamOptions options;
  options.array_key = "nodes";
  if (options_in.chunk) options.chunk = options_in.chunk;

  std::optional<json::JsonPosition> nodes_member;
  auto on_member = [&](const json::JsonMember& m) {
    if (m.key == "nodes") {  // "nodes" that is not an array: reported below, where it is
      nodes_member = m.pos;
      return;
    }
    check_header_member(path, reporter, m, header, seen_schema, seen_pid, seen_time, seen_start, seen_finish);
  };
  // One node, in order: parsed here unless `parsed` brings it parsed ahead.
  EtNode node;  // one node reused: its strings keep their capacity
  EtNodeJson node_json;
  auto fold_node = [&](const json::JsonElement& el, const element* parsed, bool noted) {
    node.index = el.index;
    node.pos = el.pos;
    element e;
    if (parsed) {
      e = *parsed;
    } else if (auto err = parser.parse(el.text.data(), el.text.size(), false).get(e)) {
      report_unparsed_node(path, reporter, el, node.pointer(), simdjson::error_message(err));
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
    const bool flat = header.layout == Layout::Flat;
    const bool want_strides = header.schema && header.info.strides;
    if (!flat && !noted && options_in.schema_plan &&
        node_parser.parse_valid(e, want_strides, node, node_json, *options_in.schema_plan)) {
      if (handler.before_node) handler.before_node(e, flat, /*noted=*/true);
    } else {
      if (handler.before_node) handler.before_node(e, flat, noted);
      node_parser.parse(e, header.layout, want_strides, node, node_json, &handler.claim);
    }
    node.flat = flat;
    ++header.node_count;
    if (handler.on_node) handler.on_node(node, node_json);
  };
  json::JsonStreamResult result =
      json::stream_json_array_ahead(
          *in, options, options_in.threads,
          options_in.note ? json::NoteElement([&](element raw, void*) -> uint8_t { return options_in.note(raw); })
                          : json::NoteElement(),
          [&](const json::JsonElement& el, const element* parsed, uint8_t noted, const void*) {
            fold_node(el, parsed, noted != 0);
          },
          on_member);
  header.nodes_found = result.array_found;

  if (!result.ok()) {
    const json::JsonStreamError& err = result.error;
    if (err.kind == json::JsonStreamErrorKind::Io && !in->data_error()) {
      error = path + ": " + in->error();
      return false;
    }
    diag::Location loc{path, err.pos.line, err.pos.column};
    if (err.kind == json::JsonStreamErrorKind::NotContainer && result.bytes == 0)
      reporter.report("input-empty", loc, "the file is empty", "et-header");
    else
      reporter.report("json-syntax", loc, err.message, "et-header");
  } else {
    header.complete = true;
    diag::Location top{path, 1, 1};
    if (result.container != json::JsonContainer::Object)
      reporter.report("et-header", top, "an execution trace is a JSON object with \"schema\" and \"nodes\"",
                      "et-header");
    else if (!result.array_found && nodes_member)
      reporter.report("et-header", {path, nodes_member->line, nodes_member->column}, "\"nodes\" is not an array",
                      "et-header", "/nodes");
    else if (!result.array_found)
      reporter.report("et-header", top, "no \"nodes\" array", "et-header", "/nodes");
    if (result.container == json::JsonContainer::Object) {
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
  return true;
}

}  // namespace tc::formats::execution_trace
