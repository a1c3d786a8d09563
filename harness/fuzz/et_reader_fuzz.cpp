// libFuzzer target: the execution-trace reader (io::stream_json_array, node
// parsing, header checks) and the report of its findings. The reader opens
// paths, so each input is written to a per-process temp file first (gzip
// input included: the reader sniffs the magic bytes). Then, for each node
// of an input that parses whole, NodeParser::parse_valid against what it
// stands for: a node it calls valid passes the node schema and parse()
// reports nothing about it (else the target aborts).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <simdjson.h>

#include "diag/profile.h"
#include "diag/reporter.h"
#include "formats/execution_trace/node_fields.h"
#include "formats/execution_trace/reader.h"
#include "formats/execution_trace/schema_check.h"
#include "formats/registry/registry.h"

namespace {

void check_parse_valid(const uint8_t* data, size_t size) {
  const tc::reader::et::NodeSchemaPlan* plan = tc::checks::EtSchemaChecker::nested_plan();
  if (!plan) return;
  simdjson::dom::parser parser;
  simdjson::dom::array nodes;
  if (parser.parse(reinterpret_cast<const char*>(data), size).get_object()["nodes"].get(nodes)) return;
  tc::reader::et::EtNode node;
  tc::reader::et::EtNodeJson json;
  for (simdjson::dom::element e : nodes) {
    for (bool want_strides : {true, false}) {
      tc::diag::Reporter reporter;
      tc::reader::et::NodeParser nodes_parser("fuzz.json", reporter, /*keep_texts=*/true);
      if (!nodes_parser.parse_valid(e, want_strides, node, json, *plan)) continue;
      nodes_parser.parse(e, tc::reader::et::Layout::Nested, want_strides, node, json);
      if (!reporter.kept().empty() || !tc::checks::EtSchemaChecker::passes_nested(e)) __builtin_trap();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string file =
      (std::filesystem::temp_directory_path() / ("tracecheck-fuzz-et-" + std::to_string(getpid()) + ".json")).string();
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  tc::diag::Reporter reporter;
  tc::reader::et::EtHandler handler;
  uint64_t nodes = 0;
  handler.on_node = [&](const tc::reader::et::EtNode&, const tc::reader::et::EtNodeJson&) { ++nodes; };
  handler.on_end = [](const tc::reader::et::EtHeader&) {};
  std::string io_error;
  tc::reader::et::read_execution_trace(file, reporter, handler, &io_error);
  tc::diag::Verdict verdict = tc::diag::resolve(reporter, tc::format::catalog().default_profile());
  for (const tc::diag::Diagnostic& d : verdict.diagnostics) (void)tc::diag::format_text(d);
  check_parse_valid(data, size);
  return 0;
}
