#include "schema/metaschema.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "schema/schema.h"

namespace tc::schema {
namespace {

TEST(SchemaMetaschema, EmbeddedCopyIsTheCommittedFile) {
  std::ifstream in(std::string(TRACECHECK_SOURCE_DIR) + "/schemas/meta/draft-07-schema.json", std::ios::binary);
  ASSERT_TRUE(in);
  std::ostringstream file;
  file << in.rdbuf();
  EXPECT_EQ(file.str(), draft07_metaschema_text());
}

TEST(SchemaMetaschema, ValidatesItself) {
  CompiledSchema meta = compile(nlohmann::json::parse(draft07_metaschema_text()));
  simdjson::dom::parser parser;
  simdjson::padded_string text(draft07_metaschema_text());
  std::vector<SchemaError> errors;
  EXPECT_TRUE(meta.validate(parser.parse(text).value(), &errors));
  EXPECT_TRUE(meta.unknown_keywords().empty());
}

TEST(SchemaMetaschema, KnowsItsUris) {
  EXPECT_TRUE(is_draft07_metaschema_uri("http://json-schema.org/draft-07/schema#"));
  EXPECT_TRUE(is_draft07_metaschema_uri("http://json-schema.org/draft-07/schema"));
  EXPECT_FALSE(is_draft07_metaschema_uri("http://json-schema.org/draft-04/schema#"));
}

}  // namespace
}  // namespace tc::schema
