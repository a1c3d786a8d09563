// Compares an actual golden text with the stored golden, and writes it as
// the update policy says (golden/accept_policy.h).
//
// Contract:
//  - an emitter with no golden at all fails with "no golden for <emitter>";
//    a missing golden for one case fails too; both messages end with the
//    exact command that creates the golden (`accept_command`);
//  - a golden whose header names another format version, rule set or rule
//    fingerprint fails as "needs re-acceptance: rules <set> changed" (or
//    the format / rule-set reason), never as a bare diff;
//  - a version 1 golden (no rule fingerprint) whose body matches passes;
//    writing it again (any writing policy) re-renders it with the v2 header;
//  - a differing golden fails with a bounded diff (record-aligned, or
//    unified with diff_mode "unified"; golden first);
//  - a write happens only when the policy allows it (never under CI unless
//    forced): `always` writes every change, `new` only a missing golden,
//    `pending` writes <golden>.new into the pending root (build tree) and
//    fails the case. Before any write `confirm_stable` (when set) is asked;
//    when it reports instability nothing is written and the status is
//    Unstable. Writing a golden also stores the raw artifacts.
#pragma once

#include <functional>
#include <string>

#include "golden/accept_policy.h"

namespace tc::golden {

enum class GoldenStatus {
  Match,
  Differs,
  RulesChanged,
  Missing,
  NoGoldenSet,
  Accepted,
  Unchanged,
  Pending,
  Unstable,
  Refused,
  Error,
  Baseline  // judged against another emitter's golden (report/baseline.h), not its own
};
const char* golden_status_name(GoldenStatus s);
bool golden_status_ok(GoldenStatus s);

struct GoldenCheck {
  GoldenStatus status = GoldenStatus::Error;
  std::string golden_file;
  std::string message;       // what went wrong, or what was written
  std::string diff;          // when Differs / RulesChanged (or Accepted / Pending over an older golden)
  std::string pending_file;  // the .new written (Pending)
};

struct GoldenRequest {
  std::string golden_root;
  std::string emitter;
  std::string case_name;
  std::string actual;          // the rendered golden document
  std::string capture_dir;     // raw artifacts to store when writing ("" = keep the stored ones)
  std::string accept_command;  // printed when a golden is missing or differs
  AcceptDecision accept;
  std::string pending_root;  // where `pending` writes
  std::string source;        // "live", "replay", "accept" (recorded in a pending entry)
  std::string diff_mode = "records";
  // Asked before any write; returns false with a report when unstable.
  std::function<bool(std::string& report)> confirm_stable;
};

GoldenCheck check_golden(const GoldenRequest& request);

}  // namespace tc::golden
