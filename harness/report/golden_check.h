// Compares an actual golden text with the stored golden, or accepts it.
//
// Contract:
//  - an emitter with no golden at all fails with "no golden for <emitter>";
//    a missing golden for one case fails too; both messages end with the
//    exact command that creates the golden (`accept_command`);
//  - a differing golden fails with a bounded unified diff (golden first);
//  - accepting writes the golden atomically and stores the raw artifacts
//    (golden/raw_artifacts.h); it never happens when the AcceptDecision
//    refuses it (CI), which is then a failure that says why.
#pragma once

#include <string>

#include "golden/accept_policy.h"

namespace tc::report {

enum class GoldenStatus { Match, Differs, Missing, NoGoldenSet, Accepted, Unchanged, Refused, Error };
const char* golden_status_name(GoldenStatus s);
bool golden_status_ok(GoldenStatus s);

struct GoldenCheck {
  GoldenStatus status = GoldenStatus::Error;
  std::string golden_file;
  std::string message;  // what went wrong, or what was written
  std::string diff;     // unified diff when Differs (or when Accepted over an older golden)
};

struct GoldenRequest {
  std::string golden_root;
  std::string emitter;
  std::string case_name;
  std::string actual;          // the rendered golden document
  std::string capture_dir;     // raw artifacts to store when accepting ("" = keep the stored ones)
  std::string accept_command;  // printed when a golden is missing
  golden::AcceptDecision accept;
};

GoldenCheck check_golden(const GoldenRequest& request);

}  // namespace tc::report
