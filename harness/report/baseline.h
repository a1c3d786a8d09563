// Judging a capture against a baseline: another emitter's golden of the
// same case (`run|replay --baseline EMITTER`, or, outside CI, the nearest
// older golden set for an emitter that has none), for a new torch build.
//
// The drift from the baseline (golden/drift.h) and the record-aligned diff
// (golden/record_diff.h) are reported, never failed on; the known defects
// are compared: the (profile, rule) pairs at error severity in the golden's
// [diagnostics PROFILE] sections. One the baseline has and this capture
// lacks is a defect fixed; one this capture has and the baseline lacks is a
// new defect, and fails the case.
//
// Contract: pure function of the two golden texts; no file is written.
#pragma once

#include <string>
#include <vector>

namespace tc::report {

struct BaselineJudgement {
  std::string drift_text;                 // golden/drift.h describe_drift; "" when nothing moved
  std::string diff;                       // record-aligned, bounded; "" when the traces are equal
  std::vector<std::string> new_defects;   // "PROFILE: RULE"
  std::vector<std::string> fixed_defects;
  bool pass() const { return new_defects.empty(); }
};

BaselineJudgement judge_against_baseline(const std::string& case_name, const std::string& baseline_text,
                                         const std::string& actual_text, const std::string& diff_mode);

// The emitter to compare a new emitter (no golden set) with: the newest
// emitter of the same tool (torch-*) older than it with a golden for the
// case, else the newest of that tool; "" when `with_golden` holds none.
std::string nearest_older(const std::string& emitter, const std::vector<std::string>& with_golden);

// Whether emitter id `a`'s version is older than `b`'s, by its numbers
// ("torch-2.6.0" before "torch-2.14.1").
bool emitter_older(const std::string& a, const std::string& b);

// The two newest torch emitters with goldens under `golden_root`, older
// first; empty when there are fewer than two.
std::vector<std::string> newest_torch_pair(const std::string& golden_root);

}  // namespace tc::report
