#include "schema/document_validator.h"

#include <gtest/gtest.h>

namespace tc::schema {
namespace {

struct Outcome {
  DocumentStats stats;
  std::vector<Finding> findings;
};

Outcome run(std::string_view schema, std::string_view text,
            DocumentValidator::Mode mode = DocumentValidator::Mode::Auto) {
  CompiledSchema compiled = compile(nlohmann::json::parse(schema));
  DocumentValidator validator(compiled);
  simdjson::padded_string padded(text);
  Outcome r;
  r.stats = validator.run(std::string_view(padded), mode, [&](const Finding& f) { r.findings.push_back(f); });
  return r;
}

constexpr std::string_view kSchema = R"({"required": ["a"], "properties": {"a": {"type": "integer"}}})";

TEST(SchemaDocuments, JsonLinesAreDetected) {
  simdjson::dom::parser p;
  auto lines = [&](std::string_view t) {
    simdjson::padded_string s(t);
    return looks_like_json_lines(std::string_view(s), p);
  };
  EXPECT_TRUE(lines("{\"a\": 1}\n{\"a\": 2}\n"));
  EXPECT_TRUE(lines("  1\n2"));
  EXPECT_TRUE(lines("{\"a\": NaN}\n{\"a\": 2}\n"));
  EXPECT_FALSE(lines("{\"a\": 1}\n"));
  EXPECT_FALSE(lines("{\"a\": 1}\n\n  \n"));
  EXPECT_FALSE(lines("{\n  \"a\": 1\n}\n"));
  EXPECT_FALSE(lines("[1,\n2]"));
  EXPECT_FALSE(lines(""));
}

TEST(SchemaDocuments, JsonLinesFindingsCarryTheirLine) {
  Outcome r = run(kSchema, "{\"a\": 1}\n\n{\"a\": \"x\"}\r\n{}\n{\"a\": NaN}\n{bad\n");
  EXPECT_TRUE(r.stats.json_lines);
  EXPECT_EQ(r.stats.documents, 5u);
  EXPECT_EQ(r.stats.invalid, 3u);
  EXPECT_EQ(r.stats.syntax_errors, 1u);
  ASSERT_EQ(r.findings.size(), 4u);
  EXPECT_EQ(r.findings[0].line, 3u);
  EXPECT_EQ(r.findings[0].column, 7u);
  EXPECT_EQ(r.findings[0].instance_pointer, "/a");
  EXPECT_EQ(r.findings[1].line, 4u);
  EXPECT_EQ(r.findings[1].column, 1u);
  EXPECT_EQ(r.findings[1].message, "missing required property \"a\"");
  EXPECT_EQ(r.findings[2].line, 5u);  // NaN goes through tc::json::Value
  EXPECT_EQ(r.findings[2].column, 7u);
  EXPECT_EQ(r.findings[3].kind, Finding::Kind::Syntax);
  EXPECT_EQ(r.findings[3].line, 6u);
}

TEST(SchemaDocuments, SingleDocumentFindingsCountLines) {
  Outcome r = run(
      R"({"items": {"$ref": "#/definitions/e"}, "definitions": {"e": {"properties": {"a": {"type": "integer"}}}}})",
      "[\n  {\"a\": 1},\n  {\"a\": true},\n  {\n    \"a\": []\n  }\n]\n");
  EXPECT_FALSE(r.stats.json_lines);
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(r.findings[0].line, 3u);
  EXPECT_EQ(r.findings[0].column, 9u);
  EXPECT_EQ(r.findings[0].schema_path, "/definitions/e/properties/a/type");
  EXPECT_EQ(r.findings[1].line, 5u);
  EXPECT_EQ(r.findings[1].column, 10u);
}

TEST(SchemaDocuments, ForcedModes) {
  // One value per line, read as one document: not JSON.
  Outcome r = run(kSchema, "{\"a\": 1}\n{\"a\": 2}\n", DocumentValidator::Mode::Json);
  EXPECT_EQ(r.stats.syntax_errors, 1u);
  r = run(kSchema, "{\"a\": 1}\n", DocumentValidator::Mode::JsonLines);
  EXPECT_TRUE(r.stats.json_lines);
  EXPECT_EQ(r.stats.documents, 1u);
}

TEST(SchemaDocuments, EmptyInputIsNotJson) {
  Outcome r = run(kSchema, "");
  EXPECT_EQ(r.stats.syntax_errors, 1u);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].message, "the input is empty");
  EXPECT_EQ(r.findings[0].line, 1u);
}

TEST(SchemaDocuments, SyntaxErrorsAreLocated) {
  Outcome r = run(kSchema, "{\n  \"a\": 1,\n  \"b\": tru\n}\n");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Finding::Kind::Syntax);
  EXPECT_EQ(r.findings[0].line, 3u);
}

}  // namespace
}  // namespace tc::schema
