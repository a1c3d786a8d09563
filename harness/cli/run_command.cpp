// tracecheck run CASE... : capture each case live in an emitter environment,
// evaluate it and compare it with its golden (report/judge.h). Goldens are
// written as TRACECHECK_UPDATE / --accept say (golden/accept_policy.h), and
// only after a second capture in a fresh process gives the same scrubbed
// result (golden/stability.h).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "case/case_loader.h"
#include "case/shard.h"
#include "cli/command.h"
#include "cli/report_options.h"
#include "cli/exit_code.h"
#include "golden/accept_policy.h"
#include "golden/golden_doc.h"
#include "golden/golden_store.h"
#include "golden/pending_store.h"
#include "golden/stability.h"
#include "report/evaluate.h"
#include "report/judge.h"
#include "report/progress.h"
#include "runner/capture.h"

namespace tc::cli {
namespace {
namespace fs = std::filesystem;

struct RunOptions {
  std::vector<std::string> cases;
  std::string env = "trixie";
  std::string python;
  std::string device = "cpu";
  bool accept = false;
  bool keep = false;
  bool no_provision = false;
  std::string work_dir;
  ReportOptions report;
  std::string shard = "1/1";  // I/N (case/shard.h)
};

// The case's result for the skip check of harness/tests/cases.cmake:
// "pass", "fail", "skip: <reason>" (declared), "skip-env: <why>" (the
// environment is unavailable), "error: <why>".
void write_result(const fs::path& evidence, const std::string& result) {
  std::error_code ec;
  fs::create_directories(evidence, ec);
  std::ofstream(evidence / "result") << result << "\n";
}

std::string self_path() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("tracecheck") : exe.string();
}

// Captures the case into `dir` (emptied first); false with `why` when the
// capture did not run to a judgeable end.
bool capture_into(const cases::Case& c, const RunOptions& o, const std::string& env, const fs::path& dir,
                  runner::CaptureResult& result) {
  runner::CaptureRequest request;
  request.case_file = c.file;
  request.environment = env;
  request.host_python = o.python;
  request.out_dir = dir;
  request.device = o.device;
  request.provision = !o.no_provision;
  std::fflush(stdout);
  result = runner::capture(request);
  return result.ran && !result.skipped;
}

// The stability check (golden/stability.h): a second capture in a fresh
// process and folder, evaluated like the first.
bool second_capture_agrees(const cases::Case& c, const RunOptions& o, const std::string& env, const fs::path& evidence,
                           const std::string& emitter, const std::string& first, std::string& report) {
  fs::path dir = evidence / "capture-2";
  std::printf("    stability: capturing %s a second time before writing\n", c.name.c_str());
  runner::CaptureResult result;
  if (!capture_into(c, o, env, dir, result)) {
    report = "unstable: the second capture did not complete (" +
             (result.skipped ? "skipped: " + result.skip_reason : result.error) + "); nothing was written";
    return false;
  }
  report::EvaluateOptions options;
  options.work_dir = (evidence / "capture-2-work").string();
  options.run_external_parsers = false;
  if (!emitter.empty()) options.emitter = emitter;
  report::Evaluation ev = report::evaluate_capture(c, dir.string(), options);
  if (!ev.ok) {
    report = "unstable: the second capture could not be evaluated: " + ev.error + "; nothing was written";
    return false;
  }
  golden::StabilityReport s = golden::compare_captures(first, ev.text, c.rules);
  report = s.report + (s.stable ? "" : "evidence: " + dir.string() + "\n");
  std::error_code ec;
  if (s.stable) fs::remove_all(dir, ec), fs::remove_all(evidence / "capture-2-work", ec);
  return s.stable;
}

int run_cases(const RunOptions& o) {
  std::string cases_root = cases::default_cases_root();
  std::string env = o.python.empty() ? o.env : "host";
  std::string work_root = o.work_dir.empty() ? report::default_work_root() : o.work_dir;
  golden::AcceptDecision accept = golden::decide_accept(o.accept);
  if (!accept.error.empty()) {
    std::fprintf(stderr, "tracecheck run: %s\n", accept.error.c_str());
    return kExitUsage;
  }
  std::vector<int> codes;
  report::RunReport run_report;
  cases::Shard shard;
  if (std::string why; !cases::parse_shard(o.shard, shard, why)) {
    std::fprintf(stderr, "tracecheck run: --shard: %s\n", why.c_str());
    return kExitUsage;
  }
  size_t broken_case_files = 0;
  std::vector<cases::Case> loaded_cases =
      cases::select_shard(cases::load_cases_reporting(cases_root, o.cases, broken_case_files), shard);
  codes.insert(codes.end(), broken_case_files, kExitUsage);
  report::Progress progress(loaded_cases.size());
  for (const cases::Case& loaded : loaded_cases) {
    const cases::Case& pinned_case = loaded;
    // A case may pin its environment (case.h): "host" runs Debian's python3.
    RunOptions case_options = o;
    std::string case_env = env;
    if (!pinned_case.environment.empty() && pinned_case.environment != env) {
      case_env = pinned_case.environment;
      case_options.env = case_env;
      case_options.python = case_env == "host" ? (o.python.empty() ? "/usr/bin/python3" : o.python) : "";
    }
    const cases::Case* c = &loaded;
    progress.start(c->name);
    fs::path evidence = fs::path(work_root) / "live" / case_env / c->name;
    fs::path capture_dir = evidence / "capture";
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(evidence, ec))
      if (e.path().filename() != "capture") fs::remove_all(e.path(), ec);

    runner::CaptureResult result;
    auto capture_started = std::chrono::steady_clock::now();
    capture_into(*c, case_options, case_env, capture_dir, result);
    double capture_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - capture_started).count();
    progress.clear();
    report::CaseResult cr;
    cr.case_name = c->name;
    cr.mode = "live";
    // The capture step's own share: all but the workload process's lifetime.
    cr.harness_seconds = std::max(0.0, capture_s - result.wall_s);
    if (!result.ran) {
      int code = unavailable_exit_code();
      std::printf("%s %s  environment %s\n    %s%s\n", code == kExitSkipped ? "SKIP" : "ERROR", c->name.c_str(),
                  case_env.c_str(), result.error.c_str(),
                  code == kExitSkipped ? "" : "\n    (under CI a missing environment is a failure, not a skip)");
      write_result(evidence, (code == kExitSkipped ? "skip-env: " : "error: ") + result.error);
      codes.push_back(code);
      cr.status = code == kExitSkipped ? "skip" : "error";
      cr.message = result.error;
      cr.exit_code = code;
      run_report.add(cr);
      continue;
    }
    if (result.skipped) {
      std::printf("SKIP %s  (torch %s, %s)\n    skipped: %s\n", c->name.c_str(), result.torch_version.c_str(),
                  case_env.c_str(), result.skip_reason.c_str());
      write_result(evidence, "skip: " + result.skip_reason);
      codes.push_back(kExitSkipped);
      cr.status = "skip";
      cr.message = result.skip_reason;
      cr.exit_code = kExitSkipped;
      run_report.add(cr);
      continue;
    }
    report::JudgeRequest q;
    q.c = &*c;
    q.capture_dir = capture_dir.string();
    q.evidence_dir = evidence.string();
    q.golden_root = golden::default_golden_root();
    q.accept = accept;
    q.store_raw = true;
    q.accept_command = self_path() + " run " + c->name +
                       (case_options.python.empty() ? " --env " + case_env : " --python " + case_options.python) +
                       " --accept";
    q.mode = "live";
    q.stderr_tail = result.stderr_tail;
    if (!result.error.empty()) q.stderr_tail += "\n[capture] " + result.error;
    q.keep = case_options.keep;
    q.work_root = work_root;
    q.pending_root = golden::pending_root(work_root);
    case_options.report.apply(q);
    double second_capture_s = 0;  // another workload run, not the harness's time
    q.second_capture = [&, c, evidence](const std::string& first, std::string& report) {
      std::string emitter;
      if (auto h = golden::parse_golden_header(first)) emitter = h->emitter;
      auto started = std::chrono::steady_clock::now();
      bool agrees = second_capture_agrees(*c, case_options, case_env, evidence, emitter, first, report);
      second_capture_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      return agrees;
    };
    const int code = cr.exit_code = exit_code_of(report::judge_capture(q, &cr));
    cr.harness_seconds = std::max(0.0, cr.harness_seconds - second_capture_s);
    write_result(evidence, code == kExitOk ? "pass" : code == kExitSkipped ? "skip: declared by the capture" : "fail");
    codes.push_back(code);
    run_report.add(cr);
  }
  return o.report.finish(run_report, codes);
}

TRACECHECK_COMMAND(
    "run", "Capture cases live in an emitter environment and compare them with their goldens",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<RunOptions>();
      sub.add_option("cases", o->cases, "Case names (e.g. structured/example_fn); all cases when none");
      sub.add_option("--shard", o->shard,
                     "I/N: only the I-th of N deterministic shares of the cases (sorted names, round-robin)");
      sub.add_option("--env", o->env, "Emitter environment: trixie (torch 2.6.0), sid, or host")
          ->check(CLI::IsMember({"trixie", "sid", "host"}));
      sub.add_option("--python", o->python, "Run on the host with this Python (it must have torch)");
      sub.add_option("--device", o->device, "Device passed to the driver")->check(CLI::IsMember({"cpu", "cuda"}));
      sub.add_flag("--accept", o->accept,
                   "Write goldens and raw artifacts (TRACECHECK_UPDATE=always; also TRACECHECK_ACCEPT=1); "
                   "the workload is captured a second time first and nothing is written unless both agree");
      sub.add_flag("--keep", o->keep, "Keep all evidence in the build tree even when a case passes");
      sub.add_flag("--no-provision", o->no_provision, "Use a ready environment only; never provision one");
      sub.add_option("--work-dir", o->work_dir, "Where captures and evidence go (default <build>/tracecheck-runs)");
      o->report.add_to(sub);
      return [o] { return run_cases(*o); };
    });

}  // namespace
}  // namespace tc::cli
