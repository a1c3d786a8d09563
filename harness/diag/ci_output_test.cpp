#include "diag/ci_output.h"
#include "formats/registry/registry.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace tc::diag {
namespace {

Diagnostic finding(std::string rule, Severity s, std::string file, uint64_t line, uint64_t col, std::string msg) {
  Diagnostic d;
  d.rule = std::move(rule);
  d.severity = s;
  d.location = {std::move(file), line, col};
  d.message = std::move(msg);
  return d;
}

TEST(CiOutput, GithubLineEscapesPropertiesAndMessage) {
  Diagnostic d = finding("input-format", Severity::Error, "dir,a:b/x.json", 3, 7, "100% wrong\nsecond line");
  EXPECT_EQ(format_github(d),
            "::error file=dir%2Ca%3Ab/x.json,line=3,col=7,title=input-format::100%25 wrong%0Asecond line");
  d.severity = Severity::Warning;
  d.pointer = "/traceEvents/2";
  EXPECT_EQ(format_github(d).rfind("::warning file=", 0), 0u);
  EXPECT_NE(format_github(d).find(" at /traceEvents/2"), std::string::npos);
}

TEST(CiOutput, SarifListsEachFiredRuleOnceAndEveryResult) {
  std::vector<Diagnostic> ds = {finding("input-format", Severity::Error, "a.json", 1, 1, "not a trace"),
                                finding("input-bom", Severity::Warning, "b.log", 1, 1, "bom"),
                                finding("input-format", Severity::Error, "c.json", 1, 1, "not a trace")};
  auto doc = nlohmann::json::parse(format_sarif(ds, formats::registry::catalog()));
  EXPECT_EQ(doc["version"], "2.1.0");
  const auto& run = doc["runs"][0];
  ASSERT_EQ(run["tool"]["driver"]["rules"].size(), 2u);
  EXPECT_EQ(run["tool"]["driver"]["rules"][0]["id"], "input-format");
  EXPECT_EQ(run["tool"]["driver"]["rules"][0]["helpUri"], "harness/diag/RULES.md#input-format");
  ASSERT_EQ(run["results"].size(), 3u);
  EXPECT_EQ(run["results"][1]["level"], "warning");
  EXPECT_EQ(run["results"][1]["ruleIndex"], 1);
  EXPECT_EQ(run["results"][2]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "c.json");
  EXPECT_EQ(format_sarif(ds, formats::registry::catalog()), format_sarif(ds, formats::registry::catalog()));
}

TEST(CiOutput, SarifOfNoFindingsIsAValidEmptyRun) {
  auto doc = nlohmann::json::parse(format_sarif({}, formats::registry::catalog()));
  EXPECT_TRUE(doc["runs"][0]["results"].empty());
}

}  // namespace
}  // namespace tc::diag
