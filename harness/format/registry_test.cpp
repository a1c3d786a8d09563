#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "format/format.h"
#include "scrub/load.h"

namespace tc::format {
namespace {
namespace fs = std::filesystem;

TEST(FormatRegistry, EveryFormatNamesADefaultRuleSetThatExists) {
  for (const Format& f : all_formats()) {
    std::string why;
    ASSERT_FALSE(f.default_rules.empty()) << f.id;
    EXPECT_TRUE(f.default_rules.starts_with(f.id + "/")) << f.default_rules;
    EXPECT_TRUE(scrub::resolve_rule_set(f.default_rules, &why)) << f.id << ": " << why;
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
}  // namespace tc::format
