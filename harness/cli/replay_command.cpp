// tracecheck replay CASE... [--emitter torch-X.Y.Z]: re-runs reader, checks,
// scrub and compare on the raw artifacts stored beside each golden, without
// torch. Without --emitter, every emitter that holds a golden for the case.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "case/case_loader.h"
#include "case/emitter_id.h"
#include "cli/command.h"
#include "diag/exit_code.h"
#include "golden/accept_policy.h"
#include "golden/golden_store.h"
#include "golden/raw_artifacts.h"
#include "report/judge.h"

namespace tc::cli {
namespace {
namespace fs = std::filesystem;

struct ReplayOptions {
  std::vector<std::string> cases;
  std::string emitter;
  bool accept = false;
  bool keep = false;
  std::string work_dir;
};

int replay_one(const cases::Case& c, const std::string& emitter, const ReplayOptions& o,
               const golden::AcceptDecision& accept) {
  std::string root = golden::default_golden_root();
  std::string raw = golden::raw_path(root, emitter, c.name);
  std::string work_root = o.work_dir.empty() ? report::default_work_root() : o.work_dir;
  fs::path evidence = fs::path(work_root) / "replay" / emitter / c.name;
  std::error_code ec;
  fs::remove_all(evidence, ec);
  if (!fs::exists(golden::golden_path(root, emitter, c.name))) {
    std::printf("FAIL %s  %s (replay)\n    %s\n", c.name.c_str(), emitter.c_str(),
                golden::emitter_has_goldens(root, emitter)
                    ? ("missing golden " + golden::golden_path(root, emitter, c.name) +
                       "; replay needs one accepted from a live run").c_str()
                    : ("no golden for " + emitter).c_str());
    return kExitErrors;
  }
  std::string error;
  fs::path capture = evidence / "capture";
  if (!golden::restore_raw(raw, capture.string(), error)) {
    std::printf("FAIL %s  %s (replay)\n    %s; accept the case live to store them\n", c.name.c_str(),
                emitter.c_str(), error.c_str());
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
  int code = report::judge_capture(q);
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
  std::vector<int> codes;
  for (const cases::Case& loaded : cases::load_cases_reporting(cases_root, o.cases, codes)) {
    const cases::Case* c = &loaded;
    std::vector<std::string> emitters =
        o.emitter.empty() ? golden::emitters_with_golden(golden::default_golden_root(), c->name)
                          : std::vector<std::string>{o.emitter};
    if (emitters.empty()) {
      std::printf("FAIL %s  (replay)\n    no golden for %s under %s; accept one from a live run first\n",
                  c->name.c_str(), c->name.c_str(), golden::default_golden_root().c_str());
      codes.push_back(kExitErrors);
      continue;
    }
    for (const std::string& e : emitters) codes.push_back(replay_one(*c, e, o, accept));
  }
  return report::combine_exit_codes(codes);
}

TRACECHECK_COMMAND(
    "replay", "Re-check the raw artifacts stored beside goldens (no torch needed)",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<ReplayOptions>();
      sub.add_option("cases", o->cases, "Case names; all cases when none");
      sub.add_option("--emitter", o->emitter, "Only this emitter (e.g. torch-2.6.0); default: every stored one");
      sub.add_flag("--accept", o->accept,
                   "Rewrite the goldens from the stored artifacts (after a scrubber or check change)");
      sub.add_flag("--keep", o->keep, "Keep the evidence even when a case passes");
      sub.add_option("--work-dir", o->work_dir, "Where evidence goes (default <build>/tracecheck-runs)");
      return [o] { return replay_cases(*o); };
    });

}  // namespace
}  // namespace tc::cli
