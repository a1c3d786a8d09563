#include "formats/execution_trace/schema_check.h"

#include <fmt/format.h>

#include <optional>

#include "formats/schema_findings.h"
#include "formats/schema_set.h"
#include "schema/schema_file.h"

namespace tc::checks {
namespace {

constexpr const char* kChakraFile = "execution_trace/1.1.1-chakra.0.0.4.schema.json";
constexpr const char* kFlatFile = "execution_trace/1.0.1.schema.json";

struct EtSchemas {
  std::string root;
  std::string error;
  std::optional<schema::CompiledSchema> chakra_node;
  std::optional<schema::CompiledSchema> flat_node;
};

bool compile_into(const std::string& path, const std::string& fragment, std::optional<schema::CompiledSchema>& out,
                  std::string& error) {
  schema::SchemaFile f = schema::load_schema_file(path, fragment);
  if (f.status != schema::SchemaFile::Status::Ok) {
    error = fmt::format("{}:{}:{}: {}", path, f.problem.line, f.problem.column, f.problem.message);
    return false;
  }
  out = std::move(f.schema);
  return true;
}

const EtSchemas& et_schemas() {
  static const EtSchemas schemas = [] {
    EtSchemas s;
    s.root = schema_root();
    if (compile_into(s.root + "/" + kChakraFile, "/definitions/node", s.chakra_node, s.error))
      compile_into(s.root + "/" + kFlatFile, "/properties/nodes/items", s.flat_node, s.error);
    return s;
  }();
  return schemas;
}

}  // namespace

void EtSchemaChecker::on_node(const reader::et::EtNode& node, simdjson::dom::element raw, const std::string& file) {
  const EtSchemas& s = et_schemas();
  if (!s.error.empty()) {
    if (!load_reported_) {
      load_reported_ = true;
      reporter_.report("schema-invalid", {file, node.pos.line, node.pos.column},
                       "the execution-trace schemas cannot be loaded, so no node was checked against them: " + s.error,
                       "node", {}, "set TRACECHECK_SCHEMA_DIR to the schemas/ folder of tracecheck");
    }
    return;
  }
  // The trace's layout, not the node's own keys: a 1.1.1 node that lost its
  // ctrl_deps is a 1.1.1 node missing a field, not a 1.0.1 node.
  bool chakra = !node.flat;
  const schema::CompiledSchema& schema = chakra ? *s.chakra_node : *s.flat_node;
  if (schema.validate(raw)) return;
  errors_.clear();
  schema.validate(raw, &errors_, 50);
  const std::string kind = node.name.empty() ? std::string("node") : fmt::format("node {}", node.name);
  for (const schema::SchemaError& e : errors_) {
    std::string schema_at = display_schema_path(e.schema_path, s.root, chakra ? kChakraFile : kFlatFile);
    diag::Location loc{file, node.pos.line, node.pos.column};
    if (is_unknown_key(e)) {
      reporter_.report("schema-unknown-key", std::move(loc), unknown_key_message("the " + kind, e, schema_at), kind,
                       node.pointer() + e.instance_pointer, std::string(kUnknownKeyHint));
    } else {
      reporter_.report("schema-violation", std::move(loc), violation_message(e, schema_at), kind,
                       node.pointer() + e.instance_pointer, std::string(kViolationHint));
    }
  }
}

}  // namespace tc::checks
