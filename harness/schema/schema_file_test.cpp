// load_schema_file with a fragment: a place of the file's one compile.
#include "schema/schema_file.h"

#include <gtest/gtest.h>

#include <string>

namespace tc::schema {
namespace {

const std::string kKineto = TRACECHECK_SOURCE_DIR "/schemas/chrome_trace/kineto.schema.json";

bool passes(const CompiledSchema& s, const char* text, std::vector<SchemaError>* errors = nullptr) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded{std::string(text)};
  return s.validate(parser.parse(padded).value(), errors);
}

TEST(SchemaFileFragment, IsThePlaceInTheFileWithItsKeywordsNamed) {
  SchemaFile unit = load_schema_file(kKineto, "/properties/displayTimeUnit");
  ASSERT_EQ(unit.status, SchemaFile::Status::Ok) << unit.problem.message;
  EXPECT_TRUE(passes(*unit.schema, R"("ns")"));
  std::vector<SchemaError> errors;
  EXPECT_FALSE(passes(*unit.schema, R"("qq")", &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].schema_path, "/properties/displayTimeUnit/enum");
  // A place whose $ref leads into another file: that file's keywords.
  SchemaFile events = load_schema_file(kKineto, "/properties/traceEvents/items");
  ASSERT_EQ(events.status, SchemaFile::Status::Ok) << events.problem.message;
  EXPECT_TRUE(passes(*events.schema, R"({"ph": "X", "name": "a", "ts": 1, "dur": 2, "pid": 1})"));
  errors.clear();
  EXPECT_FALSE(passes(*events.schema, R"({"ph": "X", "name": "a", "ts": "1", "dur": 2, "pid": 1})", &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_TRUE(errors[0].schema_path.ends_with("/chrome_trace/events/complete.schema.json#/properties/ts/type"))
      << errors[0].schema_path;
}

TEST(SchemaFileFragment, APlaceTheFileLacksIsAProblem) {
  SchemaFile missing = load_schema_file(kKineto, "/properties/noSuchMember");
  EXPECT_EQ(missing.status, SchemaFile::Status::Invalid);
  EXPECT_FALSE(missing.schema.has_value());
  EXPECT_EQ(missing.problem.message, "the schema has no subschema at /properties/noSuchMember");
  EXPECT_EQ(missing.problem.line, 1u);
}

}  // namespace
}  // namespace tc::schema
