#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "formats/registry/registry.h"
#include "io/data_root.h"
#include "json/parse.h"
#include "scrub/load.h"

namespace tc::formats::registry {
namespace {
namespace fs = std::filesystem;

// A case names its formats by id; the case schema's list is the registry's,
// in the same order, so a new format cannot be registered without cases
// being able to name it (or the schema offer one that does not exist).
TEST(FormatRegistry, CaseSchemaListsExactlyTheRegisteredFormats) {
  std::ifstream in(io::data_root() + "/schemas/case.schema.json");
  ASSERT_TRUE(in) << io::data_root();
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  json::ParseResult schema = json::Parser().parse(text);
  ASSERT_TRUE(schema.ok) << schema.error.message;
  const json::Value* node = &schema.value;
  for (const char* key : {"properties", "formats", "items", "enum"}) {
    node = node->find(key);
    ASSERT_NE(node, nullptr) << "case.schema.json has no " << key;
  }
  std::vector<std::string> in_schema;
  for (const json::Value& id : node->items()) in_schema.push_back(id.text());
  std::vector<std::string> registered;
  for (const Format& f : all_formats()) registered.push_back(f.id);
  EXPECT_EQ(in_schema, registered);
}

TEST(FormatRegistry, EveryFormatNamesADefaultRuleSetThatExists) {
  for (const Format& f : all_formats()) {
    std::string why;
    ASSERT_FALSE(f.default_rules.empty()) << f.id;
    EXPECT_TRUE(f.default_rules.starts_with(f.id + "/")) << f.default_rules;
    EXPECT_TRUE(scrub::resolve_rule_set(f.default_rules, why)) << f.id << ": " << why;
  }
}

TEST(FormatRegistry, DetectionTellsABlankFileFromAnUnknownOne) {
  fs::path dir = fs::temp_directory_path() / ("tc_detect_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto detect = [&](const std::string& name, const std::string& text, bool& blank) {
    std::string path = (dir / name).string(), why;
    std::ofstream(path) << text;
    return detect_format(path, why, &blank);
  };
  bool blank = false;
  EXPECT_EQ(detect("empty.json", "", blank), nullptr);
  EXPECT_TRUE(blank);
  EXPECT_EQ(detect("spaces.log", " \n\r\n\t\n", blank), nullptr);
  EXPECT_TRUE(blank);
  EXPECT_EQ(detect("words.txt", "hello\n", blank), nullptr);
  EXPECT_FALSE(blank);
  const Format* f = detect("array.json", "  [{\"ph\": \"X\"}]", blank);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->id, "chrome_trace");
  EXPECT_FALSE(blank);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tc::formats::registry
