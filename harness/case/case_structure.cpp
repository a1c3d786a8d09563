#include "case/case_structure.h"

#include "io/data_root.h"
#include "json/parse.h"
#include "schema/schema_file.h"

namespace tc::cases {
namespace {

std::string schema_file() { return io::data_root() + "/schemas/case.schema.json"; }

// Compiled once; a schema that does not load is a build defect, reported as
// a violation of every case so that it cannot go unnoticed.
const schema::SchemaFile& case_schema() {
  static const schema::SchemaFile file = schema::load_schema_file(schema_file());
  return file;
}

}  // namespace

std::vector<std::string> check_case_structure(const nlohmann::json& doc) {
  const schema::SchemaFile& file = case_schema();
  if (!file.schema) {
    const schema::SchemaFileProblem& p = file.problem;
    return {"(schema) " + schema_file() + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) + ": " +
            p.message};
  }
  const schema::CompiledSchema* s = &*file.schema;
  // Validate the project's own JSON model, so the checks see exactly what a
  // Python json.loads would (numbers as written, duplicate keys resolved).
  json::Parser parser;
  std::string text = doc.dump();
  json::ParseResult parsed = parser.parse(text);
  if (!parsed.ok) return {"(document) " + parsed.error.message};
  std::vector<schema::SchemaError> errors;
  if (s->validate(parsed.value, &errors)) return {};
  std::vector<std::string> out;
  for (const auto& e : errors)
    out.push_back((e.instance_pointer.empty() ? std::string("(top level)") : e.instance_pointer) + ": " + e.message);
  return out;
}

}  // namespace tc::cases
