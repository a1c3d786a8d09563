// libFuzzer target: the execution-trace reader (json::stream_json_array, node
// parsing, header checks) and the report of its findings. The reader opens
// paths, so each input is written to a per-process temp file first (gzip
// input included: the reader sniffs the magic bytes).
//
// The reader runs three times: as it did; deciding the node schema as it
// reads (EtReadOptions::schema_plan, as `check` runs it); and so on two
// threads, with reads of 64-1060 bytes (the input's size picks it), so
// that the nodes come in many pieces parsed ahead (json/array_ahead.h), as
// `check --jobs 2` runs it. All must hand on the same nodes and report the
// same findings. Then, for each node of an
// input that parses whole, NodeParser::parse_valid against what it stands
// for: a node it calls valid passes the node schema and parse() reports
// nothing about it. Any difference traps.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <simdjson.h>

#include "diag/profile.h"
#include "diag/reporter.h"
#include "formats/execution_trace/node_fields.h"
#include "formats/execution_trace/reader.h"
#include "formats/execution_trace/schema_check.h"
#include "formats/registry/registry.h"
#include "fuzz/process_scratch.h"

namespace {

using tc::formats::execution_trace::EtIo;
using tc::formats::execution_trace::EtIoJson;
using tc::formats::execution_trace::EtNode;
using tc::formats::execution_trace::EtNodeJson;

void append_io(std::string& out, const EtIo& io, const EtIoJson& json) {
  out += std::to_string(io.values) + "," + std::to_string(io.shapes) + "," + std::to_string(io.types) + "," +
         (io.strides ? std::to_string(*io.strides) : "-") + ";";
  for (const std::string& t : io.type_names) out += t + "|";
  for (const std::string& s : io.shape_texts) out += s + "|";
  out += json.found ? "found," : "-,";
  out += json.nested ? "nested" : "-";
  if (json.found) out += "," + std::to_string(json.values.size()) + "," + std::to_string(json.types.size());
  out += ";";
}

// Everything the reader hands on of a node, as text.
std::string node_text(const EtNode& n, const EtNodeJson& json) {
  std::string out = std::to_string(n.index) + ":" + std::to_string(n.pos.line) + ":" + std::to_string(n.pos.column) +
                    (n.has_id ? " id " + std::to_string(n.id) : " -") + " " + n.name +
                    (n.has_parent ? " parent " + std::to_string(n.parent) : " -") +
                    (n.rf_id ? " rf " + std::to_string(*n.rf_id) : " -") + " " + n.op_schema + " " +
                    n.kernel_backend + " " + n.kernel_file + (n.flat ? " flat " : " nested ");
  append_io(out, n.inputs, json.inputs);
  append_io(out, n.outputs, json.outputs);
  return out;
}

struct Read {
  std::vector<std::string> nodes;
  std::vector<std::string> findings;
};

Read read(const std::string& file, const tc::formats::execution_trace::NodeSchemaPlan* plan, unsigned threads = 1,
          size_t chunk = 0) {
  Read r;
  tc::diag::Reporter reporter;
  tc::formats::execution_trace::EtHandler handler;
  handler.on_node = [&](const EtNode& n, const EtNodeJson& json) { r.nodes.push_back(node_text(n, json)); };
  handler.on_end = [](const tc::formats::execution_trace::EtHeader&) {};
  tc::formats::execution_trace::EtReadOptions options;
  options.schema_plan = plan;
  options.threads = threads;
  options.chunk = chunk;
  std::string io_error;
  tc::formats::execution_trace::read_execution_trace(file, reporter, handler, options, io_error);
  tc::diag::Verdict verdict = tc::diag::resolve(reporter, tc::formats::registry::catalog().default_profile());
  for (const tc::diag::Diagnostic& d : verdict.diagnostics) r.findings.push_back(tc::diag::format_text(d));
  return r;
}

void check_parse_valid(const uint8_t* data, size_t size, const tc::formats::execution_trace::NodeSchemaPlan& plan) {
  simdjson::dom::parser parser;
  simdjson::dom::array nodes;
  if (parser.parse(reinterpret_cast<const char*>(data), size).get_object()["nodes"].get(nodes)) return;
  EtNode node;
  EtNodeJson json;
  for (simdjson::dom::element e : nodes) {
    for (bool want_strides : {true, false}) {
      tc::diag::Reporter reporter;
      tc::formats::execution_trace::NodeParser nodes_parser("fuzz.json", reporter, /*keep_texts=*/true);
      if (!nodes_parser.parse_valid(e, want_strides, node, json, plan)) continue;
      const std::string decided = node_text(node, json);
      nodes_parser.parse(e, tc::formats::execution_trace::Layout::Nested, want_strides, node, json);
      if (!reporter.kept().empty() || decided != node_text(node, json) ||
          !tc::formats::execution_trace::EtSchemaChecker::passes_nested(e))
        __builtin_trap();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const ProcessScratch scratch("tracecheck-fuzz-et", ".json");
  const std::string& file = scratch.path().native();
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  // The shipped schemas load, and the nested node schema is one the reader
  // decides: if not, the comparisons below would test nothing.
  const tc::formats::execution_trace::NodeSchemaPlan* plan = tc::formats::execution_trace::EtSchemaChecker::nested_plan();
  if (!plan) __builtin_trap();
  const Read plain = read(file, nullptr);
  const Read deciding = read(file, plan);
  if (plain.nodes != deciding.nodes || plain.findings != deciding.findings) __builtin_trap();
  const Read two = read(file, plan, 2, 64 + size % 997);
  if (plain.nodes != two.nodes || plain.findings != two.findings) __builtin_trap();
  check_parse_valid(data, size, *plan);
  return 0;
}
