#include "report/judge.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "diag/exit_code.h"
#include "golden/diff_color.h"
#include "golden/drift.h"
#include "golden/golden_store.h"
#include "golden/usage_log.h"
#include "report/evaluate.h"
#include "report/golden_check.h"

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

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f s", s);
  return buf;
}

void indent_print(const std::string& text, const char* prefix = "    ") {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::printf("%s%.*s\n", prefix, static_cast<int>(end - start), text.data() + start);
    start = end + 1;
  }
}

bool write_text(const fs::path& path, const std::string& text) {
  std::string error;
  return golden::write_file_atomic(path.string(), text, error);
}

// Scratch a live capture leaves that no one needs after a pass.
void trim_capture(const fs::path& capture) {
  std::error_code ec;
  for (const char* scratch : {"inductor_cache", "tmp", "work", "rendezvous"}) fs::remove_all(capture / scratch, ec);
}

}  // namespace

int judge_capture(const JudgeRequest& q, CaseResult* result) {
  CaseResult local;
  CaseResult& res = result ? *result : local;
  auto started = std::chrono::steady_clock::now();
  auto finish = [&](int code, const char* status) {
    res.exit_code = code;
    res.status = status;
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    res.harness_seconds += std::max(0.0, res.seconds - res.external_seconds);
    return code;
  };
  const cases::Case& c = *q.c;
  res.case_name = c.name;
  res.mode = q.mode;
  res.rule_set = c.rules;
  fs::path evidence(q.evidence_dir);
  std::error_code ec;
  fs::create_directories(evidence, ec);
  EvaluateOptions options;
  options.work_dir = q.evidence_dir;
  options.emitter = q.emitter;
  Evaluation ev = evaluate_capture(c, q.capture_dir, options);
  res.emitter = ev.emitter;
  for (const checks::ParserResult& p : ev.parsers) res.external_seconds += p.wall_s;
  for (const auto& u : ev.rule_usage) res.rule_hits.push_back({u.id, u.hits});

  std::string where = ev.emitter.empty() ? std::string("?") : ev.emitter;
  std::string head = c.name + "  " + where + " (" + emitter_label(ev.env) + ", " +
                     (ev.env.environment.empty() ? "?" : ev.env.environment) + ", " + q.mode + ")";
  if (ev.env.driver_wall_s > 0) head += "  workload " + seconds(ev.env.driver_wall_s);
  head += "  raw: " + (q.raw_shown.empty() ? q.capture_dir : q.raw_shown);

  if (!ev.ok) {
    std::printf("ERROR %s\n", head.c_str());
    indent_print(ev.error);
    std::fflush(stdout);
    res.message = ev.error;
    return finish(ev.exit_code ? ev.exit_code : kExitErrors, "error");
  }
  if (ev.outcome.skipped) {
    std::printf("SKIP %s\n    skipped: %s\n", head.c_str(), ev.outcome.skipped->c_str());
    std::fflush(stdout);
    res.message = *ev.outcome.skipped;
    return finish(kExitSkipped, "skip");
  }
  if (!q.work_root.empty()) golden::record_use(q.work_root, ev.emitter, c.name);

  GoldenRequest gr;
  gr.golden_root = q.golden_root;
  gr.emitter = ev.emitter;
  gr.case_name = c.name;
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
  GoldenCheck gc = check_golden(gr);
  bool pass = golden_status_ok(gc.status) && ev.problems.empty();

  res.golden_status = golden_status_name(gc.status);
  res.golden_file = gc.golden_file;
  res.pending_file = gc.pending_file;
  res.diff = gc.diff;
  res.message = gc.status == GoldenStatus::Match ? "" : gc.message;
  for (const auto& problem : ev.problems) res.message += (res.message.empty() ? "" : "\n") + ("problem: " + problem);
  const char* verdict = pass ? (gc.status == GoldenStatus::Accepted ? "ACCEPTED" : "PASS") : "FAIL";
  std::printf("%s %s\n", verdict, head.c_str());
  for (const auto& p : ev.parsers) {
    if (p.status == checks::ParserStatus::NotRun)
      std::printf("    %s: not run (%s)\n", p.name.c_str(), p.reason.c_str());
    else
      std::printf("    %s %s: %s%s%s (%s)\n", p.name.c_str(), p.artifact.c_str(), checks::parser_status_name(p.status),
                  p.reason.empty() ? "" : ", ", p.reason.c_str(), seconds(p.wall_s).c_str());
  }
  if (!golden_status_ok(gc.status) || gc.status == GoldenStatus::Accepted) indent_print(gc.message);
  if (gc.status == GoldenStatus::NoGoldenSet) {
    // A new emitter: what moved since the newest one with a golden for this case.
    std::vector<std::string> others = golden::emitters_with_golden(q.golden_root, c.name);
    if (!others.empty()) {
      golden::CaseDrift d;
      d.case_name = c.name;
      golden::compare_goldens(golden::read_file(golden::golden_path(q.golden_root, others.back(), c.name)).value_or(""),
                              ev.text, d);
      std::string text = golden::describe_drift(d);
      std::printf("    drift from %s to this run (tracecheck drift):\n", others.back().c_str());
      indent_print(text.empty() ? "  no record kind or artifact appeared, disappeared or moved\n" : text);
    }
  }
  for (const auto& problem : ev.problems) std::printf("    problem: %s\n", problem.c_str());
  if (!gc.diff.empty() && gc.status != GoldenStatus::Unstable)
    indent_print(q.color ? golden::colorize_diff(gc.diff) : gc.diff, "    | ");

  if (!pass || q.keep) {
    std::vector<std::pair<std::string, fs::path>> kept;
    if (write_text(evidence / "actual.txt", ev.text)) kept.emplace_back("actual", evidence / "actual.txt");
    if (!gc.diff.empty() && write_text(evidence / "golden.diff", gc.diff))
      kept.emplace_back("diff", evidence / "golden.diff");
    if (write_text(evidence / "diagnostics.txt", ev.diagnostics_text))
      kept.emplace_back("diagnostics", evidence / "diagnostics.txt");
    if (!q.stderr_tail.empty() && write_text(evidence / "stderr-tail.txt", q.stderr_tail))
      kept.emplace_back("stderr tail", evidence / "stderr-tail.txt");
    if (fs::exists(evidence / "external")) kept.emplace_back("external parsers", evidence / "external");
    kept.emplace_back("raw capture", q.capture_dir);
    if (!pass) {
      // The cause in the report itself: a non-zero exit and the first errors
      // the checks found (a missing or truncated trace shows up there).
      if (ev.outcome.exit_status != 0 && !ev.outcome.term_signal)
        std::printf("    the workload exited with status %d\n", ev.outcome.exit_status);
      size_t shown = 0, at = 0;
      while (shown < 5 && at < ev.diagnostics_text.size()) {
        size_t end = ev.diagnostics_text.find('\n', at);
        if (end == std::string::npos) end = ev.diagnostics_text.size();
        std::string_view line(ev.diagnostics_text.data() + at, end - at);
        if (line.find(": error[") != std::string_view::npos) {
          std::printf("    %.*s\n", static_cast<int>(line.size()), line.data());
          ++shown;
        }
        at = end + 1;
      }
    }
    std::printf("    evidence:\n");
    for (const auto& [what, path] : kept) std::printf("      %-17s %s\n", (what + ":").c_str(), path.c_str());
    if (!q.stderr_tail.empty() && !pass) {
      // The last lines only; the whole tail is in stderr-tail.txt.
      std::string tail = q.stderr_tail;
      size_t cut = tail.size();
      for (int lines = 0; lines < 12 && cut != std::string::npos && cut > 0; ++lines) cut = tail.rfind('\n', cut - 1);
      if (cut != std::string::npos && cut > 0) tail = tail.substr(cut + 1);
      std::printf("    workload stderr (last lines):\n");
      indent_print(tail, "    ! ");
    }
  } else {
    // A pass keeps only this run's raw capture.
    for (const char* name : {"actual.txt", "golden.diff", "diagnostics.txt", "stderr-tail.txt"})
      fs::remove(evidence / name, ec);
    fs::remove_all(evidence / "external", ec);
    if (q.capture_is_evidence)
      trim_capture(q.capture_dir);
    else
      fs::remove_all(q.capture_dir, ec);
  }
  std::fflush(stdout);
  return pass ? finish(kExitOk, gc.status == GoldenStatus::Accepted ? "accepted" : "pass")
              : finish(kExitErrors, gc.status == GoldenStatus::Pending ? "pending" : "fail");
}

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

}  // namespace tc::report
