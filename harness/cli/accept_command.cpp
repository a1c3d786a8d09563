// tracecheck accept CASE CAPTURE_DIR: accepts a capture made elsewhere (for
// example capture.py run alone on a GPU machine, cases/README.md): evaluates
// it, writes its golden under the emitter its env.json names, and stores its
// raw artifacts for replay (TRACECHECK_UPDATE=new writes only a missing
// golden, =pending a pending one for `tracecheck review`). Under CI it is
// refused unless TRACECHECK_FORCE_UPDATE=1, like every golden write.
#include <cstdio>
#include <filesystem>
#include <string>

#include "case/case_loader.h"
#include "case/emitter_id.h"
#include "cli/command.h"
#include "diag/exit_code.h"
#include "golden/accept_policy.h"
#include "golden/golden_store.h"
#include "golden/pending_store.h"
#include "report/judge.h"

namespace tc::cli {
namespace {
namespace fs = std::filesystem;

struct AcceptOptions {
  std::string case_name;
  std::string capture_dir;
  std::string emitter;
  std::string work_dir;
};

int accept_capture(const AcceptOptions& o) {
  if (!o.emitter.empty() && !cases::is_emitter_id(o.emitter)) {
    std::fprintf(stderr, "tracecheck accept: '%s' is not an emitter id (e.g. torch-2.11.0-cu130)\n", o.emitter.c_str());
    return kExitUsage;
  }
  std::string error;
  auto c = cases::load_case_by_name(cases::default_cases_root(), o.case_name, error);
  if (!c) {
    std::fprintf(stderr, "tracecheck accept: %s\n", error.c_str());
    return kExitUsage;
  }
  // capture.py makes a folder for each format of the case, traces or not.
  for (const std::string& format_id : c->formats) {
    if (fs::is_directory(fs::path(o.capture_dir) / format_id)) continue;
    std::fprintf(stderr, "tracecheck accept: %s has no %s/ folder: not a capture of %s (cases/README.md)\n",
                 o.capture_dir.c_str(), format_id.c_str(), c->name.c_str());
    return kExitIo;
  }
  std::string work_root = o.work_dir.empty() ? report::default_work_root() : o.work_dir;
  report::JudgeRequest q;
  q.c = &*c;
  q.capture_dir = fs::absolute(o.capture_dir).string();
  q.evidence_dir = (fs::path(work_root) / "accept" / c->name).string();
  q.golden_root = golden::default_golden_root();
  if (!o.emitter.empty()) q.emitter = o.emitter;
  // An explicit accept writes; TRACECHECK_UPDATE=new or pending narrow it.
  golden::AcceptDecision policy = golden::decide_accept(false);
  if (!policy.error.empty()) {
    std::fprintf(stderr, "tracecheck accept: %s\n", policy.error.c_str());
    return kExitUsage;
  }
  q.accept = policy.mode == golden::UpdateMode::New || policy.mode == golden::UpdateMode::Pending
                 ? policy
                 : golden::decide_mode(golden::UpdateMode::Always);
  q.pending_root = golden::pending_root(work_root);
  q.work_root = work_root;
  q.store_raw = true;
  q.accept_command = "tracecheck accept " + c->name + " " + o.capture_dir;
  q.mode = "accept";
  q.capture_is_evidence = false;
  q.keep = true;  // never delete the caller's capture folder
  return report::judge_capture(q);
}

TRACECHECK_COMMAND("accept", "Accept a capture folder made elsewhere (e.g. on a GPU machine) as a case's golden",
                   [](CLI::App& sub) -> std::function<int()> {
                     auto o = std::make_shared<AcceptOptions>();
                     sub.add_option("case", o->case_name, "Case name (e.g. structured/example_fn)")->required();
                     sub.add_option("capture", o->capture_dir, "The folder capture.py --out wrote")->required();
                     sub.add_option("--emitter", o->emitter, "Emitter id; default: from the capture's env.json");
                     sub.add_option("--work-dir", o->work_dir, "Where evidence goes (default <build>/tracecheck-runs)");
                     return [o] { return accept_capture(*o); };
                   });

}  // namespace
}  // namespace tc::cli
