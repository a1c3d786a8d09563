// Loading rule sets: name resolution, and bad files rejected with the file
// and the rule named.
#include "scrub/load.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace tc::scrub {
namespace {

std::string wrap(const std::string& body) {
  return R"({"name": "test/rules", "format": "torch_trace", "description": "test")" + (body.empty() ? "" : ", " + body) + "}";
}

LoadError load_error(const std::string& text) {
  LoadError error;
  EXPECT_FALSE(parse_rule_set(text, "bad.json", error)) << text;
  return error;
}

struct BadCase {
  std::string body;
  std::string where;    // LoadError::where
  std::string message;  // a substring of LoadError::message
};

TEST(ScrubLoad, BadRuleFilesNameFileAndRule) {
  const std::vector<BadCase> cases = {
      {R"("rules": [{"id": "S1", "op": "sett", "path": ["a"], "value": 1}])", "rules[0] (S1).op", "unknown op \"sett\""},
      {R"("rules": [{"id": "S1", "op": "set", "path": ["a"]}])", "rules[0] (S1)", "exactly one of \"value\" and \"placeholder\""},
      {R"("rules": [{"id": "S1", "op": "set", "path": [], "value": 1}])", "rules[0] (S1).path", "non-empty array"},
      {R"("rules": [{"id": "S1", "op": "set", "path": ["a"], "value": 1, "vaule": 2}])", "rules[0] (S1)", "unknown key \"vaule\""},
      {R"("rules": [{"op": "set", "path": ["a"], "value": 1}])", "rules[0]", "missing required key \"id\""},
      {R"("rules": [{"id": "A", "op": "set", "path": ["a"], "value": 1}, {"id": "A", "op": "set", "path": ["b"], "value": 1}])",
       "rules[1] (A)", "duplicate rule id"},
      {R"("rules": [{"id": "P", "op": "set", "path": ["a"], "placeholder": "PID"}])", "rules[0] (P)", "needs op \"replace\""},
      {R"("rules": [{"id": "P", "op": "replace", "path": ["a"], "placeholder": "pid"}])", "rules[0] (P).placeholder", "namespace"},
      {R"("rules": [{"id": "G", "first_of": ["a"], "edits": [{"op": "set", "path": ["x"], "value": 1, "id": "no"}]}])",
       "rules[0] (G).edits[0]", "unknown key \"id\""},
      {R"("rules": [{"id": "G", "first_of": ["a", "a"], "edits": [{"op": "set", "path": ["x"], "value": 1}]}])",
       "rules[0] (G).first_of", "twice"},
      {R"("rules": [{"id": "bad id!", "op": "set", "path": ["a"], "value": 1}])", "rules[0].id", "may only hold"},
      {R"("drop": [{"id": "F2", "key": "c", "unless": "keep_c"}])", "drop[0] (F2).unless", "does not declare"},
      {R"("drop": [{"id": "F2", "key": "c", "modes": ["all"]}])", "drop[0] (F2).modes", "unknown mode"},
      {R"j("text": [{"id": "R1", "pattern": "(unclosed", "rewrite": "x"}])j", "text[0] (R1).pattern", "not a valid RE2 pattern"},
      {R"j("text": [{"id": "R1", "pattern": "(?<=a)b", "rewrite": "x"}])j", "text[0] (R1).pattern", "not a valid RE2 pattern"},
      {R"("text": [{"id": "R1", "pattern": "a*", "rewrite": "x"}])", "text[0] (R1).pattern", "matches the empty string"},
      {R"j("text": [{"id": "R1", "pattern": "(a)", "rewrite": "\\2"}])j", "text[0] (R1).rewrite", ""},
      {R"j("text": [{"id": "R1", "pattern": "(a)", "placeholder": "X", "group": 2}])j", "text[0] (R1).group", "capture group"},
      {R"("text": [{"id": "R1", "pattern": "a", "rewrite": "x", "placeholder": "X"}])", "text[0] (R1)", "exactly one of"},
      {R"("payload": [{"id": "S16", "key": "dump_file", "style": "lines"}])", "payload[0] (S16).style", "unknown style"},
      {R"("capture": {"id": "F3"})", "capture (F3)", "missing required key \"formatter\""},
      {R"("capture": {"id": "F3", "formatter": {"id": "F3"}})", "capture (F3).formatter", "duplicate rule id"},
      {R"("rules": {"id": "S1"})", "rules", "must be an array"},
      {R"("extra": 1)", "", "unknown key \"extra\""},
      {R"("rules": [{"id": "S1", "op": "set", "path": ["a"], "value": 1, "why": 3}])", "rules[0] (S1).why", "must be a string"},
  };
  for (const BadCase& c : cases) {
    LoadError e = load_error(wrap(c.body));
    EXPECT_EQ(e.file, "bad.json");
    EXPECT_EQ(e.where, c.where) << c.body << "\n -> " << e.text();
    EXPECT_NE(e.message.find(c.message), std::string::npos) << c.body << "\n -> " << e.text();
  }
}

TEST(ScrubLoad, WholeFileErrors) {
  LoadError e = load_error("{\n  \"name\": ,\n}");
  EXPECT_EQ(e.where, "");
  EXPECT_NE(e.message.find("line 2"), std::string::npos) << e.text();
  e = load_error(R"({"name": "test/rules", "format": "torch_trace"})");
  EXPECT_NE(e.message.find("\"description\""), std::string::npos) << e.text();
  e = load_error(R"({"name": "Test", "format": "torch_trace", "description": "d"})");
  EXPECT_EQ(e.where, "name");
  EXPECT_EQ(load_error("[]").message, "must be an object, not array");
  EXPECT_EQ(e.text().rfind("bad.json: name: ", 0), 0u) << e.text();
}

TEST(ScrubLoad, ShippedPytorchTestRulesLoadByName) {
  LoadError error;
  auto set = load_rule_set("torch_trace/pytorch_test", error);
  ASSERT_TRUE(set) << error.text();
  EXPECT_EQ(set->name, "torch_trace/pytorch_test");
  EXPECT_EQ(set->drops.size(), 2u);
  EXPECT_EQ(set->rules.size(), 15u);  // S1-S15
  EXPECT_EQ(set->payloads.size(), 1u);
  ASSERT_TRUE(set->capture);
  EXPECT_EQ(set->text.size(), 1u);
  EXPECT_EQ(set->options.count("keep_chromium"), 1u);
}

TEST(ScrubLoad, ResolvesPathsAndTheEnvironmentDirectory) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tracecheck_scrub_" + std::to_string(::getpid()));
  fs::create_directories(dir / "fmt");
  {
    std::ofstream(dir / "fmt" / "mine.json") << R"({"name": "fmt/mine", "format": "f", "description": "d"})";
    std::ofstream(dir / "fmt" / "wrong.json") << R"({"name": "fmt/other", "format": "f", "description": "d"})";
  }
  LoadError error;
  EXPECT_TRUE(load_rule_set((dir / "fmt" / "mine.json").string(), error)) << error.text();
  EXPECT_FALSE(load_rule_set("fmt/mine", error));
  EXPECT_NE(error.message.find("no rule set 'fmt/mine'"), std::string::npos) << error.text();
  ::setenv("TRACECHECK_SCRUBBERS_DIR", dir.c_str(), 1);
  EXPECT_TRUE(load_rule_set("fmt/mine", error)) << error.text();
  // A file that calls itself something else is refused when loaded by name.
  EXPECT_FALSE(load_rule_set("fmt/wrong", error));
  EXPECT_EQ(error.where, "name");
  EXPECT_EQ(error.file, (dir / "fmt" / "wrong.json").string());
  // The source tree's scrubbers/ is still searched after the environment's.
  EXPECT_TRUE(load_rule_set("torch_trace/pytorch_test", error)) << error.text();
  ::unsetenv("TRACECHECK_SCRUBBERS_DIR");
  fs::remove_all(dir);
}

// A scratch scrubbers directory that TRACECHECK_SCRUBBERS_DIR points at.
class ScratchScrubbers {
 public:
  ScratchScrubbers() : dir_(std::filesystem::temp_directory_path() / ("tracecheck_extends_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir_ / "chrome_trace");
    std::filesystem::create_directories(dir_ / "torch_trace");
    ::setenv("TRACECHECK_SCRUBBERS_DIR", dir_.c_str(), 1);
  }
  ~ScratchScrubbers() {
    ::unsetenv("TRACECHECK_SCRUBBERS_DIR");
    std::filesystem::remove_all(dir_);
  }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / (name + ".json")) << text;
  }
  std::string path(const std::string& name) const { return (dir_ / (name + ".json")).string(); }

 private:
  std::filesystem::path dir_;
};

std::string chrome_set(const std::string& name, const std::string& extends, const std::string& canonical) {
  return R"({"name": ")" + name + R"(", "format": "chrome_trace", "description": "d")" +
         (extends.empty() ? "" : R"(, "extends": ")" + extends + "\"") + R"(, "canonical": )" + canonical + "}";
}

TEST(ScrubLoad, ExtendsMergesTheChainMemberByMember) {
  ScratchScrubbers dir;
  dir.write("chrome_trace/base", chrome_set("chrome_trace/base", "", R"({"keep_args": ["a"], "drop_cats": ["x"]})"));
  dir.write("chrome_trace/middle", chrome_set("chrome_trace/middle", "chrome_trace/base", R"({"drop_cats": ["y"]})"));
  dir.write("chrome_trace/leaf", chrome_set("chrome_trace/leaf", "chrome_trace/middle", R"({"max_events": 5})"));
  LoadError error;
  auto set = load_rule_set("chrome_trace/leaf", error);
  ASSERT_TRUE(set) << error.text();
  EXPECT_EQ(set->name, "chrome_trace/leaf");
  EXPECT_EQ(set->file, dir.path("chrome_trace/leaf"));
  ASSERT_TRUE(set->canonical.is_object());
  const json::Value* keep = set->canonical.find("keep_args");
  const json::Value* drop = set->canonical.find("drop_cats");
  const json::Value* max = set->canonical.find("max_events");
  ASSERT_TRUE(keep && drop && max);
  EXPECT_EQ(keep->items().at(0).text(), "a");  // from the base
  EXPECT_EQ(drop->items().size(), 1u);         // the middle's replaces the base's
  EXPECT_EQ(drop->items().at(0).text(), "y");
  EXPECT_EQ(max->text(), "5");
}

TEST(ScrubLoad, ExtendsRefusesCyclesOtherFormatsAndMissingBases) {
  ScratchScrubbers dir;
  dir.write("chrome_trace/a", chrome_set("chrome_trace/a", "chrome_trace/b", "{}"));
  dir.write("chrome_trace/b", chrome_set("chrome_trace/b", "chrome_trace/a", "{}"));
  LoadError error;
  EXPECT_FALSE(load_rule_set("chrome_trace/a", error));
  EXPECT_EQ(error.where, "extends");
  EXPECT_NE(error.message.find("a cycle: chrome_trace/a -> chrome_trace/b -> chrome_trace/a"), std::string::npos)
      << error.text();

  dir.write("torch_trace/t", R"({"name": "torch_trace/t", "format": "torch_trace", "description": "d"})");
  dir.write("chrome_trace/c", chrome_set("chrome_trace/c", "torch_trace/t", "{}"));
  EXPECT_FALSE(load_rule_set("chrome_trace/c", error));
  EXPECT_EQ(error.file, dir.path("chrome_trace/c"));
  EXPECT_NE(error.message.find("a rule set for torch_trace, not chrome_trace"), std::string::npos) << error.text();

  dir.write("chrome_trace/d", chrome_set("chrome_trace/d", "chrome_trace/none", "{}"));
  EXPECT_FALSE(load_rule_set("chrome_trace/d", error));
  EXPECT_EQ(error.file, dir.path("chrome_trace/d"));  // the file whose "extends" names it
  EXPECT_EQ(error.where, "extends");
  EXPECT_NE(error.message.find("no rule set 'chrome_trace/none'"), std::string::npos) << error.text();
}

// What the hand check leaves to the schema: a base's "canonical" options are
// checked in the base's own file.
TEST(ScrubLoad, EveryFileOfTheChainIsCheckedAgainstTheScrubberSchema) {
  ScratchScrubbers dir;
  dir.write("chrome_trace/base", chrome_set("chrome_trace/base", "", R"({"layout": "grid"})"));
  dir.write("chrome_trace/leaf", chrome_set("chrome_trace/leaf", "chrome_trace/base", R"({"max_events": 5})"));
  LoadError error;
  EXPECT_FALSE(load_rule_set("chrome_trace/leaf", error));
  EXPECT_EQ(error.file, dir.path("chrome_trace/base"));
  EXPECT_EQ(error.where, "/canonical/layout");
  EXPECT_NE(error.message.find("schemas/scrubber.schema.json"), std::string::npos) << error.text();

  dir.write("chrome_trace/typo", chrome_set("chrome_trace/typo", "", R"({"keep_arg": ["a"]})"));
  EXPECT_FALSE(load_rule_set("chrome_trace/typo", error));
  EXPECT_EQ(error.where, "/canonical/keep_arg") << error.text();
  EXPECT_NE(error.message.find("not allowed"), std::string::npos) << error.text();
}

TEST(ScrubLoad, EveryShippedRuleSetLoads) {
  namespace fs = std::filesystem;
  size_t loaded = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(TRACECHECK_SOURCE_DIR) / "scrubbers")) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().parent_path().filename().string() + "/" + entry.path().stem().string();
    LoadError error;
    EXPECT_TRUE(load_rule_set(name, error)) << error.text();
    ++loaded;
  }
  EXPECT_GE(loaded, 13u);
}

}  // namespace
}  // namespace tc::scrub
