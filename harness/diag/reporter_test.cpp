#include "diag/reporter.h"

#include <gtest/gtest.h>

#include "diag/profile.h"

namespace tc::diag {
namespace {

// A `default` that one consumer, "reader", raises.
Profile raised_default() {
  Profile p = strict_profile();
  p.overrides = {{"r-rule", Severity::Warning}};
  p.raised_by["reader"] = {{"r-rule", Severity::Error}};
  return p;
}

TEST(ReporterReaders, DefaultRisesOnlyInTheFilesTheConsumerReads) {
  Reporter r(1);  // keep one: the rest are counted, and must still be raised per file
  r.report("r-rule", {"read.json", 1, 1}, "one");
  r.report("r-rule", {"read.json", 2, 1}, "two");
  EXPECT_TRUE(r.count_if_full("r-rule", "read.json"));
  r.report("r-rule", {"other.json", 1, 1}, "three");
  r.read_by("read.json", {"reader"});
  r.read_by("other.json", {"someone-else"});

  Verdict v = resolve(r, raised_default());
  EXPECT_EQ(v.errors, 3u);
  EXPECT_EQ(v.warnings, 1u);
  ASSERT_EQ(v.diagnostics.size(), 1u);
  EXPECT_EQ(v.diagnostics[0].severity, Severity::Error);
  EXPECT_EQ(severity_in(r, raised_default(), "r-rule", "other.json"), Severity::Warning);
  EXPECT_EQ(severity_in(r, raised_default(), "r-rule", "undeclared.json"), Severity::Warning);
}

TEST(ReporterReaders, AbsorbKeepsPerFileCountsAndReaders) {
  Reporter part(1);
  part.report("r-rule", {"read.json", 1, 1}, "one");
  part.report("r-rule", {"other.json", 1, 1}, "two");
  part.read_by("read.json", {"reader"});
  Reporter whole(1);
  whole.absorb(std::move(part));
  EXPECT_EQ(whole.count("r-rule"), 2u);
  EXPECT_EQ(whole.file_counts().at("r-rule").at("other.json"), 1u);
  ASSERT_NE(whole.readers_of("read.json"), nullptr);
  Verdict v = resolve(whole, raised_default());
  EXPECT_EQ(v.errors, 1u);
  EXPECT_EQ(v.warnings, 1u);
}

// count_if_full remembers the counters of the full rules it counted last:
// many rules, files and consumers in turn, more than it remembers, and a
// copy and an absorb between them, must count as the maps alone would.
TEST(ReporterCounts, CountedFindingsLandInTheirRuleFileAndConsumerWhateverTheOrder) {
  Reporter r(1);
  const char* rules[] = {"a", "b", "c", "d", "e", "f"};
  const char* files[] = {"x.json", "y.json"};
  const char* consumers[] = {"", "reader"};
  for (int round = 0; round < 3; ++round) {
    for (const char* rule : rules)
      for (const char* file : files)
        for (const char* consumer : consumers) {
          if (!r.count_if_full(rule, file, consumer)) r.report(rule, {file, 1, 1}, "kept");
        }
    if (round == 1) {
      Reporter copy = r;  // starts without the remembered counters
      EXPECT_TRUE(copy.count_if_full("a", "x.json"));
      EXPECT_EQ(copy.count("a"), r.count("a") + 1);
    }
  }
  for (const char* rule : rules) {
    EXPECT_EQ(r.count(rule), 12u) << rule;
    for (const char* file : files) {
      EXPECT_EQ(r.file_counts().at(rule).at(file), 6u) << rule << " " << file;
      // Each rule's one kept finding is its first, for no consumer: every
      // finding for "reader" was counted.
      EXPECT_EQ(r.unread_counts().at(rule).at(file).at("reader"), 3u);
    }
  }
  Reporter whole(1);
  whole.absorb(std::move(r));
  EXPECT_TRUE(whole.count_if_full("a", "x.json"));
  EXPECT_EQ(whole.count("a"), 13u);
  EXPECT_EQ(whole.file_counts().at("a").at("x.json"), 7u);
}

// A profile standing for the consumer "reader", erring on r-rule.
Profile reader_profile() {
  Profile p;
  p.name = "reader";
  p.overrides = {{"r-rule", Severity::Error}};
  return p;
}

TEST(ReporterUnread, AFindingOnARecordTheConsumerDropsUnreadIsOffForItAndDoesNotRaiseDefault) {
  Reporter r(1);  // the second finding is only counted: its scope must still count
  Diagnostic unread = make_diagnostic("r-rule", {"read.json", 1, 1}, "on a row the reader drops");
  unread.unread_by = "reader";
  r.report(unread);
  EXPECT_TRUE(r.count_if_full("r-rule", "read.json", "reader"));
  r.read_by("read.json", {"reader"});

  Verdict mine = resolve(r, reader_profile());
  EXPECT_EQ(mine.errors + mine.warnings, 0u);
  EXPECT_TRUE(mine.diagnostics.empty());
  Verdict def = resolve(r, raised_default());
  EXPECT_EQ(def.errors, 0u);  // not raised through "reader"
  EXPECT_EQ(def.warnings, 2u);

  r.report("r-rule", {"read.json", 2, 1}, "on a row it reads");  // counted only (keep 1)
  EXPECT_EQ(resolve(r, reader_profile()).errors, 1u);
  EXPECT_EQ(resolve(r, raised_default()).errors, 1u);
}

TEST(ReporterUnread, AbsorbKeepsTheScope) {
  Reporter part(5);
  Diagnostic unread = make_diagnostic("r-rule", {"read.json", 1, 1}, "unread");
  unread.unread_by = "reader";
  part.report(unread);
  part.report("r-rule", {"read.json", 2, 1}, "read");
  Reporter whole(0);  // keeps nothing: only the counts carry the scope
  whole.absorb(std::move(part));
  EXPECT_EQ(whole.unread_counts().at("r-rule").at("read.json").at("reader"), 1u);
  EXPECT_EQ(resolve(whole, reader_profile()).errors, 1u);
}

}  // namespace
}  // namespace tc::diag
