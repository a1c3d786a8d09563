#include "diag/accounting.h"

#include <gtest/gtest.h>

namespace tc::diag {
namespace {

// A consumer profile of format "f" that errs on "e-rule" and warns on "w-rule".
Profile consumer() {
  Profile p;
  p.name = "reader";
  p.format = "f";
  p.overrides = {{"e-rule", Severity::Error}, {"w-rule", Severity::Warning}};
  return p;
}

void record(Reporter& r, std::string_view kind, std::vector<std::string_view> rules, std::string_view unread_by = {},
            std::string_view rule_unread_by = {}) {
  r.open_record();
  for (std::string_view rule : rules)
    if (!r.count_if_full(rule, "t.json", rule_unread_by)) {
      Diagnostic d = make_diagnostic(rule, {"t.json", 1, 1}, "m");
      d.unread_by = std::string(rule_unread_by);
      r.report(std::move(d));
    }
  r.close_record("t.json", kind, unread_by);
}

TEST(Accounting, EachRecordIsKeptChangedDroppedOrUnreadByTheProfilesSeverities) {
  Reporter r(1);  // findings beyond the first are only counted: still the record's
  record(r, "slice", {});
  record(r, "slice", {"w-rule"});
  record(r, "slice", {"w-rule", "e-rule", "w-rule"});
  record(r, "flow", {"e-rule"});
  record(r, "slice", {"e-rule"}, "reader");  // the consumer never reads it
  record(r, "metadata", {"w-rule"});
  record(r, "metadata", {}, "reader");
  record(r, "metadata", {"e-rule"});
  Accounting a = account(r, consumer());
  EXPECT_TRUE(a.has_records);
  EXPECT_EQ(a.kept, 2u);
  EXPECT_EQ(a.changed, 1u);
  EXPECT_EQ(a.dropped, 2u);
  EXPECT_EQ(a.unread, 1u);
  EXPECT_EQ(a.kept_by_kind, (std::map<std::string, uint64_t>{{"metadata", 1}, {"slice", 2}}));
  EXPECT_EQ(describe(a, "event"), "2 events, 2 dropped, 1 changed, 1 not read");
}

TEST(Accounting, AFindingTheConsumerDropsUnreadDoesNotDropItsRecord) {
  Reporter r;
  record(r, "async", {"e-rule"}, {}, "reader");  // the consumer keeps the event, not that field
  Accounting a = account(r, consumer());
  EXPECT_EQ(a.kept, 1u);
  EXPECT_EQ(a.dropped, 0u);
}

TEST(Accounting, DefaultAndEmptyKindsAccountForNothing) {
  Reporter r;
  record(r, "", {"e-rule"});  // no record at all
  EXPECT_FALSE(account(r, consumer()).has_records);
  record(r, "slice", {});
  Profile def = consumer();
  def.format.clear();
  EXPECT_FALSE(account(r, def).has_records);
  EXPECT_EQ(describe(account(r, def), "event"), "");
}

TEST(Accounting, SurvivesAbsorbAndNamesAFilterItDoesNotModel) {
  Reporter part;
  record(part, "slice", {});
  part.note_fewer_kept("t.json", "reader", "a step filter");
  Reporter whole;
  record(whole, "slice", {});
  whole.absorb(std::move(part));
  Accounting a = account(whole, consumer());
  EXPECT_EQ(a.kept, 2u);
  EXPECT_EQ(describe(a, "event"), "2 events; at most: a step filter");
  EXPECT_EQ(describe(account(whole, [] {
                       Profile other = consumer();
                       other.name = "other";
                       return other;
                     }()),
                     "event"),
            "2 events");
}

}  // namespace
}  // namespace tc::diag
