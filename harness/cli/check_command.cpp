// tracecheck check [--profile P] [--format ID] [--werror] [--output text|json] FILE...
//
// Detects each input's format (formats::registry::detect_format; --format overrides):
// a TORCH_TRACE log or directory, a Chrome/Kineto trace, ... (.gz or not,
// "-" for stdin), checks it in one pass with that format's reader and
// checks, prints the findings the profile keeps (text or JSON lines on
// stdout; --output sarif|github for CI systems, diag/ci_output.h), then
// one verdict per consumer profile of the format read ("verdicts: default
// pass, chrome pass (1204 events), perfetto FAIL (1200 events, 4 dropped),
// hta pass (980 events, 224 not read)"), each from the findings in the files
// of that format only, since a consumer reads only its own format (several
// formats: one line each, "verdicts (chrome_trace): ..."), with the
// profile's event accounting where the format counts records
// (diag/accounting.h), and, last, "N errors, M warnings" on stderr. With
// --output json the verdicts also end stdout, as one object
// {"verdicts": [{"format", "profile", "verdict", "errors", "warnings",
// "events"?: {"kept", "changed", "dropped", "unread", "kept_by_kind",
// "fewer_kept"?}}]}. An input no format claims
// is error[input-format] at FILE:1:1. Several inputs are checked at once
// (--jobs), and a format may spread one input over threads too
// (formats::CheckRequest::jobs), with the findings a one-by-one run gives, in
// the same order.
// Exit: 0 no errors (warnings allowed unless --werror), 1 errors, 2 usage,
// 3 an input that cannot be opened or read.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "diag/accounting.h"
#include "diag/ci_output.h"
#include "cli/exit_code.h"
#include "diag/profile.h"
#include "diag/reporter.h"
#include "formats/registry/registry.h"
#include "io/file.h"
#include "io/input_source.h"
#include "cli/check_page.h"
#include "report/parallel_check.h"
#include "report/read_progress.h"

namespace tc::cli {
namespace {

struct CheckOptions {
  std::string profile = "default";
  bool werror = false;
  std::string output = "text";
  std::string format;  // "" = detect per input
  unsigned jobs = 0;   // inputs checked at once; 0 = report::default_jobs()
  std::string html;    // also write the page cli/check_page.h describes here
  size_t block_bytes = 0;  // CheckRequest::block_bytes (the differential tests)
  std::vector<std::string> files;
};

int run_check(const CheckOptions& o) {
  const diag::Profile* profile = formats::registry::catalog().find_profile(o.profile);
  if (!profile) {
    std::fprintf(stderr, "tracecheck check: unknown profile '%s' (known: %s)\n", o.profile.c_str(),
                 formats::registry::catalog().profile_names().c_str());
    return kExitUsage;
  }
  const formats::Format* forced = nullptr;
  if (!o.format.empty() && !(forced = formats::registry::find_format(o.format))) {
    std::string known;
    for (const formats::Format& f : formats::registry::all_formats()) known += (known.empty() ? "" : ", ") + f.id;
    std::fprintf(stderr, "tracecheck check: unknown format '%s' (known: %s)\n", o.format.c_str(), known.c_str());
    return kExitUsage;
  }
  // One input with its own Reporter; report/parallel_check.h runs several
  // at once and merges their findings in input order. The formats read keep
  // their own findings too, for their consumers' verdicts (which depend on
  // counts only, so the order they are gathered in does not matter).
  struct FormatRead {
    const formats::Format* format;
    diag::Reporter findings;
  };
  std::mutex formats_mutex;
  std::vector<FormatRead> formats_read;  // first read first
  auto note_findings = [&](const formats::Format& f, const diag::Reporter& findings) {
    std::lock_guard lock(formats_mutex);
    auto it = std::find_if(formats_read.begin(), formats_read.end(),
                           [&](const FormatRead& r) { return r.format == &f; });
    if (it == formats_read.end()) it = formats_read.insert(formats_read.end(), FormatRead{&f, diag::Reporter()});
    it->findings.absorb(diag::Reporter(findings));
  };
  // Threads within one input (CheckRequest::jobs): the jobs left over by the
  // inputs checked at once, so at most about `jobs` run in all.
  const unsigned jobs = o.jobs == 0 ? report::default_jobs() : o.jobs;
  const unsigned rank_jobs =
      std::max<unsigned>(1, jobs / std::max<size_t>(1, std::min<size_t>(jobs, o.files.size())));
  auto check_one = [&](const std::string& file, diag::Reporter& reporter, std::string& io_error) -> bool {
    const formats::Format* f = forced;
    if (!f) {
      std::string why;
      bool blank = false;
      f = formats::registry::detect_format(file, why, &blank);
      if (!f) {
        std::error_code ec;
        bool exists = file == "-" || std::filesystem::exists(file, ec);
        if (!exists) {
          io_error = file + ": " + why;
          return false;
        }
        const std::string shown = io::input_name(file);
        if (blank) {
          reporter.report("input-empty", {shown, 1, 1}, "the file is empty or holds only blank lines");
          return true;
        }
        if (std::filesystem::is_directory(file, ec) && formats::registry::unclaimed_directory_format()) {
          f = formats::registry::unclaimed_directory_format();  // its reader says what a trace directory must hold
        } else {
          reporter.report("input-format", {shown, 1, 1}, why, {}, {},
                          "tracecheck reads " + formats::registry::file_nouns() + "; --format ID names one");
          return true;
        }
      }
    }
    formats::CheckRequest request;
    request.path = file;
    request.reporter = &reporter;
    request.jobs = rank_jobs;
    request.block_bytes = o.block_bytes;
    const bool read = f->check(request, io_error);
    note_findings(*f, reporter);
    return read;
  };
  diag::Reporter reporter;
  bool io_failed = false;
  std::vector<report::InputResult> results;
  {
    // On a terminal, a long check shows bytes read and MB/s on stderr; the
    // line is gone before any finding prints.
    report::ReadProgress progress;
    results = report::check_inputs(o.files, o.jobs, check_one, reporter);
  }
  for (const report::InputResult& r : results) {
    if (r.read) continue;
    io_failed = true;
    std::fprintf(stderr, "tracecheck check: cannot read %s\n", r.io_error.c_str());
  }
  diag::Verdict verdict = diag::resolve(reporter, *profile);
  std::string out;
  if (o.output == "sarif") {
    out = diag::format_sarif(verdict.diagnostics, formats::registry::catalog());
  } else {
    for (const diag::Diagnostic& d : verdict.diagnostics) {
      out += o.output == "json"     ? diag::format_json(d)
             : o.output == "github" ? diag::format_github(d)
                                    : diag::format_text(d);
      out += '\n';
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  if (verdict.not_shown > 0)
    std::fprintf(stderr, "%llu more findings not shown (at most 200 per rule)\n",
                 static_cast<unsigned long long>(verdict.not_shown));
  std::sort(formats_read.begin(), formats_read.end(), [](const FormatRead& a, const FormatRead& b) {
    return a.format - formats::registry::all_formats().data() < b.format - formats::registry::all_formats().data();
  });
  std::vector<CheckVerdict> table;
  nlohmann::json verdicts_json = nlohmann::json::array();
  for (const FormatRead& read : formats_read) {
    std::string verdicts;
    for (const std::string& name : read.format->consumer_profiles) {
      const diag::Profile* p = formats::registry::catalog().find_profile(name);
      if (!p) continue;
      diag::Verdict v = diag::resolve(read.findings, *p);
      const diag::Accounting events = diag::account(read.findings, *p);
      const std::string counted = diag::describe(events, read.format->record_noun);
      verdicts += (verdicts.empty() ? "" : ", ") + p->name + (v.errors ? " FAIL" : " pass") +
                  (counted.empty() ? "" : " (" + counted + ")");
      table.push_back({formats_read.size() == 1 ? std::string() : read.format->id, p->name, v.errors > 0, v.errors,
                       v.warnings});
      nlohmann::json j = {{"format", read.format->id},  {"profile", p->name}, {"verdict", v.errors ? "FAIL" : "pass"},
                          {"errors", v.errors},        {"warnings", v.warnings}};
      if (events.has_records)
        j["events"] = {{"kept", events.kept},
                       {"changed", events.changed},
                       {"dropped", events.dropped},
                       {"unread", events.unread},
                       {"kept_by_kind", events.kept_by_kind}};
      if (!events.fewer_kept.empty()) j["events"]["fewer_kept"] = events.fewer_kept;
      verdicts_json.push_back(std::move(j));
    }
    if (verdicts.empty()) continue;
    std::string head = formats_read.size() == 1 ? "verdicts: " : "verdicts (" + read.format->id + "): ";
    std::fprintf(stderr, "%s%s\n", head.c_str(), verdicts.c_str());
  }
  if (o.output == "json") {
    std::string line = nlohmann::json{{"verdicts", verdicts_json}}.dump() + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
  }
  std::fprintf(stderr, "%llu errors, %llu warnings\n", static_cast<unsigned long long>(verdict.errors),
               static_cast<unsigned long long>(verdict.warnings));
  if (!o.html.empty()) {
    std::string error;
    if (!io::write_file_atomic(o.html, render_check_page(table, verdict.diagnostics, profile->name),
                                   error)) {
      std::fprintf(stderr, "tracecheck check: cannot write %s: %s\n", o.html.c_str(), error.c_str());
      return kExitIo;
    }
  }
  if (io_failed) return kExitIo;
  return verdict.failed(o.werror) ? kExitErrors : kExitOk;
}

TRACECHECK_COMMAND(
    "check", "Check traces (TORCH_TRACE logs, Chrome/Kineto traces, ...: files, .gz, '-' or directories)",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<CheckOptions>();
      sub.add_option("--profile", o->profile, "Whose reading to model: " + formats::registry::catalog().profile_names() + " (default: default)");
      std::string formats;
      for (const formats::Format& f : formats::registry::all_formats()) formats += "\n  " + f.id + ": " + f.description;
      sub.add_option("--format", o->format, "Read every input as this format instead of detecting it:" + formats);
      sub.add_flag("--werror", o->werror, "Fail (exit 1) on warnings too");
      sub.add_option("--html", o->html,
                     "Also write one self-contained HTML page: the verdict per consumer, then each finding beside "
                     "the trace line it is about");
      sub.add_option("-j,--jobs", o->jobs,
                     "Threads in all (default: the cores, at most 8): inputs checked at once, and within one input "
                     "the rank files of a TORCH_TRACE directory or a file read ahead while other threads hash its "
                     "payloads; the output is the same whatever the number");
      sub.add_option("--block-bytes", o->block_bytes,
                     "The blocks a file is read ahead in with --jobs above 1 (default 1 MiB; for tests)")
          ->group("");
      sub.add_option("--output", o->output,
                     "text, json (one object per line), sarif (SARIF 2.1.0) or github (workflow annotations)")
          ->check(CLI::IsMember({"text", "json", "sarif", "github"}));
      sub.add_option("files", o->files, "Inputs: files, .gz files, '-' for stdin, directories")->required();
      return [o] { return run_check(*o); };
    });

}  // namespace
}  // namespace tc::cli
