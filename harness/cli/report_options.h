// Options every command that judges cases shares (run, replay): how diffs
// are shown, which golden a case is judged against (--baseline, report/
// baseline.h) and which report files are written, and the end of such a run:
// the terminal summary, the report files and the exit code.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "case/emitter_id.h"
#include "golden/accept_policy.h"
#include "golden/diff_color.h"
#include "report/judge.h"
#include "report/run_report.h"

namespace tc::cli {

struct ReportOptions {
  std::string diff = "records";
  std::string color = "auto";
  std::string json_file;
  std::string junit_file;
  std::string html_file;
  std::string baseline;

  void add_to(CLI::App& sub) {
    sub.add_option("--baseline", baseline,
                   "Judge each case against this emitter's golden (e.g. torch-2.6.0) instead of its own: the "
                   "drift and the record-aligned diff are shown, and only a new defect (an error the baseline's "
                   "golden does not have) fails. Outside CI an emitter with no golden set gets the nearest older "
                   "set of its tool as its baseline")
        ->check([](const std::string& id) {
          return cases::is_emitter_id(id) ? std::string() : "not an emitter id (e.g. torch-2.6.0): " + id;
        });
    sub.add_option("--diff", diff,
                   "How a differing golden is shown: records (aligned by record kind and compile "
                   "id, the default) or unified (bounded line diff)")
        ->check(CLI::IsMember({"records", "unified"}));
    sub.add_option("--color", color, "Colour diffs: auto (a tty, unless NO_COLOR is set), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    sub.add_option("--report-json", json_file, "Write a JSON summary of the run to this file");
    sub.add_option("--junit", junit_file, "Write JUnit XML (one testcase per case) to this file");
    sub.add_option("--html", html_file,
                   "Write the conformance report as one self-contained HTML page (matrix, cases, findings, diffs)");
  }
  void apply(report::JudgeRequest& q) const {
    q.diff_mode = diff;
    q.color = golden::use_color(color);
    q.baseline = baseline;
    q.baseline_when_new = !golden::env_flag("CI");
  }
  // Prints the summary (failures, pending goldens, dead rules), writes the
  // files and folds the exit codes.
  int finish(const report::RunReport& r, const std::vector<int>& codes) const {
    r.print_summary(stdout);
    std::fflush(stdout);
    bool ok = report::write_reports(r, json_file, junit_file, html_file);
    int code = combine_exit_codes(codes);
    return ok || code != 0 ? code : 3;
  }
};

}  // namespace tc::cli
