#include "golden/golden_check.h"

#include <filesystem>

#include "golden/folder_lock.h"
#include "golden/golden_doc.h"
#include "golden/golden_store.h"
#include "golden/pending_store.h"
#include "golden/raw_artifacts.h"
#include "golden/record_diff.h"
#include "io/file.h"

namespace tc::golden {

const char* golden_status_name(GoldenStatus s) {
  switch (s) {
    case GoldenStatus::Match:
      return "match";
    case GoldenStatus::Baseline:
      return "baseline";
    case GoldenStatus::Differs:
      return "differs";
    case GoldenStatus::RulesChanged:
      return "needs re-acceptance";
    case GoldenStatus::Missing:
      return "missing";
    case GoldenStatus::NoGoldenSet:
      return "no golden set";
    case GoldenStatus::Accepted:
      return "accepted";
    case GoldenStatus::Unchanged:
      return "unchanged";
    case GoldenStatus::Pending:
      return "pending";
    case GoldenStatus::Unstable:
      return "unstable";
    case GoldenStatus::Refused:
      return "refused";
    case GoldenStatus::Error:
      return "error";
  }
  return "?";
}

bool golden_status_ok(GoldenStatus s) {
  return s == GoldenStatus::Match || s == GoldenStatus::Accepted || s == GoldenStatus::Unchanged ||
         s == GoldenStatus::Baseline;
}

namespace {

// Why the stored golden was made under other conditions than this run's,
// or "" when its header agrees.
std::string header_change(const std::string& expected, const std::string& actual) {
  auto old = parse_golden_header(expected), now = parse_golden_header(actual);
  if (!old || !now) return "";
  if (old->version != now->version)
    return "golden format v" + std::to_string(old->version) + " is older than v" + std::to_string(now->version) +
           (old->rules_fingerprint.empty() ? " (it records no rule fingerprint)" : "");
  if (old->rules != now->rules) return "rule set changed from " + old->rules + " to " + now->rules;
  if (old->rules_fingerprint != now->rules_fingerprint)
    return "rules " + now->rules + " changed (golden made with " + old->rules_fingerprint + ", now " +
           now->rules_fingerprint + ")";
  if (old->also != now->also)
    return "the rules of its other formats changed (golden made with " +
           (old->also.empty() ? std::string("none recorded") : old->also) + ", now " + now->also + ")";
  return "";
}

// A version 1 golden records no rule fingerprint: it matches when its body
// does (re-rendering it with --accept adds the v2 header).
bool legacy_match(const std::string& expected, const std::string& actual) {
  auto old = parse_golden_header(expected);
  return old && old->version == 1 && golden_body(expected) == golden_body(actual);
}

}  // namespace

GoldenCheck check_golden(const GoldenRequest& r) {
  GoldenCheck c;
  try {
    c.golden_file = golden_path(r.golden_root, r.emitter, r.case_name);
  } catch (const std::exception& e) {
    c.message = e.what();
    return c;
  }
  std::optional<std::string> expected = io::read_file(c.golden_file);
  bool known_emitter = emitter_has_goldens(r.golden_root, r.emitter);
  std::string raw_dir = raw_path(r.golden_root, r.emitter, r.case_name);
  std::error_code ec;
  const UpdateMode mode = r.accept.mode;

  // What the comparison alone says.
  GoldenStatus base;
  if (!expected) {
    base = known_emitter ? GoldenStatus::Missing : GoldenStatus::NoGoldenSet;
    c.message = known_emitter
                    ? "missing golden " + c.golden_file
                    : "no golden for " + r.emitter + " (" + r.golden_root + "/" + r.emitter + "/ holds no golden)";
    c.message += "; create it with:\n    " + r.accept_command;
  } else if (*expected == r.actual || legacy_match(*expected, r.actual)) {
    base = GoldenStatus::Match;
  } else {
    std::string why = header_change(*expected, r.actual);
    c.diff = golden_diff(*expected, r.actual, c.golden_file, r.diff_mode);
    if (!why.empty()) {
      base = GoldenStatus::RulesChanged;
      c.message = "needs re-acceptance: " + why + "; " +
                  (c.diff.empty() ? "the body is unchanged" : "the body changed too (below)") +
                  "; re-accept with:\n    " + r.accept_command;
    } else {
      base = GoldenStatus::Differs;
      c.message =
          "differs from " + c.golden_file + "; if the change is intended, update it with:\n    " + r.accept_command;
    }
  }

  bool raw_missing = !r.capture_dir.empty() && !std::filesystem::is_directory(raw_dir, ec);
  bool rerender = expected && *expected != r.actual;  // a version 1 golden that matches
  if (base == GoldenStatus::Match && !(mode == UpdateMode::Always && (raw_missing || rerender))) {
    c.status = mode == UpdateMode::No ? GoldenStatus::Match : GoldenStatus::Unchanged;
    if (c.status == GoldenStatus::Unchanged) c.message = "golden unchanged: " + c.golden_file;
    return c;
  }
  bool missing = base == GoldenStatus::Missing || base == GoldenStatus::NoGoldenSet;
  bool wants_write = mode == UpdateMode::Always || mode == UpdateMode::Pending ||
                     (mode == UpdateMode::New && missing);
  if (!wants_write) {
    c.status = base;
    if (mode == UpdateMode::New)
      c.message += "\n(update policy new writes only missing goldens; use TRACECHECK_UPDATE=always or pending)";
    return c;
  }
  if (!r.accept.allowed) {
    c.status = GoldenStatus::Refused;
    c.message = r.accept.refusal + "\n" + c.message;
    return c;
  }
  if (r.confirm_stable) {
    std::string report;
    if (!r.confirm_stable(report)) {
      c.status = GoldenStatus::Unstable;
      c.message = report;
      c.diff.clear();
      return c;
    }
  }
  std::string error;
  if (mode == UpdateMode::Pending) {
    PendingEntry e{r.case_name, r.emitter, std::filesystem::absolute(c.golden_file).string(), r.source, {}, {}};
    if (!write_pending(r.pending_root, e, r.actual, r.capture_dir, error)) {
      c.status = GoldenStatus::Error;
      c.message = r.case_name + ": cannot write the pending golden: " + error;
      return c;
    }
    c.status = GoldenStatus::Pending;
    c.pending_file = e.new_file;
    c.message =
        "pending: " + e.new_file + "\n(" + golden_status_name(base) + "; accept or reject it with: tracecheck review)";
    return c;
  }
  // The text and the raw artifacts are two writes: concurrent accepts of one
  // golden (ctest -j) must not interleave them.
  FolderLock lock(std::filesystem::path(c.golden_file).parent_path().string());
  if (!r.capture_dir.empty() && !store_raw(r.capture_dir, raw_dir, raw_cap_bytes(), error)) {
    c.status = GoldenStatus::Error;
    c.message = r.case_name + ": cannot store raw artifacts: " + error;
    return c;
  }
  if (!io::write_file_atomic(c.golden_file, r.actual, error)) {
    c.status = GoldenStatus::Error;
    c.message = error;
    return c;
  }
  c.status = GoldenStatus::Accepted;
  c.message = (expected ? "golden updated: " : "golden created: ") + c.golden_file;
  return c;
}

}  // namespace tc::golden
