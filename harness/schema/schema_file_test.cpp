// load_schema_file with a fragment: a place of the file's one compile.
#include "schema/schema_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
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
  EXPECT_NE(missing.problem.message.find("/properties/noSuchMember"), std::string::npos) << missing.problem.message;
  EXPECT_EQ(missing.problem.line, 1u);
}

TEST(SchemaFileFragment, APlaceTheCompileDoesNotReachIsCompiledOnItsOwn) {
  // "$defs" is not a draft-7 keyword: the file's compile passes it by, and
  // the fragment is a $ref into the file, as it always was.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tracecheck_schema_file_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "defs.schema.json").string();
  std::ofstream(path) << R"({"type": "object", "$defs": {"name": {"type": "string", "minLength": 2}}})";
  SchemaFile name = load_schema_file(path, "/$defs/name");
  ASSERT_EQ(name.status, SchemaFile::Status::Ok) << name.problem.message;
  EXPECT_TRUE(passes(*name.schema, R"("ab")"));
  std::vector<SchemaError> errors;
  EXPECT_FALSE(passes(*name.schema, "3", &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].schema_path, file_uri(path) + "#/$defs/name/type");
  std::filesystem::remove_all(dir);
}

// JSON, but a number no double holds: a problem at that number, as a
// syntax error is one at its byte (nlohmann throws out_of_range for it).
TEST(SchemaFileProblem, ANumberBeyondDoubleRangeIsPlaced) {
  const std::string path = ::testing::TempDir() + "/schema_file_test_out_of_range.json";
  std::ofstream(path) << "{\n  \"properties\": {\"a\": {\"maximum\": 1e999}}\n}\n";
  const SchemaFile file = load_schema_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(file.status, SchemaFile::Status::Invalid);
  EXPECT_EQ(file.problem.message, "the schema holds a number beyond double range: 1e999");
  EXPECT_EQ(file.problem.line, 2u);
  EXPECT_EQ(file.problem.column, 35u);
  EXPECT_EQ(file.problem.location, "/properties/a/maximum");

  // The same in a file a $ref reaches: the problem names that file.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tracecheck_schema_file_range_test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "other.json") << R"({"maximum": 1e999})";
  std::ofstream(dir / "main.json") << R"({"properties": {"a": {"$ref": "other.json"}}})";
  const SchemaFile main = load_schema_file((dir / "main.json").string());
  std::filesystem::remove_all(dir);
  EXPECT_EQ(main.status, SchemaFile::Status::Invalid);
  EXPECT_NE(main.problem.message.find("other.json holds a number beyond double range: "), std::string::npos)
      << main.problem.message;
}

}  // namespace
}  // namespace tc::schema
