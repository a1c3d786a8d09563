// libFuzzer target: the JSON Schema compiler on arbitrary documents (only
// local references resolve), then validation of a few fixed instances and
// of the schema document itself. A bad schema must be a SchemaLoadError,
// never a crash, a hang or another exception. SchemaPart (schema_part.h) is
// held to its contract on the same instances: the root part's verdict is
// validate()'s, and where it describes the schema as a record or as items,
// that description gives validate()'s verdict too; else the target traps.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include <simdjson.h>

#include "json/parse.h"
#include "schema/schema.h"
#include "schema/schema_part.h"

namespace {

// The verdict of `e` as SchemaPart describes `part`: through record() for
// an object with distinct keys, items() for an array, else valid().
bool described_verdict(const tc::schema::SchemaPart& part, simdjson::dom::element e) {
  simdjson::dom::object object;
  simdjson::dom::array array;
  if (e.get(object) == simdjson::SUCCESS) {
    std::optional<tc::schema::RecordPart> record = part.record();
    if (!record) return part.valid(e);
    std::set<std::string_view> keys;
    for (auto member : object) {
      if (!keys.insert(member.key).second) return part.valid(e);  // a repeated key: not described
      std::optional<tc::schema::SchemaPart> p = record->member(member.key);
      if (!p || !p->valid(member.value)) return false;
    }
    for (std::string_view name : record->required())
      if (!keys.count(name)) return false;
    return true;
  }
  if (e.get(array) == simdjson::SUCCESS) {
    std::optional<tc::schema::SchemaPart> items = part.items();
    if (!items) return part.valid(e);
    for (simdjson::dom::element item : array)
      if (!items->valid(item)) return false;
    return true;
  }
  return part.valid(e);
}

void check_parts(const tc::schema::CompiledSchema& schema, std::string_view instance) {
  simdjson::dom::parser parser;
  simdjson::dom::element e;
  if (parser.parse(simdjson::padded_string(instance)).get(e) != simdjson::SUCCESS) return;
  const bool verdict = schema.validate(e);
  const tc::schema::SchemaPart root = tc::schema::SchemaPart::root(schema);
  if (root.valid(e) != verdict || described_verdict(root, e) != verdict) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded()) return 0;
  try {
    tc::schema::CompiledSchema schema = tc::schema::compile(doc, {}, {"file:///fuzz/schema.json"});
    tc::json::Parser parser;
    for (std::string_view instance :
         {std::string_view(R"({"a": [1, 2.5, "x", null, true], "b": {"c": {}}})"), std::string_view("[[[[]]]]"),
          std::string_view("\"\\ud800\""), std::string_view("123456789012345678901234567890"), text}) {
      tc::json::ParseResult r = parser.parse(instance);
      if (!r.ok) continue;
      std::vector<tc::schema::SchemaError> errors;
      bool ok = schema.validate(r.value, &errors, 20);
      if (ok != schema.validate(r.value)) __builtin_trap();  // with and without errors: one verdict
      check_parts(schema, instance);
    }
  } catch (const tc::schema::SchemaLoadError&) {
  }
  return 0;
}
