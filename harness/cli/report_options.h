// Options every command that judges cases shares (run, replay): how diffs
// are shown and which report files are written, and the end of such a run:
// the terminal summary, the report files and the exit code.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "golden/diff_color.h"
#include "report/judge.h"
#include "report/run_report.h"

namespace tc::cli {

struct ReportOptions {
  std::string diff = "records";
  std::string color = "auto";
  std::string json_file;
  std::string junit_file;

  void add_to(CLI::App& sub) {
    sub.add_option("--diff", diff,
                   "How a differing golden is shown: records (aligned by record kind and compile "
                   "id, the default) or unified (bounded line diff)")
        ->check(CLI::IsMember({"records", "unified"}));
    sub.add_option("--color", color, "Colour diffs: auto (a tty, unless NO_COLOR is set), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    sub.add_option("--report-json", json_file, "Write a JSON summary of the run to this file");
    sub.add_option("--junit", junit_file, "Write JUnit XML (one testcase per case) to this file");
  }
  void apply(report::JudgeRequest& q) const {
    q.diff_mode = diff;
    q.color = golden::use_color(color);
  }
  // Prints the summary (failures, pending goldens, dead rules), writes the
  // files and folds the exit codes.
  int finish(const report::RunReport& r, const std::vector<int>& codes) const {
    r.print_summary(stdout);
    std::fflush(stdout);
    bool ok = report::write_reports(r, json_file, junit_file);
    int code = report::combine_exit_codes(codes);
    return ok || code != 0 ? code : 3;
  }
};

}  // namespace tc::cli
