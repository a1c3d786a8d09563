// tracecheck conform --emitter 'CMD ARGS' --artifact GLOB [--format F]
//                    [--profile P]... [--rules R] [--emitter-id ID] [--name N]
//                    [--golden FILE [--accept]] [--work-dir DIR] [--timeout S]
//
// Runs an emitter in a fresh folder, checks the artifacts it wrote
// (report/conform.h) and prints every finding and one verdict line per
// profile. With --golden, the whole report (the golden document: outcome,
// diagnostics per profile, canonical trace) is compared with FILE; writing
// it follows the update policy (golden/accept_policy.h: --accept,
// TRACECHECK_UPDATE, refused under CI). Exit: 0 pass, 1 errors or a golden
// mismatch, 2 usage, 3 the emitter could not be run or wrote nothing.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/exit_code.h"
#include "golden/accept_policy.h"
#include "golden/unified_diff.h"
#include "io/file.h"
#include "report/conform.h"

namespace tc::cli {
namespace {

struct ConformOptions {
  report::ConformRequest request;
  std::vector<std::string> profiles;
  std::string golden;
  bool accept = false;
};

int compare_golden(const ConformOptions& o, const std::string& actual) {
  golden::AcceptDecision accept = golden::decide_accept(o.accept);
  if (!accept.error.empty()) {
    std::fprintf(stderr, "tracecheck conform: %s\n", accept.error.c_str());
    return kExitUsage;
  }
  std::optional<std::string> expected = io::read_file(o.golden);
  if (expected && *expected == actual) {
    std::printf("golden %s: match\n", o.golden.c_str());
    return kExitOk;
  }
  bool may_write = accept.allowed &&
                   (accept.mode == golden::UpdateMode::Always || (accept.mode == golden::UpdateMode::New && !expected));
  if (may_write) {
    std::string error;
    if (!io::write_file_atomic(o.golden, actual, error)) {
      std::fprintf(stderr, "tracecheck conform: %s\n", error.c_str());
      return kExitIo;
    }
    std::printf("golden %s: %s\n", o.golden.c_str(), expected ? "updated" : "written");
    return kExitOk;
  }
  if (accept.requested && !accept.allowed) std::fprintf(stderr, "tracecheck conform: %s\n", accept.refusal.c_str());
  if (!expected) {
    std::printf("golden %s: missing; create it with --accept\n", o.golden.c_str());
  } else {
    std::printf("golden %s: differs (accept with --accept)\n%s", o.golden.c_str(),
                golden::unified_diff(*expected, actual, o.golden, "actual").c_str());
  }
  return kExitErrors;
}

int run_conform_command(ConformOptions o) {
  o.request.profiles = o.profiles;
  if (o.request.work_dir.empty()) o.request.work_dir = "tracecheck-conform/work";
  report::ConformResult r = report::run_conform(o.request);
  if (!r.ok) {
    std::fprintf(stderr, "tracecheck conform: %s\n", r.error.c_str());
    return r.artifacts.empty() ? kExitIo : kExitErrors;
  }
  const report::Evaluation& ev = r.evaluation;
  std::fwrite(ev.diagnostics_text.data(), 1, ev.diagnostics_text.size(), stdout);
  bool failed = false;
  for (const auto& p : ev.doc.profiles) {
    std::printf("%s: %s (%llu errors, %llu warnings)\n", p.profile.c_str(), p.errors ? "FAIL" : "pass",
                static_cast<unsigned long long>(p.errors), static_cast<unsigned long long>(p.warnings));
    failed = failed || p.errors > 0;
  }
  for (const std::string& problem : ev.problems) std::printf("problem: %s\n", problem.c_str());
  if (!o.golden.empty()) return compare_golden(o, ev.text);
  return failed || !ev.problems.empty() ? kExitErrors : kExitOk;
}

TRACECHECK_COMMAND(
    "conform", "Run an emitter, check the traces it writes, and compare the report with a golden",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<ConformOptions>();
      sub.add_option("--emitter", o->request.command, "The emitter's command line (run by /bin/sh)")->required();
      sub.add_option("--artifact", o->request.artifact_glob, "Glob of the files it writes, relative to its folder")
          ->required();
      sub.add_option("--format", o->request.format, "Trace format (default: detected)");
      sub.add_option("--profile", o->profiles, "Consumer profile (repeatable; default: the format's consumers)");
      sub.add_option("--rules", o->request.rules, "Scrub rule set for the golden (default: the format's)");
      sub.add_option("--emitter-id", o->request.emitter, "Emitter id written in the golden (default: emitter)");
      sub.add_option("--name", o->request.name, "Name written in the golden (default: conform/emitter)");
      sub.add_option("--golden", o->golden, "Compare the report with this file");
      sub.add_flag("--accept", o->accept, "Write the golden (refused under CI)");
      sub.add_option("--work-dir", o->request.work_dir, "Folder the emitter runs in (made fresh)");
      sub.add_option("--timeout", o->request.timeout_s, "Seconds before the emitter is killed (default 300)");
      return [o] { return run_conform_command(*o); };
    });

}  // namespace
}  // namespace tc::cli
