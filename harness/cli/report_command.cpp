// tracecheck report [--merge] A.json B.json ... [--junit OUT.xml] [--report-json OUT.json]
// [--html OUT.html [--drift FROM TO]]: merges the JSON summaries of several runs (e.g. CI
// shards, each written with run/replay --report-json) into one: the terminal
// summary, and the merged JSON, JUnit and HTML page (report/html_report.h)
// when asked. Exit: 0 when every merged case passed
// or skipped, 1 when one failed, 2 usage, 3 an input that cannot be read or
// is not a report.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "case/emitter_id.h"
#include "cli/command.h"
#include "cli/exit_code.h"
#include "golden/golden_store.h"
#include "io/file.h"
#include "report/run_report.h"

namespace tc::cli {
namespace {

struct ReportCommandOptions {
  std::vector<std::string> merge, reports;
  std::string json_file, junit_file, html_file;
  std::vector<std::string> drift;  // FROM TO
};

int run_report(const ReportCommandOptions& o) {
  report::RunReport merged;
  std::vector<std::string> inputs = o.merge;
  inputs.insert(inputs.end(), o.reports.begin(), o.reports.end());
  if (inputs.empty()) {
    std::fprintf(stderr, "tracecheck report: name the JSON reports to read (run/replay --report-json)\n");
    return kExitUsage;
  }
  for (const std::string& file : inputs) {
    auto text = io::read_file(file);
    std::string error;
    if (!text) {
      std::fprintf(stderr, "tracecheck report: cannot read %s\n", file.c_str());
      return kExitIo;
    }
    if (!merged.merge_json(*text, error)) {
      std::fprintf(stderr, "tracecheck report: %s: %s\n", file.c_str(), error.c_str());
      return kExitIo;
    }
  }
  for (const std::string& emitter : o.drift)
    if (!std::filesystem::is_directory(golden::default_golden_root() + "/" + emitter)) {
      std::fprintf(stderr, "tracecheck report: --drift: no golden set for %s under %s\n", emitter.c_str(),
                   golden::default_golden_root().c_str());
      return kExitUsage;
    }
  merged.print_summary(stdout);
  std::fflush(stdout);
  if (!report::write_reports(merged, o.json_file, o.junit_file, o.html_file, o.drift)) return kExitIo;
  for (const auto& c : merged.cases())
    if (c.status != "pass" && c.status != "accepted" && c.status != "skip") return kExitErrors;
  return kExitOk;
}

}  // namespace

TRACECHECK_COMMAND(
    "report", "Merge the JSON reports of several runs (e.g. CI shards) into one summary, JUnit or HTML page",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<ReportCommandOptions>();
      sub.add_option("reports", o->reports, "JSON reports written by run/replay --report-json");
      sub.add_option("--merge", o->merge, "JSON reports written by run/replay --report-json (as the positional ones)");
      sub.add_option("--junit", o->junit_file, "Write the merged JUnit XML here");
      sub.add_option("--html", o->html_file, "Write the report as one self-contained HTML page here");
      sub.add_option("--report-json", o->json_file, "Write the merged JSON report here");
      sub.add_option("--drift", o->drift,
                     "The two emitters the HTML page's drift view compares, FROM TO (default: the two newest "
                     "torch golden sets)")
          ->expected(2)
          ->check([](const std::string& id) {
            return cases::is_emitter_id(id) ? std::string() : "not an emitter id (e.g. torch-2.6.0): " + id;
          });
      return [o] { return run_report(*o); };
    });

}  // namespace tc::cli
