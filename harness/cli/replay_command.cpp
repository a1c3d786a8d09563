// tracecheck replay CASE... [--emitter torch-X.Y.Z]: re-runs reader, checks,
// scrub and compare on the raw artifacts stored beside each golden, without
// torch. Without --emitter, every emitter that holds a golden for the case.
// Goldens are written as TRACECHECK_UPDATE / --accept say; the stored
// artifacts are the input, so no second capture is needed to trust them.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "case/case_loader.h"
#include "case/shard.h"
#include "case/emitter_id.h"
#include "cli/command.h"
#include "cli/report_options.h"
#include "cli/exit_code.h"
#include "golden/accept_policy.h"
#include "golden/golden_store.h"
#include "golden/pending_store.h"
#include "golden/raw_artifacts.h"
#include "golden/usage_log.h"
#include "report/judge.h"
#include "report/progress.h"

namespace tc::cli {
namespace {
namespace fs = std::filesystem;

struct ReplayOptions {
  std::vector<std::string> cases;
  std::string emitter;
  bool accept = false;
  bool keep = false;
  std::string work_dir;
  ReportOptions report;
  std::string shard = "1/1";  // I/N (case/shard.h)
};

int replay_one(const cases::Case& c, const std::string& emitter, const ReplayOptions& o,
               const golden::AcceptDecision& accept, report::CaseResult& cr) {
  cr.case_name = c.name;
  cr.emitter = emitter;
  cr.mode = "replay";
  cr.status = "fail";
  cr.exit_code = kExitErrors;
  std::string root = golden::default_golden_root();
  std::string raw = golden::raw_path(root, emitter, c.name);
  std::string work_root = o.work_dir.empty() ? report::default_work_root() : o.work_dir;
  fs::path evidence = fs::path(work_root) / "replay" / emitter / c.name;
  std::error_code ec;
  fs::remove_all(evidence, ec);
  golden::record_use(work_root, emitter, c.name);
  if (!fs::exists(golden::golden_path(root, emitter, c.name)) && !fs::is_directory(raw)) {
    cr.message = golden::emitter_has_goldens(root, emitter)
                     ? "missing golden " + golden::golden_path(root, emitter, c.name) +
                           "; replay needs one accepted from a live run"
                     : "no golden for " + emitter;
    cr.golden_status = "missing";
    std::printf("FAIL %s  %s (replay)\n    %s\n", c.name.c_str(), emitter.c_str(), cr.message.c_str());
    return kExitErrors;
  }
  std::string error;
  fs::path capture = evidence / "capture";
  if (!golden::restore_raw(raw, capture.string(), error)) {
    std::printf("FAIL %s  %s (replay)\n    %s; accept the case live to store them\n", c.name.c_str(), emitter.c_str(),
                error.c_str());
    cr.message = error;
    return kExitErrors;
  }
  report::JudgeRequest q;
  q.c = &c;
  q.capture_dir = capture.string();
  q.evidence_dir = evidence.string();
  q.golden_root = root;
  q.emitter = emitter;
  q.accept = accept;
  q.store_raw = false;  // the stored artifacts are the input: never rewrite them from themselves
  q.accept_command = "tracecheck replay " + c.name + " --emitter " + emitter + " --accept";
  q.mode = "replay";
  q.keep = o.keep;
  q.capture_is_evidence = false;
  q.raw_shown = raw;
  q.work_root = work_root;
  q.pending_root = golden::pending_root(work_root);
  o.report.apply(q);
  const int code = cr.exit_code = exit_code_of(report::judge_capture(q, &cr));
  if (code == kExitOk && !o.keep) fs::remove_all(evidence, ec);
  return code;
}

int replay_cases(const ReplayOptions& o) {
  if (!o.emitter.empty() && !cases::is_emitter_id(o.emitter)) {
    std::fprintf(stderr, "tracecheck replay: '%s' is not an emitter id (e.g. torch-2.6.0)\n", o.emitter.c_str());
    return kExitUsage;
  }
  std::string cases_root = cases::default_cases_root();
  golden::AcceptDecision accept = golden::decide_accept(o.accept);
  if (!accept.error.empty()) {
    std::fprintf(stderr, "tracecheck replay: %s\n", accept.error.c_str());
    return kExitUsage;
  }
  std::vector<int> codes;
  report::RunReport run_report;
  std::vector<std::pair<const cases::Case*, std::string>> jobs;
  cases::Shard shard;
  if (std::string why; !cases::parse_shard(o.shard, shard, why)) {
    std::fprintf(stderr, "tracecheck replay: --shard: %s\n", why.c_str());
    return kExitUsage;
  }
  size_t broken_case_files = 0;
  std::vector<cases::Case> loaded_cases =
      cases::select_shard(cases::load_cases_reporting(cases_root, o.cases, broken_case_files), shard);
  codes.insert(codes.end(), broken_case_files, kExitUsage);
  for (const cases::Case& c : loaded_cases) {
    std::vector<std::string> emitters = o.emitter.empty()
                                            ? golden::emitters_with_golden(golden::default_golden_root(), c.name)
                                            : std::vector<std::string>{o.emitter};
    if (emitters.empty()) {
      // Without --emitter, a case with no golden anywhere is reported only
      // when it was named: replaying "all cases" covers the stored ones.
      if (!o.cases.empty()) {
        std::printf("FAIL %s  (replay)\n    no golden for %s under %s; accept one from a live run first\n",
                    c.name.c_str(), c.name.c_str(), golden::default_golden_root().c_str());
        codes.push_back(kExitErrors);
        report::CaseResult missing;
        missing.case_name = c.name;
        missing.mode = "replay";
        missing.status = "fail";
        missing.golden_status = "missing";
        missing.message = "no golden";
        missing.exit_code = kExitErrors;
        missing.rule_set = c.rules;
        run_report.add(std::move(missing));
      }
      continue;
    }
    for (const std::string& e : emitters) jobs.emplace_back(&c, e);
  }
  report::Progress progress(jobs.size());
  for (const auto& [c, e] : jobs) {
    progress.start(c->name + " " + e);
    progress.clear();
    report::CaseResult cr;
    cr.rule_set = c->rules;
    codes.push_back(replay_one(*c, e, o, accept, cr));
    run_report.add(cr);
  }
  if (codes.empty()) {
    std::printf("no stored golden to replay under %s\n", golden::default_golden_root().c_str());
    return kExitSkipped;
  }
  return o.report.finish(run_report, codes);
}

TRACECHECK_COMMAND("replay", "Re-check the raw artifacts stored beside goldens (no torch needed)",
                   [](CLI::App& sub) -> std::function<int()> {
                     auto o = std::make_shared<ReplayOptions>();
                     sub.add_option("cases", o->cases, "Case names; all cases when none");
                     sub.add_option("--shard", o->shard,
                                    "I/N: only the I-th of N deterministic shares of the cases (sorted names, "
                                    "round-robin)");
                     sub.add_option("--emitter", o->emitter,
                                    "Only this emitter (e.g. torch-2.6.0); default: every stored one");
                     sub.add_flag("--accept", o->accept,
                                  "Rewrite the goldens from the stored artifacts (after a scrubber or check change)");
                     sub.add_flag("--keep", o->keep, "Keep the evidence even when a case passes");
                     sub.add_option("--work-dir", o->work_dir, "Where evidence goes (default <build>/tracecheck-runs)");
                     o->report.add_to(sub);
                     return [o] { return replay_cases(*o); };
                   });

}  // namespace
}  // namespace tc::cli
