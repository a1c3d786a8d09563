// tracecheck accept CASE CAPTURE_DIR: accepts a capture made elsewhere (for
// example capture.py run alone on a GPU machine, cases/README.md): evaluates
// it, writes its golden under the emitter its env.json names, and stores its
// raw artifacts for replay (TRACECHECK_UPDATE=new writes only a missing
// golden, =pending a pending one for `tracecheck review`). Under CI it is
// refused unless TRACECHECK_FORCE_UPDATE=1, like every golden write.
//
// tracecheck accept DIR: the same for every case captured in DIR (the
// extracted archives of ci/gpu-capture.sh; case/capture_tree.h says what is
// found). A case captured several times (runN/) is judged and accepted from
// run1 only when every other run renders the same golden, the rule a live
// run follows with its second capture; otherwise it fails ("unstable"),
// names the unstable lines and writes nothing, even where a golden exists.
// Prints each case's report, then one line per case and a summary.
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

#include "case/capture_tree.h"
#include "case/case_loader.h"
#include "case/emitter_id.h"
#include "cli/command.h"
#include "cli/exit_code.h"
#include "golden/accept_policy.h"
#include "golden/golden_store.h"
#include "golden/pending_store.h"
#include "golden/stability.h"
#include "report/case_result.h"
#include "report/evaluate.h"
#include "report/judge.h"

namespace tc::cli {
namespace {
namespace fs = std::filesystem;

struct AcceptOptions {
  std::string target;       // a case name, or (without capture_dir) a folder of captures
  std::string capture_dir;  // "" = tree mode
  std::string emitter;
  std::string work_dir;
};

// An explicit accept writes; TRACECHECK_UPDATE=new or pending narrow it.
bool accept_policy(golden::AcceptDecision& out) {
  golden::AcceptDecision policy = golden::decide_accept(false);
  if (!policy.error.empty()) {
    std::fprintf(stderr, "tracecheck accept: %s\n", policy.error.c_str());
    return false;
  }
  out = policy.mode == golden::UpdateMode::New || policy.mode == golden::UpdateMode::Pending
            ? policy
            : golden::decide_mode(golden::UpdateMode::Always);
  return true;
}

// capture.py makes a folder for each format of the case, traces or not.
bool looks_like_capture_of(const cases::Case& c, const std::string& dir) {
  for (const std::string& format_id : c.formats) {
    if (fs::is_directory(fs::path(dir) / format_id)) continue;
    std::fprintf(stderr, "tracecheck accept: %s has no %s/ folder: not a capture of %s (cases/README.md)\n",
                 dir.c_str(), format_id.c_str(), c.name.c_str());
    return false;
  }
  return true;
}

report::JudgeRequest accept_request(const cases::Case& c, const std::string& capture_dir, const AcceptOptions& o,
                                    const golden::AcceptDecision& policy, const std::string& work_root) {
  report::JudgeRequest q;
  q.c = &c;
  q.capture_dir = fs::absolute(capture_dir).string();
  q.evidence_dir = (fs::path(work_root) / "accept" / c.name).string();
  q.golden_root = golden::default_golden_root();
  if (!o.emitter.empty()) q.emitter = o.emitter;
  q.accept = policy;
  q.pending_root = golden::pending_root(work_root);
  q.work_root = work_root;
  q.store_raw = true;
  q.accept_command = "tracecheck accept " + c.name + " " + capture_dir;
  q.mode = "accept";
  q.capture_is_evidence = false;
  q.keep = true;  // never delete the caller's capture folder
  return q;
}

int accept_capture(const AcceptOptions& o, const golden::AcceptDecision& policy, const std::string& work_root) {
  std::string error;
  auto c = cases::load_case_by_name(cases::default_cases_root(), o.target, error);
  if (!c) {
    std::fprintf(stderr, "tracecheck accept: %s\n", error.c_str());
    return kExitUsage;
  }
  if (!looks_like_capture_of(*c, o.capture_dir)) return kExitIo;
  return exit_code_of(report::judge_capture(accept_request(*c, o.capture_dir, o, policy, work_root)));
}

// The stability rule for captures made elsewhere: every run of the case
// renders what run1 renders. False with `report` naming the unstable lines
// (golden/stability.h) or why a run could not be read.
// `emitter` receives run1's emitter id.
bool runs_agree(const cases::Case& c, const cases::CaseCaptures& cc, const AcceptOptions& o,
                const std::string& work_root, std::string& emitter, std::string& report) {
  std::string first;
  for (size_t i = 0; i < cc.runs.size(); ++i) {
    report::EvaluateOptions options;
    options.work_dir = (fs::path(work_root) / "accept" / c.name / ("run-" + std::to_string(i + 1))).string();
    options.run_external_parsers = false;
    if (!o.emitter.empty()) options.emitter = o.emitter;
    report::Evaluation ev = report::evaluate_capture(c, cc.runs[i], options);
    if (!ev.ok) {
      report = cc.runs[i] + " could not be evaluated: " + ev.error + "; nothing was written\n";
      return false;
    }
    if (i == 0) {
      first = ev.text;
      emitter = ev.emitter;
      continue;
    }
    golden::StabilityReport s = golden::compare_captures(first, ev.text, c.rules);
    if (!s.stable) {
      report = cc.runs.front() + " and " + cc.runs[i] + " render different goldens; nothing was written:\n" + s.report;
      return false;
    }
  }
  return true;
}

int accept_tree(const AcceptOptions& o, const golden::AcceptDecision& policy, const std::string& work_root) {
  if (!fs::is_directory(o.target)) {
    std::fprintf(stderr,
                 "tracecheck accept: %s is not a folder of captures (give CASE CAPTURE_DIR to accept one capture)\n",
                 o.target.c_str());
    return kExitIo;
  }
  const std::string cases_root = cases::default_cases_root();
  cases::CaptureTree tree = cases::find_capture_tree(o.target, cases::list_case_names(cases_root));
  for (const std::string& p : tree.problems) std::printf("PROBLEM %s\n", p.c_str());
  if (tree.cases.empty()) {
    std::fprintf(stderr, "tracecheck accept: no capture of a known case in %s\n", o.target.c_str());
    return kExitIo;
  }
  std::vector<int> codes;
  std::vector<report::CaseResult> results;
  for (const cases::CaseCaptures& cc : tree.cases) {
    std::string error;
    report::CaseResult result;
    result.case_name = cc.case_name;
    auto c = cases::load_case_by_name(cases_root, cc.case_name, error);
    if (!c || !looks_like_capture_of(*c, cc.runs.front())) {
      result.status = "error";
      result.message = c ? "not a capture of this case" : error;
      codes.push_back(c ? kExitIo : kExitUsage);
      results.push_back(result);
      continue;
    }
    if (std::string report; cc.runs.size() > 1 && !runs_agree(*c, cc, o, work_root, result.emitter, report)) {
      std::printf("FAIL %s  (%zu runs, unstable)\n", c->name.c_str(), cc.runs.size());
      for (size_t at = 0; at < report.size();) {
        size_t end = report.find('\n', at);
        if (end == std::string::npos) end = report.size();
        std::printf("    %.*s\n", static_cast<int>(end - at), report.data() + at);
        at = end + 1;
      }
      result.status = "unstable";
      result.message = report;
      codes.push_back(kExitErrors);
      results.push_back(result);
      continue;
    }
    report::JudgeRequest q = accept_request(*c, cc.runs.front(), o, policy, work_root);
    result.exit_code = exit_code_of(report::judge_capture(q, &result));
    codes.push_back(result.exit_code);
    results.push_back(result);
  }
  // One line per case, then the totals.
  std::map<std::string, int> totals;
  std::printf("\naccept %s: %zu case%s\n", o.target.c_str(), results.size(), results.size() == 1 ? "" : "s");
  for (size_t i = 0; i < results.size(); ++i) {
    const report::CaseResult& r = results[i];
    const std::string status = r.status.empty() ? "error" : r.status;
    ++totals[status];
    std::printf("  %-9s %-44s %-20s %zu run%s\n", status.c_str(), r.case_name.c_str(),
                r.emitter.empty() ? "-" : r.emitter.c_str(), tree.cases[i].runs.size(),
                tree.cases[i].runs.size() == 1 ? "" : "s");
  }
  std::string summary;
  for (const auto& [status, n] : totals) summary += (summary.empty() ? "" : ", ") + std::to_string(n) + " " + status;
  if (!tree.problems.empty()) summary += ", " + std::to_string(tree.problems.size()) + " problem(s) above";
  std::printf("summary: %s\n", summary.c_str());
  if (!tree.problems.empty()) codes.push_back(kExitErrors);
  return combine_exit_codes(codes);
}

int accept_command(const AcceptOptions& o) {
  if (!o.emitter.empty() && !cases::is_emitter_id(o.emitter)) {
    std::fprintf(stderr, "tracecheck accept: '%s' is not an emitter id (e.g. torch-2.11.0-cu130)\n", o.emitter.c_str());
    return kExitUsage;
  }
  golden::AcceptDecision policy;
  if (!accept_policy(policy)) return kExitUsage;
  const std::string work_root = o.work_dir.empty() ? report::default_work_root() : o.work_dir;
  return o.capture_dir.empty() ? accept_tree(o, policy, work_root) : accept_capture(o, policy, work_root);
}

TRACECHECK_COMMAND("accept",
                   "Accept a capture made elsewhere (e.g. on a GPU machine) as a case's golden, or every capture "
                   "in a folder",
                   [](CLI::App& sub) -> std::function<int()> {
                     auto o = std::make_shared<AcceptOptions>();
                     sub.add_option("target", o->target,
                                    "A case name (e.g. structured/example_fn) followed by its capture folder; or "
                                    "alone, a folder of captures: <group>/<name>/ at any depth, each a capture or "
                                    "run1/, run2/... captures (ci/gpu-capture.sh's archives, extracted)")
                         ->required();
                     sub.add_option("capture", o->capture_dir, "The folder capture.py --out wrote");
                     sub.add_option("--emitter", o->emitter, "Emitter id; default: from each capture's env.json");
                     sub.add_option("--work-dir", o->work_dir, "Where evidence goes (default <build>/tracecheck-runs)");
                     return [o] { return accept_command(*o); };
                   });

}  // namespace
}  // namespace tc::cli
