#include "golden/rules_fingerprint.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace tc::golden {
namespace {

TEST(RulesFingerprint, IgnoresKeyOrderSpacingAndReasons) {
  std::string a = R"({"name": "x/y", "rules": [{"id": "S1", "op": "set", "why": "one"}]})";
  std::string b = R"({"rules":[{"why":"another reason","op":"set","id":"S1"}],"name":"x/y","description":"d"})";
  EXPECT_EQ(rules_fingerprint_of_text(a), rules_fingerprint_of_text(b));
  EXPECT_TRUE(rules_fingerprint_of_text(a).starts_with("md5:"));
  EXPECT_EQ(rules_fingerprint_of_text(a).size(), 4u + 32u);
}

TEST(RulesFingerprint, ChangesWithWhatTheRulesDo) {
  std::string a = R"({"rules": [{"id": "S1", "op": "set", "value": "STACK"}]})";
  std::string b = R"({"rules": [{"id": "S1", "op": "set", "value": "STACK2"}]})";
  EXPECT_NE(rules_fingerprint_of_text(a), rules_fingerprint_of_text(b));
  EXPECT_EQ(rules_fingerprint_of_text("{not json"), "");
}

TEST(RulesFingerprint, ASetThatExtendsAnotherChangesWithItsBase) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("tc_fingerprint_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string base = (dir / "base.json").string(), derived = (dir / "derived.json").string();
  std::ofstream(derived) << R"({"extends": ")" << base << R"(", "canonical": {"layout": "counts"}})";
  std::ofstream(base) << R"({"canonical": {"keep_args": ["Input Dims"]}})";
  std::string before = rules_fingerprint(derived);
  std::ofstream(base) << R"({"canonical": {"keep_args": ["Input type"]}})";
  std::string after = rules_fingerprint(derived);
  EXPECT_TRUE(before.starts_with("md5:")) << before;
  EXPECT_NE(before, after);
  fs::remove_all(dir);
}

TEST(RulesFingerprint, ResolvesTheShippedRuleSet) {
  std::string f = rules_fingerprint("torch_trace/pytorch_test");
  EXPECT_TRUE(f.starts_with("md5:")) << f;
  EXPECT_EQ(rules_fingerprint("torch_trace/no_such_set"), "");
}

}  // namespace
}  // namespace tc::golden
