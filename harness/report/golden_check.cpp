#include "report/golden_check.h"

#include <filesystem>

#include "golden/golden_store.h"
#include "golden/raw_artifacts.h"
#include "golden/unified_diff.h"

namespace tc::report {

const char* golden_status_name(GoldenStatus s) {
  switch (s) {
    case GoldenStatus::Match: return "match";
    case GoldenStatus::Differs: return "differs";
    case GoldenStatus::Missing: return "missing";
    case GoldenStatus::NoGoldenSet: return "no golden set";
    case GoldenStatus::Accepted: return "accepted";
    case GoldenStatus::Unchanged: return "unchanged";
    case GoldenStatus::Refused: return "refused";
    case GoldenStatus::Error: return "error";
  }
  return "?";
}

bool golden_status_ok(GoldenStatus s) {
  return s == GoldenStatus::Match || s == GoldenStatus::Accepted || s == GoldenStatus::Unchanged;
}

GoldenCheck check_golden(const GoldenRequest& r) {
  GoldenCheck c;
  try {
    c.golden_file = golden::golden_path(r.golden_root, r.emitter, r.case_name);
  } catch (const std::exception& e) {
    c.message = e.what();
    return c;
  }
  std::optional<std::string> expected = golden::read_file(c.golden_file);
  bool known_emitter = golden::emitter_has_goldens(r.golden_root, r.emitter);

  if (r.accept.requested) {
    if (!r.accept.allowed) {
      c.status = GoldenStatus::Refused;
      c.message = r.accept.refusal;
      return c;
    }
    // An unchanged golden keeps its stored raw artifacts: re-storing them
    // would churn committed files (timestamps) for nothing.
    std::string raw_dir = golden::raw_path(r.golden_root, r.emitter, r.case_name);
    std::error_code ec;
    if (expected && *expected == r.actual && (r.capture_dir.empty() || std::filesystem::is_directory(raw_dir, ec))) {
      c.status = GoldenStatus::Unchanged;
      c.message = "golden unchanged: " + c.golden_file;
      return c;
    }
    std::string error;
    if (!r.capture_dir.empty() && !golden::store_raw(r.capture_dir, raw_dir, golden::raw_cap_bytes(), error)) {
      c.message = r.case_name + ": cannot store raw artifacts: " + error;
      return c;
    }
    if (!golden::write_file_atomic(c.golden_file, r.actual, error)) {
      c.message = error;
      return c;
    }
    c.status = GoldenStatus::Accepted;
    c.message = (expected ? "golden updated: " : "golden created: ") + c.golden_file;
    if (expected) c.diff = golden::unified_diff(*expected, r.actual, c.golden_file + " (old)", "new");
    return c;
  }

  if (!expected) {
    c.status = known_emitter ? GoldenStatus::Missing : GoldenStatus::NoGoldenSet;
    c.message = known_emitter ? "missing golden " + c.golden_file
                              : "no golden for " + r.emitter + " (" + r.golden_root + "/" + r.emitter +
                                    "/ holds no golden)";
    c.message += "; create it with:\n    " + r.accept_command;
    return c;
  }
  if (*expected == r.actual) {
    c.status = GoldenStatus::Match;
    return c;
  }
  c.status = GoldenStatus::Differs;
  c.diff = golden::unified_diff(*expected, r.actual, c.golden_file, "actual");
  c.message = "differs from " + c.golden_file + "; if the change is intended, update it with:\n    " +
              r.accept_command;
  return c;
}

}  // namespace tc::report
