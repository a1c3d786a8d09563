// tracecheck run CASE... : capture each case live in an emitter environment,
// evaluate it and compare it with its golden (report/judge.h).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "case/case_loader.h"
#include "cli/command.h"
#include "diag/exit_code.h"
#include "golden/accept_policy.h"
#include "golden/golden_store.h"
#include "report/judge.h"
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

int run_cases(const RunOptions& o) {
  std::string cases_root = cases::default_cases_root();
  std::string env = o.python.empty() ? o.env : "host";
  std::string work_root = o.work_dir.empty() ? report::default_work_root() : o.work_dir;
  golden::AcceptDecision accept = golden::decide_accept(o.accept);
  std::vector<int> codes;
  for (const cases::Case& loaded : cases::load_cases_reporting(cases_root, o.cases, codes)) {
    const cases::Case* c = &loaded;
    fs::path evidence = fs::path(work_root) / "live" / env / c->name;
    fs::path capture_dir = evidence / "capture";
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(evidence, ec))
      if (e.path().filename() != "capture") fs::remove_all(e.path(), ec);

    runner::CaptureRequest request;
    request.case_file = c->file;
    request.environment = env;
    request.host_python = o.python;
    request.out_dir = capture_dir;
    request.device = o.device;
    request.provision = !o.no_provision;
    std::fflush(stdout);
    runner::CaptureResult result = runner::capture(request);
    if (!result.ran) {
      int code = runner::unavailable_exit_code();
      std::printf("%s %s  environment %s\n    %s%s\n", code == kExitSkipped ? "SKIP" : "ERROR", c->name.c_str(),
                  env.c_str(), result.error.c_str(),
                  code == kExitSkipped ? "" : "\n    (under CI a missing environment is a failure, not a skip)");
      write_result(evidence, (code == kExitSkipped ? "skip-env: " : "error: ") + result.error);
      codes.push_back(code);
      continue;
    }
    if (result.skipped) {
      std::printf("SKIP %s  (torch %s, %s)\n    skipped: %s\n", c->name.c_str(), result.torch_version.c_str(),
                  env.c_str(), result.skip_reason.c_str());
      write_result(evidence, "skip: " + result.skip_reason);
      codes.push_back(kExitSkipped);
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
                       (o.python.empty() ? " --env " + env : " --python " + o.python) + " --accept";
    q.mode = "live";
    q.stderr_tail = result.stderr_tail;
    if (!result.error.empty()) q.stderr_tail += "\n[capture] " + result.error;
    q.keep = o.keep;
    int code = report::judge_capture(q);
    write_result(evidence, code == kExitOk ? "pass" : code == kExitSkipped ? "skip: declared by the capture" : "fail");
    codes.push_back(code);
  }
  return report::combine_exit_codes(codes);
}

TRACECHECK_COMMAND(
    "run", "Capture cases live in an emitter environment and compare them with their goldens",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<RunOptions>();
      sub.add_option("cases", o->cases, "Case names (e.g. structured/example_fn); all cases when none");
      sub.add_option("--env", o->env, "Emitter environment: trixie (torch 2.6.0), sid, or host")
          ->check(CLI::IsMember({"trixie", "sid", "host"}));
      sub.add_option("--python", o->python, "Run on the host with this Python (it must have torch)");
      sub.add_option("--device", o->device, "Device passed to the driver")->check(CLI::IsMember({"cpu", "cuda"}));
      sub.add_flag("--accept", o->accept, "Write goldens and raw artifacts (also TRACECHECK_ACCEPT=1)");
      sub.add_flag("--keep", o->keep, "Keep all evidence in the build tree even when a case passes");
      sub.add_flag("--no-provision", o->no_provision, "Use a ready environment only; never provision one");
      sub.add_option("--work-dir", o->work_dir, "Where captures and evidence go (default <build>/tracecheck-runs)");
      return [o] { return run_cases(*o); };
    });

}  // namespace
}  // namespace tc::cli
