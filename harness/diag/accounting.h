// Event accounting: what one consumer profile does with the records a format
// counted (Reporter::open_record/close_record), in the terms of README's
// consumer contract. A record the profile reads is
//  - kept: none of its findings is an error in the profile; of those,
//    `changed` have a warning there (a lost decoration or a tolerated
//    deviation: the consumer draws the record, not quite as written);
//  - dropped: a finding on it is an error in the profile (by the contract the
//    consumer loses the record, or rejects the whole file);
//  - unread: of a kind the consumer ignores by design (Diagnostic::unread_by:
//    HTA reads only the complete events of Kineto's categories).
// The reporter holds the records of one format, the profile's (check's
// verdicts are per format); `default`, which models no consumer, accounts
// for nothing (has_records false). A record the reader could not parse is
// of kind "unknown": its consumer may keep it as another kind or drop it.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "diag/profile.h"
#include "diag/reporter.h"

namespace tc::diag {

struct Accounting {
  bool has_records = false;  // the profile reads some file that counted records
  // Records of kind "metadata" (a Chrome M event names a process or thread:
  // no event for the consumers) are counted apart: kept_by_kind has the
  // kept ones; kept, changed, dropped and unread count none.
  uint64_t kept = 0;
  uint64_t changed = 0;  // of kept
  uint64_t dropped = 0;
  uint64_t unread = 0;
  std::map<std::string, uint64_t> kept_by_kind;  // kind ("slice", "flow", ...) -> kept
  // Why the consumer keeps fewer than `kept` in some file
  // (Reporter::note_fewer_kept): then kept is an upper bound. Empty: exact.
  std::string fewer_kept;
};

Accounting account(const Reporter& reporter, const Profile& profile);

// "1204 events, 3 dropped, 2 changed, 40 not read": kept first, the other
// counts only when not zero, then "at most: WHY" when fewer_kept says why;
// empty when !has_records. `noun` names a record.
std::string describe(const Accounting& a, std::string_view noun);

}  // namespace tc::diag
