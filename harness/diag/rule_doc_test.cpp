#include "diag/rule_doc.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "diag/profile.h"
#include "diag/rule_catalog.h"
#include "formats/registry/registry.h"

namespace tc::diag {
namespace {

TEST(RuleDoc, EveryRuleHasAHeadingAReasonAndASeverityPerProfile) {
  std::string md = rule_doc_markdown(format::catalog());
  for (const Rule& r : format::catalog().rules()) {
    EXPECT_FALSE(r.summary.empty()) << r.id;
    EXPECT_FALSE(r.why.empty()) << r.id;
    EXPECT_NE(md.find("\n### " + std::string(r.id) + "\n"), std::string::npos) << r.id;
  }
  auto doc = nlohmann::json::parse(rule_doc_json(format::catalog()));
  ASSERT_EQ(doc["rules"].size(), format::catalog().rules().size());
  for (const auto& r : doc["rules"]) EXPECT_EQ(r["severity"].size(), format::catalog().profiles().size()) << r["id"];
}

TEST(RuleDoc, SeveritiesComeFromTheProfiles) {
  // A rule the tlparse profile turns off must say so, while default keeps it.
  for (const Rule& r : format::catalog().rules()) {
    std::string text = rule_doc_text(format::catalog(), r.id);
    for (const Profile& p : format::catalog().profiles()) {
      Severity s = p.severity_of(r.id);
      std::string expected = p.name + ": " + (s == Severity::Off ? "off" : severity_name(s));
      EXPECT_NE(text.find(expected), std::string::npos) << r.id << " / " << expected << "\n" << text;
    }
  }
}

TEST(RuleDoc, UnknownRuleHasNoText) { EXPECT_EQ(rule_doc_text(format::catalog(), "no-such-rule"), ""); }

}  // namespace
}  // namespace tc::diag
