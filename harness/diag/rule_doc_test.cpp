#include "diag/rule_doc.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "diag/profile.h"
#include "diag/rule_catalog.h"
#include "formats/registry/registry.h"

namespace tc::diag {
namespace {

TEST(RuleDoc, EveryRuleHasAHeadingAReasonAndASeverityPerProfile) {
  std::string md = rule_doc_markdown(formats::registry::catalog());
  for (const Rule& r : formats::registry::catalog().rules()) {
    EXPECT_FALSE(r.summary.empty()) << r.id;
    EXPECT_FALSE(r.why.empty()) << r.id;
    EXPECT_NE(md.find("\n### " + std::string(r.id) + "\n"), std::string::npos) << r.id;
  }
  auto doc = nlohmann::json::parse(rule_doc_json(formats::registry::catalog()));
  ASSERT_EQ(doc["rules"].size(), formats::registry::catalog().rules().size());
  for (const auto& r : doc["rules"]) {
    size_t judging = 0;
    for (const Profile& p : formats::registry::catalog().profiles())
      judging += formats::registry::catalog().judges(p, r["id"].get<std::string>()) ? 1 : 0;
    EXPECT_EQ(r["severity"].size(), judging) << r["id"];
  }
}

TEST(RuleDoc, SeveritiesComeFromTheProfiles) {
  // A rule the tlparse profile turns off must say so, while default keeps it.
  for (const Rule& r : formats::registry::catalog().rules()) {
    std::string text = rule_doc_text(formats::registry::catalog(), r.id);
    for (const Profile& p : formats::registry::catalog().profiles()) {
      if (!formats::registry::catalog().judges(p, r.id)) {
        EXPECT_EQ(text.find(" " + p.name + ": "), std::string::npos) << r.id << " is not " << p.name << "'s to judge";
        continue;
      }
      Severity s = p.severity_of(r.id);
      std::string expected = p.name + ": " + (s == Severity::Off ? "off" : severity_name(s));
      EXPECT_NE(text.find(expected), std::string::npos) << r.id << " / " << expected << "\n" << text;
    }
  }
}

// A consumer profile says what its consumer does with every rule it judges,
// and where that comes from; `default` speaks for no consumer.
TEST(RuleDoc, EveryConsumerSeverityIsGrounded) {
  for (const Profile& p : formats::registry::catalog().profiles()) {
    if (p.format.empty()) continue;
    for (const Rule& r : formats::registry::catalog().rules()) {
      if (!formats::registry::catalog().judges(p, r.id)) continue;
      auto g = p.grounds.find(r.id);
      ASSERT_NE(g, p.grounds.end()) << p.name << " does not ground its severity for " << r.id;
      EXPECT_FALSE(g->second.does.empty()) << p.name << " / " << r.id;
      EXPECT_FALSE(g->second.cites.empty()) << p.name << " / " << r.id;
    }
  }
}

TEST(RuleDoc, SaysWhatEachSeverityIsEstablishedBy) {
  EXPECT_EQ(established_by({"HTA raises", "repo@c a.py:1 (ran)"}), "a run of the consumer");
  EXPECT_EQ(established_by({"catapult drops it", "repo@c tracing/importer/trace_event_importer_test.html"}),
            "the consumer's tests");
  EXPECT_EQ(established_by({"Perfetto imports it (its own diff tests)", "repo@c tokenizer.cc:1"}),
            "the consumer's tests");
  EXPECT_EQ(established_by({"Perfetto drops it", "repo@c tokenizer.cc:1"}), "the consumer's code");
  EXPECT_EQ(established_by({"not established what X does", "no source: nothing read"}), "not established");
  EXPECT_EQ(established_by({"tracecheck's own limit", "tracecheck: reader.cpp"}), "tracecheck's own limit");
  // Every row of RULES.md says it, and `tracecheck rules RULE` too.
  EXPECT_NE(rule_doc_markdown(formats::registry::catalog()).find("| hta | error | HTA raises KeyError 'dur' in round_down_time_stamps, which runs "
                                                      "only on a float64 ts column; with integer ts, or a string among "
                                                      "them, it skips the rounding and keeps nothing (ct-no-cat-dur) "
                                                      "| a run of the consumer |"),
            std::string::npos);
  EXPECT_NE(rule_doc_text(formats::registry::catalog(), "ct-no-dur").find("(established by a run of the consumer: "),
            std::string::npos);
}

TEST(RuleDoc, UnknownRuleHasNoText) { EXPECT_EQ(rule_doc_text(formats::registry::catalog(), "no-such-rule"), ""); }

}  // namespace
}  // namespace tc::diag

namespace tc::diag {
namespace {

TEST(RuleDoc, DefaultSaysWhichReadersRaiseItAndTlparseRaisesNothing) {
  const Catalog& c = formats::registry::catalog();
  const Profile& d = c.default_profile();
  EXPECT_TRUE(d.raised_by.contains("hta"));
  EXPECT_TRUE(d.raised_by.contains("chakra"));
  EXPECT_FALSE(d.raised_by.contains("tlparse-0.4.3"));  // --strict also judges the program run
  EXPECT_NE(rule_doc_text(c, "ct-bare-array").find("default: warning (error where hta reads the file)"),
            std::string::npos)
      << rule_doc_text(c, "ct-bare-array");
  EXPECT_EQ(rule_doc_text(c, "tt-metrics-fail-reason").find("where tlparse"), std::string::npos);
}

}  // namespace
}  // namespace tc::diag
