// libFuzzer target: the JSON Schema compiler on arbitrary documents (only
// local references resolve), then validation of a few fixed instances and
// of the schema document itself. A bad schema must be a SchemaLoadError,
// never a crash, a hang or another exception.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "json/parse.h"
#include "schema/schema.h"

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
    }
  } catch (const tc::schema::SchemaLoadError&) {
  }
  return 0;
}
