#include "cli/exit_code.h"

#include "runner/environment.h"

namespace tc::cli {

int exit_code_of(report::CaseOutcome outcome) {
  switch (outcome) {
    case report::CaseOutcome::Pass:
      return kExitOk;
    case report::CaseOutcome::Unreadable:
      return kExitIo;
    case report::CaseOutcome::Skipped:
      return kExitSkipped;
    case report::CaseOutcome::Fail:
      break;
  }
  return kExitErrors;
}

int unavailable_exit_code() { return runner::ci_mode() ? kExitIo : kExitSkipped; }

int combine_exit_codes(const std::vector<int>& codes) {
  if (codes.empty()) return kExitUsage;
  bool fail = false, io = false, usage = false, all_skipped = true;
  for (int code : codes) {
    if (code == kExitSkipped) continue;
    all_skipped = false;
    if (code == kExitIo)
      io = true;
    else if (code == kExitUsage)
      usage = true;
    else if (code != kExitOk)
      fail = true;
  }
  if (fail) return kExitErrors;
  if (io) return kExitIo;
  if (usage) return kExitUsage;
  return all_skipped ? kExitSkipped : kExitOk;
}

}  // namespace tc::cli
