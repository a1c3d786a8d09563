#include "report/judge.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "golden/drift.h"
#include "golden/golden_store.h"
#include "golden/usage_log.h"
#include "io/file.h"
#include "report/baseline.h"
#include "report/case_views.h"
#include "report/judgement.h"

namespace tc::report {
namespace fs = std::filesystem;

std::string default_work_root() {
  if (const char* env = std::getenv("TRACECHECK_WORK_DIR"); env && *env) return env;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  // <build>/harness/tracecheck (or <build>/harness/tests/<test binary>).
  for (fs::path dir = exe.parent_path(); !ec && !dir.empty() && dir != dir.root_path(); dir = dir.parent_path())
    if (fs::exists(dir / "CMakeCache.txt")) return (dir / "tracecheck-runs").string();
  return (fs::current_path(ec) / "tracecheck-runs").string();
}

namespace {

bool write_text(const fs::path& path, const std::string& text) {
  std::string error;
  return io::write_file_atomic(path.string(), text, error);
}

// Scratch a live capture leaves that no one needs after a pass.
void trim_capture(const fs::path& capture) {
  std::error_code ec;
  for (const char* scratch : {"inductor_cache", "tmp", "work", "rendezvous"}) fs::remove_all(capture / scratch, ec);
}

golden::GoldenCheck check_against_golden(const JudgeRequest& q, const Evaluation& ev) {
  golden::GoldenRequest gr;
  gr.golden_root = q.golden_root;
  gr.emitter = ev.emitter;
  gr.case_name = q.c->name;
  gr.actual = ev.text;
  gr.capture_dir = q.store_raw ? q.capture_dir : "";
  gr.accept_command = q.accept_command;
  gr.accept = q.accept;
  gr.pending_root = q.pending_root;
  gr.source = q.mode;
  gr.diff_mode = q.diff_mode;
  if (q.second_capture) {
    std::string first = ev.text;
    gr.confirm_stable = [&q, first](std::string& report) { return q.second_capture(first, report); };
  }
  // Problems (a timeout, a crash, a disagreeing parser) are never accepted.
  if (!ev.problems.empty()) gr.accept = {};
  return golden::check_golden(gr);
}

// A new emitter: what moved since the nearest older one with a golden for
// this case (report/baseline.h nearest_older).
void find_drift(const JudgeRequest& q, Judgement& j) {
  const std::string from = nearest_older(j.ev.emitter, golden::emitters_with_golden(q.golden_root, q.c->name));
  if (from.empty()) return;
  golden::CaseDrift d;
  d.case_name = q.c->name;
  golden::compare_goldens(io::read_file(golden::golden_path(q.golden_root, from, q.c->name)).value_or(""),
                          j.ev.text, d);
  j.drift_from = from;
  j.drift_text = golden::describe_drift(d);
}

// Which emitter's golden to judge against instead of the capture's own, if any.
std::string baseline_for(const JudgeRequest& q, const Evaluation& ev) {
  if (!q.baseline.empty()) return q.baseline;
  if (!q.baseline_when_new || q.accept.requested || golden::emitter_has_goldens(q.golden_root, ev.emitter)) return "";
  return nearest_older(ev.emitter, golden::emitters_with_golden(q.golden_root, q.c->name));
}

void judge_baseline(const JudgeRequest& q, const std::string& baseline, Judgement& j) {
  golden::GoldenCheck& gc = j.golden;
  gc.golden_file = golden::golden_path(q.golden_root, baseline, q.c->name);
  std::optional<std::string> text = io::read_file(gc.golden_file);
  if (!text) {
    gc.status = golden::GoldenStatus::Missing;
    gc.message = "no golden of the baseline " + baseline + " for this case: " + gc.golden_file;
    return;
  }
  BaselineJudgement b = judge_against_baseline(q.c->name, *text, j.ev.text, q.diff_mode);
  gc.status = golden::GoldenStatus::Baseline;
  gc.diff = b.diff;
  auto list = [](const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
  };
  gc.message = "judged against " + baseline + "'s golden (baseline, " + gc.golden_file + ")";
  if (!b.new_defects.empty()) gc.message += "\nnew defects (errors " + baseline + " did not have): " + list(b.new_defects);
  if (!b.fixed_defects.empty()) gc.message += "\ndefects fixed (errors " + baseline + " had): " + list(b.fixed_defects);
  if (b.new_defects.empty() && b.fixed_defects.empty()) gc.message += "\nthe same known defects as " + baseline;
  j.drift_from = baseline;
  j.drift_text = b.drift_text;
  j.pass = b.pass() && j.ev.problems.empty();
}

// The first `max` lines of `text`, then how many were cut.
std::string bounded_lines(const std::string& text, size_t max) {
  size_t at = 0, lines = 0;
  while (at < text.size() && lines < max) {
    size_t end = text.find('\n', at);
    at = end == std::string::npos ? text.size() : end + 1;
    ++lines;
  }
  if (at >= text.size()) return text;
  size_t rest = static_cast<size_t>(std::count(text.begin() + static_cast<ptrdiff_t>(at), text.end(), '\n'));
  return text.substr(0, at) + "... " + std::to_string(rest) + " more lines (all of them: diagnostics.txt)\n";
}

// On a failure (or `keep`): every piece of evidence, written beside the raw
// capture. On a pass: only this run's raw capture stays.
void keep_evidence(const JudgeRequest& q, Judgement& j) {
  const fs::path evidence(q.evidence_dir);
  std::error_code ec;
  if (j.pass && !q.keep) {
    for (const char* name : {"actual.txt", "golden.diff", "diagnostics.txt", "stderr-tail.txt"})
      fs::remove(evidence / name, ec);
    fs::remove_all(evidence / "external", ec);
    if (q.capture_is_evidence)
      trim_capture(q.capture_dir);
    else
      fs::remove_all(q.capture_dir, ec);
    return;
  }
  auto keep = [&](const char* what, const fs::path& path) { j.evidence.emplace_back(what, path.string()); };
  if (write_text(evidence / "actual.txt", j.ev.text)) keep("actual", evidence / "actual.txt");
  if (!j.golden.diff.empty() && write_text(evidence / "golden.diff", j.golden.diff))
    keep("diff", evidence / "golden.diff");
  if (write_text(evidence / "diagnostics.txt", j.ev.diagnostics_text))
    keep("diagnostics", evidence / "diagnostics.txt");
  if (!q.stderr_tail.empty() && write_text(evidence / "stderr-tail.txt", q.stderr_tail))
    keep("stderr tail", evidence / "stderr-tail.txt");
  if (fs::exists(evidence / "external")) keep("external parsers", evidence / "external");
  keep("raw capture", q.capture_dir);
  if (!j.pass) j.stderr_tail = q.stderr_tail;
}

}  // namespace

Judgement judge(const JudgeRequest& q) {
  Judgement j;
  j.case_name = q.c->name;
  j.mode = q.mode;
  j.raw = q.raw_shown.empty() ? q.capture_dir : q.raw_shown;
  std::error_code ec;
  fs::create_directories(q.evidence_dir, ec);
  EvaluateOptions options;
  options.work_dir = q.evidence_dir;
  options.emitter = q.emitter;
  j.ev = evaluate_capture(*q.c, q.capture_dir, options);
  if (!j.ev.ok) {
    j.outcome = j.ev.case_broken ? CaseOutcome::Fail : CaseOutcome::Unreadable;
    return j;
  }
  if (j.ev.outcome.skipped) {
    j.kind = Judgement::Kind::Skip;
    j.outcome = CaseOutcome::Skipped;
    j.status = "skip";
    return j;
  }
  j.kind = Judgement::Kind::Judged;
  if (!q.work_root.empty()) golden::record_use(q.work_root, j.ev.emitter, q.c->name);
  if (const std::string baseline = baseline_for(q, j.ev); !baseline.empty()) {
    judge_baseline(q, baseline, j);
  } else {
    j.golden = check_against_golden(q, j.ev);
    j.pass = golden::golden_status_ok(j.golden.status) && j.ev.problems.empty();
    if (j.golden.status == golden::GoldenStatus::NoGoldenSet) find_drift(q, j);
  }
  j.excerpts = excerpts_json(j.ev.diagnostics_text);
  keep_evidence(q, j);
  if (j.pass) {
    j.outcome = CaseOutcome::Pass;
    j.status = j.golden.status == golden::GoldenStatus::Accepted ? "accepted" : "pass";
  } else {
    j.outcome = CaseOutcome::Fail;
    j.status = j.golden.status == golden::GoldenStatus::Pending ? "pending" : "fail";
  }
  return j;
}

CaseOutcome judge_capture(const JudgeRequest& q, CaseResult* result) {
  CaseResult local;
  CaseResult& res = result ? *result : local;
  auto started = std::chrono::steady_clock::now();
  Judgement j = judge(q);
  print_judgement(j, q.color);

  res.case_name = q.c->name;
  res.mode = q.mode;
  res.rule_set = q.c->rules;
  res.emitter = j.ev.emitter;
  for (const external::ParserResult& p : j.ev.parsers) res.external_seconds += p.wall_s;
  for (const auto& u : j.ev.rule_usage) res.rule_hits.push_back({u.id, u.hits});
  switch (j.kind) {
    case Judgement::Kind::Error:
      res.message = j.ev.error;
      break;
    case Judgement::Kind::Skip:
      res.message = *j.ev.outcome.skipped;
      break;
    case Judgement::Kind::Judged:
      res.golden_status = golden::golden_status_name(j.golden.status);
      res.golden_file = j.golden.golden_file;
      res.pending_file = j.golden.pending_file;
      res.diff = j.golden.diff;
      res.message = j.golden.status == golden::GoldenStatus::Match ? "" : j.golden.message;
      for (const auto& problem : j.ev.problems)
        res.message += (res.message.empty() ? "" : "\n") + ("problem: " + problem);
      break;
  }
  res.diagnostics = bounded_lines(j.ev.diagnostics_text, kMaxDiagnosticLines);
  res.workload_seconds = j.ev.env.driver_wall_s;
  res.facts = j.ev.doc.facts_json.value_or("");
  for (const auto& [what, path] : j.evidence) res.evidence.push_back(what + ": " + path);
  if (res.evidence.empty() && !j.raw.empty()) res.evidence.push_back("raw capture: " + j.raw);
  res.drawings = drawings_json(j.ev.doc.traces);
  res.excerpts = j.excerpts;
  if (j.drift_from) res.drift_from = *j.drift_from;
  res.drift = j.drift_text;
  res.status = j.status;
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  res.harness_seconds += std::max(0.0, res.seconds - res.external_seconds);
  return j.outcome;
}

}  // namespace tc::report
