#include "report/judge.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "diag/exit_code.h"
#include "golden/golden_store.h"
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

int judge_capture(const JudgeRequest& q) {
  const cases::Case& c = *q.c;
  fs::path evidence(q.evidence_dir);
  std::error_code ec;
  fs::create_directories(evidence, ec);
  EvaluateOptions options;
  options.work_dir = q.evidence_dir;
  options.emitter = q.emitter;
  Evaluation ev = evaluate_capture(c, q.capture_dir, options);

  std::string where = ev.emitter.empty() ? std::string("?") : ev.emitter;
  std::string head = c.name + "  " + where + " (torch " + (ev.env.torch_version.empty() ? "?" : ev.env.torch_version) +
                     ", " + (ev.env.environment.empty() ? "?" : ev.env.environment) + ", " + q.mode + ")";
  if (ev.env.driver_wall_s > 0) head += "  workload " + seconds(ev.env.driver_wall_s);
  head += "  raw: " + (q.raw_shown.empty() ? q.capture_dir : q.raw_shown);

  if (!ev.ok) {
    std::printf("ERROR %s\n", head.c_str());
    indent_print(ev.error);
    std::fflush(stdout);
    return ev.exit_code ? ev.exit_code : kExitErrors;
  }
  if (ev.outcome.skipped) {
    std::printf("SKIP %s\n    skipped: %s\n", head.c_str(), ev.outcome.skipped->c_str());
    std::fflush(stdout);
    return kExitSkipped;
  }

  GoldenRequest gr;
  gr.golden_root = q.golden_root;
  gr.emitter = ev.emitter;
  gr.case_name = c.name;
  gr.actual = ev.text;
  gr.capture_dir = q.store_raw ? q.capture_dir : "";
  gr.accept_command = q.accept_command;
  gr.accept = q.accept;
  // Problems (a timeout, a crash, a disagreeing parser) are never accepted.
  if (!ev.problems.empty()) gr.accept = {};
  GoldenCheck gc = check_golden(gr);
  bool pass = golden_status_ok(gc.status) && ev.problems.empty();

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
  for (const auto& problem : ev.problems) std::printf("    problem: %s\n", problem.c_str());
  if (gc.status == GoldenStatus::Differs || gc.status == GoldenStatus::Accepted) indent_print(gc.diff, "    | ");

  if (!pass || q.keep) {
    std::vector<std::pair<std::string, fs::path>> kept;
    if (write_text(evidence / "actual.txt", ev.text)) kept.emplace_back("actual", evidence / "actual.txt");
    if (!gc.diff.empty() && write_text(evidence / "golden.diff", gc.diff)) kept.emplace_back("diff", evidence / "golden.diff");
    if (write_text(evidence / "diagnostics.txt", ev.diagnostics_text))
      kept.emplace_back("diagnostics", evidence / "diagnostics.txt");
    if (!q.stderr_tail.empty() && write_text(evidence / "stderr-tail.txt", q.stderr_tail))
      kept.emplace_back("stderr tail", evidence / "stderr-tail.txt");
    if (fs::exists(evidence / "external")) kept.emplace_back("external parsers", evidence / "external");
    kept.emplace_back("raw capture", q.capture_dir);
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
    if (q.capture_is_evidence) trim_capture(q.capture_dir);
    else fs::remove_all(q.capture_dir, ec);
  }
  std::fflush(stdout);
  return pass ? kExitOk : kExitErrors;
}

int combine_exit_codes(const std::vector<int>& codes) {
  if (codes.empty()) return kExitUsage;
  bool fail = false, io = false, usage = false, all_skipped = true;
  for (int code : codes) {
    if (code == kExitSkipped) continue;
    all_skipped = false;
    if (code == kExitIo) io = true;
    else if (code == kExitUsage) usage = true;
    else if (code != kExitOk) fail = true;
  }
  if (fail) return kExitErrors;
  if (io) return kExitIo;
  if (usage) return kExitUsage;
  return all_skipped ? kExitSkipped : kExitOk;
}

}  // namespace tc::report
