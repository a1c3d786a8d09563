// SchemaPart (schema/schema_part.h): what it recognizes as a record or as
// items, what it refuses, and verdicts equal to CompiledSchema::validate's.
#include "schema/schema_part.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tc::schema {
// A namespace of its own name: its `json` (nlohmann) stays out of the unity
// batch around it, where tc::json is meant.
namespace schema_part_test {

using nlohmann::json;

simdjson::dom::element parse_into(simdjson::dom::parser& parser, const std::string& text) {
  return parser.parse(simdjson::padded_string(text)).value();
}

const char* const kInstances[] = {
    "null", "true", "false", "0", "1", "-1", "1.0", "1.5", "18446744073709551615", "1e300", "\"\"", "\"a\"",
    "\"int64\"", "\"string\"", "[]", "[1]", "[1.0]", "[1.5, 2]", "[\"a\", \"b\"]", "[\"a\", 1]", "{}", "{\"a\": 1}",
    "{\"name\": \"x\", \"type\": \"int64\", \"value\": 1}", "{\"name\": \"x\", \"type\": \"int7\", \"value\": 1}",
    "{\"name\": 1, \"type\": \"int64\", \"value\": 1}", "{\"name\": \"x\", \"type\": \"int64\"}",
    "{\"name\": \"x\", \"type\": \"int64\", \"value\": 1, \"other\": 2}",
    "{\"name\": \"x\", \"name\": 2, \"type\": \"int64\", \"value\": 1}"};

// Each schema's part, valid() on every instance, against validate().
TEST(SchemaPart, VerdictsAreTheSchemas) {
  const char* const schemas[] = {
      "{}", "true", "false", "{\"type\": \"integer\"}", "{\"type\": [\"string\", \"null\"]}",
      "{\"type\": \"number\"}", "{\"enum\": [\"int64\", \"string\"]}",
      "{\"type\": \"string\", \"enum\": [\"int64\", \"string\"]}", "{\"type\": \"array\", \"items\": {\"type\": \"string\"}}",
      "{\"items\": {\"type\": \"integer\"}}", "{\"type\": [\"array\", \"null\"], \"items\": {\"type\": [\"integer\", \"string\"]}}",
      "{\"minimum\": 0}", "{\"type\": \"object\", \"properties\": {\"name\": {\"type\": \"string\"}, \"type\": {\"enum\": "
      "[\"int64\"]}, \"value\": {}}, \"required\": [\"name\", \"type\", \"value\"], \"additionalProperties\": false}"};
  simdjson::dom::parser parser;
  for (const char* text : schemas) {
    CompiledSchema schema = compile(json::parse(text));
    SchemaPart part = SchemaPart::root(schema);
    for (const char* instance : kInstances) {
      simdjson::dom::element e = parse_into(parser, instance);
      EXPECT_EQ(part.valid(e), schema.validate(e)) << text << " on " << instance;
    }
  }
}

const char* const kAttr =
    R"({"type": "object", "properties": {"name": {"type": "string"}, "type": {"type": "string", "enum": ["int64", "string"]},
        "value": {}}, "required": ["name", "type", "value"], "additionalProperties": false})";

TEST(SchemaPart, AClosedRecordNamesItsMembers) {
  CompiledSchema schema = compile(json::parse(kAttr));
  std::optional<RecordPart> record = SchemaPart::root(schema).record();
  ASSERT_TRUE(record);
  EXPECT_EQ(record->required(), (std::vector<std::string_view>{"name", "type", "value"}));
  EXPECT_FALSE(record->member("other"));  // additionalProperties: false
  simdjson::dom::parser parser;
  std::optional<SchemaPart> name = record->member("name");
  ASSERT_TRUE(name);
  EXPECT_TRUE(name->valid(parse_into(parser, "\"x\"")));
  EXPECT_FALSE(name->valid(parse_into(parser, "1")));
  std::optional<SchemaPart> type = record->member("type");
  ASSERT_TRUE(type);
  EXPECT_TRUE(type->valid(parse_into(parser, "\"string\"")));
  EXPECT_FALSE(type->valid(parse_into(parser, "\"int7\"")));
  std::optional<SchemaPart> value = record->member("value");
  ASSERT_TRUE(value);
  EXPECT_TRUE(value->valid(parse_into(parser, "[{\"anything\": null}]")));
}

TEST(SchemaPart, AnOpenRecordTakesOtherMembersAsAnything) {
  CompiledSchema schema = compile(json::parse(R"({"properties": {"a": {"type": "integer"}}})"));
  std::optional<RecordPart> record = SchemaPart::root(schema).record();
  ASSERT_TRUE(record);
  EXPECT_TRUE(record->required().empty());
  simdjson::dom::parser parser;
  ASSERT_TRUE(record->member("b"));
  EXPECT_TRUE(record->member("b")->valid(parse_into(parser, "{\"x\": [1]}")));
  EXPECT_FALSE(record->member("a")->valid(parse_into(parser, "1.5")));
}

// Any other keyword that judges an object keeps the part from being a record.
TEST(SchemaPart, OtherObjectKeywordsAreNotARecord) {
  const char* const schemas[] = {
      R"({"properties": {"a": {}}, "minProperties": 1})",
      R"({"properties": {"a": {}}, "patternProperties": {"^x": {}}})",
      R"({"properties": {"a": {}}, "additionalProperties": {"type": "string"}})",
      R"({"properties": {"a": {}}, "propertyNames": {"maxLength": 3}})",
      R"({"properties": {"a": {}}, "enum": [{"a": 1}]})",
      R"({"properties": {"a": {}}, "allOf": [{"required": ["a"]}]})",
      R"({"properties": {"a": {}}, "not": {"required": ["b"]}})",
      R"({"properties": {"a": {}}, "dependencies": {"a": ["b"]}})",
      R"({"type": "array"})",
      R"(false)"};
  for (const char* text : schemas) {
    CompiledSchema schema = compile(json::parse(text));
    EXPECT_FALSE(SchemaPart::root(schema).record()) << text;
  }
}

TEST(SchemaPart, ItemsAreOneSchemaForEveryItem) {
  CompiledSchema strings = compile(json::parse(R"({"type": "array", "items": {"type": "string"}})"));
  std::optional<SchemaPart> items = SchemaPart::root(strings).items();
  ASSERT_TRUE(items);
  simdjson::dom::parser parser;
  EXPECT_TRUE(items->valid(parse_into(parser, "\"a\"")));
  EXPECT_FALSE(items->valid(parse_into(parser, "1")));

  CompiledSchema any = compile(json::parse(R"({"type": "array"})"));
  ASSERT_TRUE(SchemaPart::root(any).items());
  EXPECT_TRUE(SchemaPart::root(any).items()->valid(parse_into(parser, "{\"a\": null}")));

  for (const char* text : {R"({"items": {}, "minItems": 1})", R"({"items": [{}]})", R"({"contains": {}})",
                           R"({"items": {}, "uniqueItems": true})", R"({"type": "object"})"}) {
    CompiledSchema schema = compile(json::parse(text));
    EXPECT_FALSE(SchemaPart::root(schema).items()) << text;
  }
}

}  // namespace schema_part_test
}  // namespace tc::schema
