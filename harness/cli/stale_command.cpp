// tracecheck stale [--emitter E] [--work-dir W] [--clear]: lists, per
// emitter, the golden files and stored raw-artifact folders that no case
// used in the last full run. Every run and replay records the goldens it
// used below <work dir>/used/ (golden/usage_log.h), one file per process,
// so the record of a `ctest -j` run is the union of its processes; ctest
// clears it first (the golden/used-reset fixture).
// Exit: 0 nothing stale, 1 stale files listed, 3 no run recorded.
#include <cstdio>
#include <set>
#include <string>

#include "case/emitter_id.h"
#include "cli/command.h"
#include "cli/exit_code.h"
#include "golden/golden_store.h"
#include "golden/usage_log.h"
#include "report/judge.h"

namespace tc::cli {
namespace {

struct StaleOptions {
  std::string emitter;
  std::string work_dir;
  bool clear = false;
};

int run_stale(const StaleOptions& o) {
  std::string work_root = o.work_dir.empty() ? report::default_work_root() : o.work_dir;
  if (o.clear) {
    golden::clear_uses(work_root);
    std::printf("cleared the record of used goldens in %s/used\n", work_root.c_str());
    return kExitOk;
  }
  if (!o.emitter.empty() && !cases::is_emitter_id(o.emitter)) {
    std::fprintf(stderr, "tracecheck stale: '%s' is not an emitter id\n", o.emitter.c_str());
    return kExitUsage;
  }
  std::set<std::pair<std::string, std::string>> uses;
  if (!golden::read_uses(work_root, uses)) {
    std::fprintf(stderr,
                 "tracecheck stale: no run recorded in %s/used; run the suite (ctest, or tracecheck replay) first\n",
                 work_root.c_str());
    return kExitIo;
  }
  std::string root = golden::default_golden_root();
  std::vector<golden::StaleItem> stale = golden::find_stale(root, uses);
  size_t shown = 0;
  std::string current;
  for (const auto& s : stale) {
    if (!o.emitter.empty() && s.emitter != o.emitter) continue;
    if (s.emitter != current) std::printf("%s:\n", s.emitter.c_str()), current = s.emitter;
    std::printf("  %-6s %s  %s\n", s.raw ? "raw" : "golden", s.case_name.c_str(), s.path.c_str());
    ++shown;
  }
  std::printf("%zu stale file(s) under %s (%zu golden(s) used in the last run)\n", shown, root.c_str(), uses.size());
  return shown > 0 ? kExitErrors : kExitOk;
}

}  // namespace

TRACECHECK_COMMAND("stale", "List goldens and stored raw artifacts that no case used in the last full run",
                   [](CLI::App& sub) -> std::function<int()> {
                     auto o = std::make_shared<StaleOptions>();
                     sub.add_option("--emitter", o->emitter, "Only this emitter");
                     sub.add_option("--work-dir", o->work_dir,
                                    "The run's work folder (default <build>/tracecheck-runs)");
                     sub.add_flag("--clear", o->clear, "Forget the recorded uses (start a new full run)");
                     return [o] { return run_stale(*o); };
                   });

}  // namespace tc::cli
