#include "case/case_loader.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "case/case_name.h"
#include "case/case_structure.h"

namespace tc::cases {
// A namespace of its own name, not an anonymous one: its `json` (nlohmann)
// stays out of the unity batch around it, where tc::json is meant.
namespace case_loader_test {
namespace fs = std::filesystem;
using nlohmann::json;

json valid_doc() {
  return json::parse(R"({
    "name": "structured/example_fn",
    "description": "torch.compile on CPU",
    "driver": "structured/example_fn.py",
    "args": ["--device", "cpu"],
    "formats": ["torch_trace"],
    "rules": "torch_trace/pytorch_test",
    "profiles": ["default", "tlparse"],
    "external_parsers": ["tlparse"],
    "requires": [{"feature": "cuda", "reason": "needs a CUDA device"}],
    "environment": "trixie",
    "golden": "full",
    "timeout_s": 300
  })");
}

class CaseLoader : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("tc_case_loader_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "structured");
    std::ofstream(root_ / "structured/example_fn.py") << "print('hi')\n";
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& rel, const std::string& text) {
    fs::create_directories((root_ / rel).parent_path());
    std::ofstream(root_ / rel) << text;
  }
  std::optional<Case> load(const std::string& name) { return load_case_by_name(root_.string(), name, error_); }
  fs::path root_;
  std::string error_;
};

TEST_F(CaseLoader, LoadsAValidCase) {
  write("structured/example_fn.json", valid_doc().dump());
  auto c = load("structured/example_fn");
  ASSERT_TRUE(c) << error_;
  EXPECT_EQ(c->name, "structured/example_fn");
  EXPECT_EQ(c->driver, "structured/example_fn.py");
  EXPECT_EQ(c->args, (std::vector<std::string>{"--device", "cpu"}));
  EXPECT_EQ(c->profiles, (std::vector<std::string>{"default", "tlparse"}));
  ASSERT_EQ(c->requires_.size(), 1u);
  EXPECT_EQ(c->requires_[0].feature, "cuda");
  EXPECT_EQ(c->timeout_s, 300);
  EXPECT_EQ(list_case_names(root_.string()), (std::vector<std::string>{"structured/example_fn"}));
}

// "golden": full by default, "verdicts" on request, nothing else.
TEST_F(CaseLoader, GoldenMode) {
  write("structured/example_fn.json", valid_doc().dump());
  auto c = load("structured/example_fn");
  ASSERT_TRUE(c) << error_;
  EXPECT_EQ(c->golden, GoldenMode::Full);
  json d = valid_doc();
  d["golden"] = "verdicts";
  write("structured/example_fn.json", d.dump());
  c = load("structured/example_fn");
  ASSERT_TRUE(c) << error_;
  EXPECT_EQ(c->golden, GoldenMode::Verdicts);
  d["golden"] = "counts";
  write("structured/example_fn.json", d.dump());
  EXPECT_FALSE(load("structured/example_fn"));
  EXPECT_NE(error_.find("/golden"), std::string::npos) << error_;
}

TEST_F(CaseLoader, NameMustEqualThePath) {
  json d = valid_doc();
  d["name"] = "structured/other";
  write("structured/example_fn.json", d.dump());
  EXPECT_FALSE(load("structured/example_fn"));
  EXPECT_NE(error_.find("structured/example_fn.json: /name:"), std::string::npos) << error_;
}

TEST_F(CaseLoader, ErrorsNameTheFileAndTheField) {
  json d = valid_doc();
  d.erase("timeout_s");
  d["requires"][0].erase("reason");
  d["colour"] = "blue";
  d["profiles"] = json::array();
  write("structured/example_fn.json", d.dump());
  EXPECT_FALSE(load("structured/example_fn"));
  for (const char* field : {"(top level): missing required property \"timeout_s\"",
                            "/requires/0: missing required property \"reason\"",
                            "/colour: property \"colour\" is not allowed", "/profiles: array of 0 items"})
    EXPECT_NE(error_.find(std::string("structured/example_fn.json: ") + field), std::string::npos)
        << field << "\n" << error_;
}

// JSON, but a number no double holds: nlohmann throws out_of_range, not
// parse_error (found by case_loader_fuzz; it ended the process).
TEST_F(CaseLoader, ANumberBeyondDoubleRangeIsAnError) {
  write("structured/example_fn.json", R"({"name": "structured/example_fn", "timeout_s": 1e999})");
  EXPECT_FALSE(load("structured/example_fn"));
  EXPECT_NE(error_.find("structured/example_fn.json: a number beyond double range: "), std::string::npos) << error_;
}

TEST_F(CaseLoader, RejectsUnknownProfileAndMissingDriver) {
  json d = valid_doc();
  d["profiles"] = {"default", "nosuch"};
  write("structured/example_fn.json", d.dump());
  EXPECT_FALSE(load("structured/example_fn"));
  EXPECT_NE(error_.find("/profiles/1: unknown profile \"nosuch\""), std::string::npos) << error_;

  d = valid_doc();
  d["driver"] = "structured/missing.py";
  write("structured/example_fn.json", d.dump());
  EXPECT_FALSE(load("structured/example_fn"));
  EXPECT_NE(error_.find("/driver:"), std::string::npos) << error_;
}

TEST_F(CaseLoader, NamesNeverEscapeTheRoot) {
  for (const char* bad : {"../etc/passwd", "/etc/passwd", "structured/../../x", "structured//x", "./structured/x",
                          "structured/x y", ""}) {
    EXPECT_FALSE(load(bad)) << bad;
    EXPECT_NE(error_.find("is not a case name"), std::string::npos) << bad << ": " << error_;
  }
  json d = valid_doc();
  d["name"] = "structured/../x";
  EXPECT_FALSE(check_case_structure(d).empty());
  d = valid_doc();
  d["driver"] = "../outside.py";
  EXPECT_FALSE(check_case_structure(d).empty());
}

TEST(CaseName, SafeRelativePaths) {
  EXPECT_TRUE(is_safe_relative_path("structured/example_fn"));
  EXPECT_TRUE(is_safe_relative_path("torch-2.11.0-cu130/structured/x.txt"));
  EXPECT_FALSE(is_safe_relative_path(".."));
  EXPECT_FALSE(is_safe_relative_path("a/../b"));
  EXPECT_FALSE(is_safe_relative_path("a/./b"));
  EXPECT_FALSE(is_safe_relative_path("/a"));
  EXPECT_FALSE(is_safe_relative_path("a/"));
  EXPECT_FALSE(is_safe_relative_path("a\\b"));
}

// schemas/case.schema.json, through the validator: every property it
// declares is accepted, every required one is enforced.
TEST(CaseStructure, FollowsTheSchema) {
  std::ifstream in(std::string(TRACECHECK_SOURCE_DIR) + "/schemas/case.schema.json");
  ASSERT_TRUE(in);
  json schema = json::parse(in);
  json doc = valid_doc();
  doc["$comment"] = "x";
  for (const auto& [key, _] : schema["properties"].items()) EXPECT_TRUE(doc.contains(key)) << key;
  EXPECT_TRUE(check_case_structure(doc).empty());
  for (const auto& key : schema["required"]) {
    json d = doc;
    d.erase(key.get<std::string>());
    auto errors = check_case_structure(d);
    ASSERT_EQ(errors.size(), 1u) << key;
    EXPECT_EQ(errors[0], "(top level): missing required property \"" + key.get<std::string>() + "\"");
  }
  for (const auto& [key, _] : schema["properties"].items()) {
    bool required = std::find(schema["required"].begin(), schema["required"].end(), key) != schema["required"].end();
    if (required) continue;
    json d = doc;
    d.erase(key);
    EXPECT_TRUE(check_case_structure(d).empty()) << "optional " << key;
  }
}

// Every case file in the tree loads.
TEST(CaseFiles, AllRepositoryCasesLoad) {
  std::string root = std::string(TRACECHECK_SOURCE_DIR) + "/cases";
  for (const auto& name : list_case_names(root)) {
    std::string error;
    EXPECT_TRUE(load_case_by_name(root, name, error)) << error;
  }
}

}  // namespace case_loader_test
}  // namespace tc::cases
