#include "case/case_structure.h"

#include <fstream>
#include <mutex>
#include <stdexcept>

#include "io/data_root.h"
#include "json/parse.h"
#include "schema/schema.h"

namespace tc::cases {
namespace {

std::string schema_file() { return io::data_root() + "/schemas/case.schema.json"; }

// Compiled once; a schema that does not load is a build defect, reported as
// a violation of every case so that it cannot go unnoticed.
const schema::CompiledSchema* case_schema(std::string& error) {
  static std::once_flag once;
  static std::optional<schema::CompiledSchema> compiled;
  static std::string load_error;
  std::call_once(once, [] {
    try {
      std::ifstream in(schema_file());
      if (!in) throw std::runtime_error("cannot read " + schema_file());
      compiled = schema::compile(nlohmann::json::parse(in), {}, {"file://" + schema_file()});
    } catch (const schema::SchemaLoadError& e) {
      load_error = schema_file() + ": " + e.location() + ": " + e.what();
    } catch (const std::exception& e) {
      load_error = schema_file() + ": " + e.what();
    }
  });
  error = load_error;
  return compiled ? &*compiled : nullptr;
}

}  // namespace

std::vector<std::string> check_case_structure(const nlohmann::json& doc) {
  std::string error;
  const schema::CompiledSchema* s = case_schema(error);
  if (!s) return {"(schema) " + error};
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
