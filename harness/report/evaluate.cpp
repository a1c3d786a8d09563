#include "report/evaluate.h"

#include <filesystem>
#include <map>
#include <memory>

#include "case/emitter_id.h"
#include "diag/exit_code.h"
#include "diag/profile.h"
#include "diag/reporter.h"
#include "golden/golden_doc.h"
#include "reader/torch_trace/directory.h"
#include "reader/torch_trace/reader.h"
#include "report/trace_checks.h"
#include "scrub/load.h"
#include "scrub/scrubber.h"

namespace tc::report {
namespace fs = std::filesystem;

namespace {

// Stable names for the files of one TORCH_TRACE folder: "rank_<N>" for a
// ranked file, "log" for a single rank-less one ("log_<i>" when several).
// The random part of PyTorch's file names never reaches the golden.
std::vector<std::pair<reader::TraceFile, std::string>> label_files(const std::vector<reader::TraceFile>& files) {
  size_t rankless = 0;
  for (const auto& f : files) rankless += f.rank < 0;
  std::vector<std::pair<reader::TraceFile, std::string>> out;
  size_t i = 0;
  for (const auto& f : files) {
    std::string label = f.rank >= 0 ? "rank_" + std::to_string(f.rank)
                                    : (rankless == 1 ? "log" : "log_" + std::to_string(++i));
    for (const auto& [g, l] : out)
      if (l == label) label += "_" + fs::path(f.path).filename().string();  // two files of one rank
    out.emplace_back(f, label);
  }
  return out;
}

void check_outcome(const CaptureOutcome& o, std::vector<std::string>& problems) {
  if (o.timed_out) problems.push_back("the workload ran past its timeout and was killed");
  if (o.term_signal) problems.push_back("the workload was killed by signal " + std::to_string(*o.term_signal));
  if (o.uncaught_exception)
    problems.push_back("the workload died of an uncaught " + *o.uncaught_exception +
                       " (an expected exception must be declared by the driver)");
}

}  // namespace

Evaluation evaluate_capture(const cases::Case& c, const std::string& capture_dir, const EvaluateOptions& options) {
  Evaluation ev;
  ev.exit_code = kExitIo;
  if (!read_outcome(capture_dir, ev.outcome, ev.error)) return ev;
  if (ev.outcome.skipped) {  // a declared skip: nothing else to read (torch may be absent)
    std::string ignored;
    read_env(capture_dir, ev.env, ignored);
    ev.ok = true;
    ev.exit_code = kExitOk;
    return ev;
  }
  if (!read_env(capture_dir, ev.env, ev.error)) return ev;
  std::optional<std::string> facts = read_facts(capture_dir, ev.error);
  if (!ev.error.empty()) return ev;
  if (options.emitter) {
    ev.emitter = *options.emitter;
  } else if (auto id = cases::emitter_id_for_torch(ev.env.torch_version)) {
    ev.emitter = *id;
  } else {
    ev.error = capture_dir + "/env.json: torch version \"" + ev.env.torch_version + "\" gives no emitter id";
    return ev;
  }

  std::string trace_dir = capture_dir + "/torch_trace";
  std::vector<reader::TraceFile> files;
  if (!reader::list_trace_files(trace_dir, files, &ev.error)) return ev;
  auto labelled = label_files(files);
  std::map<std::string, std::string> label_of;  // path and file name -> label
  for (const auto& [f, label] : labelled) {
    label_of[f.path] = label;
    label_of[fs::path(f.path).filename().string()] = label;
  }
  auto label_for = [&](const std::string& file) -> std::string {
    if (auto it = label_of.find(file); it != label_of.end()) return it->second;
    if (auto it = label_of.find(fs::path(file).filename().string()); it != label_of.end()) return it->second;
    return fs::path(file).filename().string();
  };

  scrub::LoadError load_error;
  auto rules = scrub::load_rule_set(c.rules, &load_error);
  if (!rules) {
    ev.exit_code = kExitErrors;
    ev.error = c.file + ": /rules: " + load_error.text();
    return ev;
  }
  // One scrubber (one render) per trace file.
  std::map<std::string, std::unique_ptr<scrub::Scrubber>> scrubbers;
  std::map<std::string, std::string> texts;
  for (const auto& [f, label] : labelled) {
    std::string why;
    scrubbers[label] = scrub::Scrubber::create(rules, {}, &why);
    if (!scrubbers[label]) {
      ev.exit_code = kExitErrors;
      ev.error = c.rules + ": " + why;
      return ev;
    }
    texts[label];
  }

  diag::Reporter reporter;
  std::string io_error;
  int status = run_trace_checks(trace_dir, reporter, [&](const reader::Record& r) {
    std::string label = label_for(r.file ? *r.file : std::string());
    auto it = scrubbers.find(label);
    if (it == scrubbers.end()) return;
    scrub::ScrubResult sr = it->second->scrub(r, texts[label]);
    if (sr.outcome == scrub::Outcome::Failed)
      ev.problems.push_back("scrub rule " + sr.rule + " failed on " + label + ":" + std::to_string(r.line) + ": " +
                            sr.message);
  }, io_error);
  if (status != kExitOk) {
    ev.error = trace_dir + ": " + io_error;
    return ev;
  }

  golden::GoldenDoc& doc = ev.doc;
  doc.case_name = c.name;
  doc.emitter = ev.emitter;
  doc.rules = c.rules;
  doc.outcome = {ev.outcome.exit_status, ev.outcome.exception};
  doc.facts_json = facts;
  std::map<std::string, const diag::Verdict*> verdict_of;
  std::vector<diag::Verdict> verdicts;
  verdicts.reserve(c.profiles.size());
  for (const std::string& name : c.profiles) {
    const diag::Profile* p = diag::find_profile(name);
    if (!p) {
      ev.exit_code = kExitErrors;
      ev.error = c.file + ": unknown profile " + name;
      return ev;
    }
    verdicts.push_back(diag::resolve(reporter, *p));
    const diag::Verdict& v = verdicts.back();
    verdict_of[name] = &v;
    golden::ProfileSection section{p->name, v.errors, v.warnings, {}};
    ev.diagnostics_text += "== profile " + p->name + ": " + std::to_string(v.errors) + " error(s), " +
                           std::to_string(v.warnings) + " warning(s)\n";
    for (const diag::Diagnostic& d : v.diagnostics) {
      section.diagnostics.push_back({diag::severity_name(d.severity), d.rule, d.record_kind,
                                     label_for(d.location.file), d.location.line});
      ev.diagnostics_text += diag::format_text(d) + "\n";
    }
    doc.profiles.push_back(std::move(section));
  }
  for (const auto& [f, label] : labelled) doc.traces.push_back({label, texts[label]});
  ev.text = golden::render_golden(doc);
  check_outcome(ev.outcome, ev.problems);

  // External parsers: beside the golden, never in it.
  if (options.run_external_parsers) {
    for (const std::string& name : c.external_parsers) {
      std::string why_not;
      auto parser = checks::find_preset(name, why_not);
      if (!parser) {
        checks::ParserResult r;
        r.name = name;
        r.reason = why_not;
        ev.parsers.push_back(r);
        continue;
      }
      const diag::Verdict* model = verdict_of.count(name) ? verdict_of[name] : nullptr;
      for (const auto& [f, label] : labelled) {
        checks::ParserResult r = checks::run_external_parser(
            *parser, f.path, options.work_dir + "/external/" + name + "/" + label);
        r.artifact = label;
        if (r.status == checks::ParserStatus::Crashed || r.status == checks::ParserStatus::TimedOut ||
            r.status == checks::ParserStatus::Error) {
          ev.problems.push_back(name + " " + checks::parser_status_name(r.status) + " on " + label + ": " + r.reason);
        } else if (model) {
          bool expected_pass = true;
          for (const auto& d : model->diagnostics)
            if (d.severity == diag::Severity::Error && label_for(d.location.file) == label) expected_pass = false;
          if (expected_pass != r.ok())
            ev.problems.push_back(name + " " + (r.ok() ? "accepted " : "rejected ") + label +
                                  (r.reason.empty() ? "" : " (" + r.reason + ")") + " but the " + model->profile +
                                  " profile " + (expected_pass ? "finds no error there" : "finds errors there"));
        }
        ev.parsers.push_back(std::move(r));
      }
    }
  }
  ev.ok = true;
  ev.exit_code = kExitOk;
  return ev;
}

}  // namespace tc::report
