#include "formats/execution_trace/schema_check.h"

#include <fmt/format.h>

#include <optional>

#include "formats/schema_findings.h"
#include "formats/schema_set.h"
#include "schema/schema_file.h"

namespace tc::formats::execution_trace {
namespace {

constexpr const char* kChakraFile = "execution_trace/1.1.1-chakra.0.0.4.schema.json";
constexpr const char* kFlatFile = "execution_trace/1.0.1.schema.json";

struct EtSchemas {
  std::string root;
  std::string error;
  std::optional<schema::CompiledSchema> chakra_node;
  std::optional<schema::CompiledSchema> flat_node;
  std::optional<NodeSchemaPlan> nested_plan;
};

const EtSchemas& et_schemas() {
  static const EtSchemas schemas = [] {
    EtSchemas s;
    s.root = schema_root();
    if (compile_into(s.root + "/" + kChakraFile, "/definitions/node", s.chakra_node, s.error))
      compile_into(s.root + "/" + kFlatFile, "/properties/nodes/items", s.flat_node, s.error);
    if (s.error.empty()) s.nested_plan = NodeSchemaPlan::make(schema::SchemaPart::root(*s.chakra_node));
    return s;
  }();
  return schemas;
}

}  // namespace

bool EtSchemaChecker::loaded(const std::string& file, const json::JsonPosition& pos) {
  const EtSchemas& s = et_schemas();
  if (s.error.empty()) return true;
  if (!load_reported_) {
    load_reported_ = true;
    reporter_.report("schema-invalid", {file, pos.line, pos.column},
                     "the execution-trace schemas cannot be loaded, so no node was checked against them: " + s.error,
                     "node", {}, "set TRACECHECK_SCHEMA_DIR to the schemas/ folder of tracecheck");
  }
  return false;
}

bool EtSchemaChecker::passes_nested(simdjson::dom::element raw) {
  const EtSchemas& s = et_schemas();
  return s.error.empty() && s.chakra_node->validate(raw);
}

const NodeSchemaPlan* EtSchemaChecker::nested_plan() {
  const EtSchemas& s = et_schemas();
  return s.nested_plan ? &*s.nested_plan : nullptr;
}

void EtSchemaChecker::validate(simdjson::dom::element raw, bool flat, bool known_valid) {
  facts_.clear();
  const EtSchemas& s = et_schemas();
  if (!s.error.empty()) return;
  // The trace's layout, not the node's own keys: a 1.1.1 node that lost its
  // ctrl_deps is a 1.1.1 node missing a field, not a 1.0.1 node.
  chakra_ = !flat;
  if (chakra_ && known_valid) return;
  const schema::CompiledSchema& schema = chakra_ ? *s.chakra_node : *s.flat_node;
  if (schema.validate(raw)) return;
  errors_.clear();
  schema.validate(raw, &errors_, 50);
  for (schema::SchemaError& e : errors_) facts_.add(std::move(e));
}

void EtSchemaChecker::report(const EtNode& node, const std::string& file) {
  if (!loaded(file, node.pos) || facts_.empty()) return;
  const EtSchemas& s = et_schemas();
  const std::string kind = node.name.empty() ? std::string("node") : fmt::format("node {}", node.name);
  for (const SchemaFacts::Fact& f : facts_.facts()) {
    if (f.claimed) continue;
    const schema::SchemaError& e = f.error;
    std::string schema_at = display_schema_path(e.schema_path, s.root, chakra_ ? kChakraFile : kFlatFile);
    diag::Location loc{file, node.pos.line, node.pos.column};
    if (f.unknown_key)
      reporter_.report(schema_finding("schema-unknown-key", std::move(loc), unknown_key_message("the " + kind, e, schema_at),
                                      kind, node.pointer() + e.instance_pointer, kUnknownKeyHint));
    else
      reporter_.report(schema_finding("et-field-value", std::move(loc), violation_message(e, schema_at), kind,
                                      node.pointer() + e.instance_pointer, kViolationHint));
  }
  facts_.clear();
}

}  // namespace tc::formats::execution_trace
