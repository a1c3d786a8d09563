// display_schema_path: a schema path as a finding shows it.
#include "formats/schema_set.h"

#include <gtest/gtest.h>

#include "schema/schema_file.h"

namespace tc::formats {
namespace {

TEST(DisplaySchemaPath, AFileOfTheSchemaFolderIsNamedFromTheFolder) {
  const std::string root = "/opt/tc/schemas";
  const std::string uri = schema::file_uri(root + "/chrome_trace/events/complete.schema.json");
  const std::string file = "chrome_trace/events/complete.schema.json";
  EXPECT_EQ(display_schema_path(uri + "#/properties/ts/type", root, "x.json"), file + "#/properties/ts/type");
  // A root given with its trailing slash (TRACECHECK_SCHEMA_DIR=.../schemas/).
  EXPECT_EQ(display_schema_path(uri + "#/properties/ts/type", root + "/", "x.json"), file + "#/properties/ts/type");
  // The document's root is the file alone, as the root of the file checked
  // on its own is; a '#' that ends a key stays.
  EXPECT_EQ(display_schema_path(uri + "#", root, "x.json"), file);
  EXPECT_EQ(display_schema_path(uri + "#/properties/C#", root, "x.json"), file + "#/properties/C#");
}

TEST(DisplaySchemaPath, APointerIsIntoTheRootFile) {
  EXPECT_EQ(display_schema_path("/properties/ts/type", "/opt/tc/schemas", "chrome_trace/kineto.schema.json"),
            "chrome_trace/kineto.schema.json#/properties/ts/type");
  EXPECT_EQ(display_schema_path("", "/opt/tc/schemas", "chrome_trace/kineto.schema.json"),
            "chrome_trace/kineto.schema.json");
  // Other documents keep their URI.
  EXPECT_EQ(display_schema_path("http://json-schema.org/draft-07/schema#/definitions/x", "/opt/tc/schemas", "a.json"),
            "http://json-schema.org/draft-07/schema#/definitions/x");
}

}  // namespace
}  // namespace tc::formats
