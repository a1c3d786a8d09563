#include "report/evaluate.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "case/emitter_id.h"
#include "external/presets.h"
#include "diag/profile.h"
#include "diag/reporter.h"
#include "golden/golden_doc.h"
#include "golden/rules_fingerprint.h"
#include "formats/registry/registry.h"
#include "report/trace_checks.h"
#include "scrub/load.h"

namespace tc::report {
namespace fs = std::filesystem;

namespace {

void check_outcome(const CaptureOutcome& o, std::vector<std::string>& problems) {
  if (o.timed_out) problems.push_back("the workload ran past its timeout and was killed");
  if (o.term_signal) problems.push_back("the workload was killed by signal " + std::to_string(*o.term_signal));
  if (o.uncaught_exception)
    problems.push_back("the workload died of an uncaught " + *o.uncaught_exception +
                       " (an expected exception must be declared by the driver)");
}

// The emitter the capture's golden belongs to: the caller's, else the one
// env.json names (a driver of another tool), else the torch version's.
bool pick_emitter(const std::string& capture_dir, const EvaluateOptions& options, Evaluation& ev) {
  if (options.emitter) {
    ev.emitter = *options.emitter;
  } else if (ev.env.emitter) {
    if (!cases::is_emitter_id(*ev.env.emitter)) {
      ev.error = capture_dir + "/env.json: /emitter: \"" + *ev.env.emitter + "\" is not an emitter id";
      return false;
    }
    ev.emitter = *ev.env.emitter;
  } else if (auto id = cases::emitter_id_for_torch(ev.env.torch_version)) {
    ev.emitter = *id;
  } else {
    ev.error = capture_dir + "/env.json: torch version \"" + ev.env.torch_version + "\" gives no emitter id";
    return false;
  }
  return true;
}

// Where a finding's file stands in the golden: its section's label, and
// whether that format's line numbers are stable enough to keep.
class SectionLabels {
 public:
  explicit SectionLabels(const FormatRun& run) {
    for (size_t i = 0; i < run.sections.size(); ++i) {
      const formats::Section& s = run.sections[i];
      label_of_.emplace(s.file, s.label);
      label_of_.emplace(fs::path(s.file).filename().string(), s.label);
      const formats::Format* f = formats::registry::find_format(run.section_format[i]);
      stable_lines_of_.emplace(s.label, f && f->stable_line_numbers);
    }
  }
  std::string label(const std::string& file) const {
    if (auto it = label_of_.find(file); it != label_of_.end()) return it->second;
    if (auto it = label_of_.find(fs::path(file).filename().string()); it != label_of_.end()) return it->second;
    return fs::path(file).filename().string();
  }
  // The line a golden keeps for a finding: none unless the file is a
  // section of a format with stable line numbers (golden/golden_doc.h).
  std::optional<uint64_t> golden_line(const std::string& label, uint64_t line) const {
    auto it = stable_lines_of_.find(label);
    if (it == stable_lines_of_.end() || !it->second) return std::nullopt;
    return line;
  }

 private:
  std::map<std::string, std::string> label_of_;
  std::map<std::string, bool> stable_lines_of_;
};

// The golden document's head: case, emitter, the rule sets and their
// fingerprints, the outcome and facts.
void fill_head(const cases::Case& c, const std::optional<std::string>& facts, Evaluation& ev) {
  golden::GoldenDoc& doc = ev.doc;
  doc.case_name = c.name;
  doc.emitter = ev.emitter;
  doc.rules = c.rules;
  doc.rules_fingerprint = golden::rules_fingerprint(c.rules);
  // The other formats' sections are rendered with their default sets
  // (report/trace_checks.cpp): a change there must also ask for re-acceptance.
  for (const std::string& id : c.formats) {
    const formats::Format* f = formats::registry::find_format(id);
    if (!f || c.rules.starts_with(id + "/") || f->default_rules.empty()) continue;
    doc.also_rules.push_back(f->default_rules + "@" + golden::rules_fingerprint(f->default_rules));
  }
  doc.outcome = {ev.outcome.exit_status, ev.outcome.exception};
  doc.facts_json = facts;
  // A verdicts-only case (case/case.h GoldenMode): render_golden keeps each
  // profile's verdict and distinct (severity, rule) pairs, and no trace.
  doc.verdicts_only = c.golden == cases::GoldenMode::Verdicts;
}

// Every profile of the case resolved, `default` over all findings and a
// consumer's over its format's, into the document and the full diagnostics
// text; false on an unknown profile.
bool resolve_profiles(const cases::Case& c, const diag::Reporter& reporter, const FormatRun& run,
                      const SectionLabels& labels, std::vector<diag::Verdict>& verdicts, Evaluation& ev) {
  verdicts.reserve(c.profiles.size());
  for (const std::string& name : c.profiles) {
    const diag::Profile* p = formats::registry::catalog().find_profile(name);
    if (!p) {
      ev.error = c.file + ": unknown profile " + name;
      return false;
    }
    // A consumer of one format judges the files of that format only (none,
    // when the case has no file of it); `default` judges them all.
    static const diag::Reporter kNoFindings;
    auto own = run.findings_of.find(p->format);
    const diag::Reporter& judged =
        p->format.empty() ? reporter : own != run.findings_of.end() ? own->second : kNoFindings;
    verdicts.push_back(diag::resolve(judged, *p));
    const diag::Verdict& v = verdicts.back();
    golden::ProfileSection section{p->name, v.errors, v.warnings, {}};
    ev.diagnostics_text += "== profile " + p->name + ": " + std::to_string(v.errors) + " error(s), " +
                           std::to_string(v.warnings) + " warning(s)\n";
    for (const diag::Diagnostic& d : v.diagnostics) {
      std::string label = labels.label(d.location.file);
      std::optional<uint64_t> line = labels.golden_line(label, d.location.line);
      section.diagnostics.push_back({diag::severity_name(d.severity), d.rule, d.record_kind, std::move(label), line});
      ev.diagnostics_text += diag::format_text(d) + "\n";
    }
    ev.doc.profiles.push_back(std::move(section));
  }
  return true;
}

// One external parser over the files of the format it reads, compared with
// the model of its verdict: the findings its preset names, else our profile
// of its name. Beside the golden, never in it.
void run_parser(const std::string& name, const cases::Case& c, const FormatRun& run, const SectionLabels& labels,
                const std::vector<diag::Verdict>& verdicts, const std::string& work_dir, Evaluation& ev) {
  std::string why_not;
  const formats::Format* reads = formats::registry::format_read_by(name);
  external::PresetTarget target;
  if (reads) target = {reads->id, reads->streamed_array};
  auto parser = external::find_preset(name, target, why_not);
  if (!parser) {
    external::ParserResult r;
    r.name = name;
    r.reason = why_not;
    ev.parsers.push_back(r);
    return;
  }
  const diag::Verdict* model = nullptr;
  if (parser->predicts_rejection) {
    if (!verdicts.empty()) model = &verdicts.front();
  } else {
    for (size_t i = 0; i < c.profiles.size(); ++i)
      if (c.profiles[i] == name) model = &verdicts[i];
  }
  auto predicts = [&](const diag::Diagnostic& d) {
    return parser->predicts_rejection ? parser->predicts_rejection(d) : d.severity == diag::Severity::Error;
  };
  for (size_t i = 0; i < run.sections.size(); ++i) {
    if (!parser->format.empty() && run.section_format[i] != parser->format) continue;
    const std::string& label = run.sections[i].label;
    external::ParserResult r =
        external::run_external_parser(*parser, run.sections[i].file, work_dir + "/external/" + name + "/" + label);
    r.artifact = label;
    if (r.status == external::ParserStatus::Crashed || r.status == external::ParserStatus::TimedOut ||
        r.status == external::ParserStatus::Error) {
      ev.problems.push_back(name + " " + external::parser_status_name(r.status) + " on " + label + ": " + r.reason);
    } else if (model) {
      bool expected_pass = true;
      for (const auto& d : model->diagnostics)
        if (predicts(d) && labels.label(d.location.file) == label) expected_pass = false;
      std::string ours = parser->predicts_rejection ? std::string("tracecheck's findings") + " predict"
                                                    : "the " + model->profile + " profile predicts";
      if (expected_pass != r.ok())
        ev.problems.push_back(name + " " + (r.ok() ? "accepted " : "rejected ") + label +
                              (r.reason.empty() ? "" : " (" + r.reason + ")") + " but " + ours + " " +
                              (expected_pass ? "acceptance" : "rejection"));
    }
    ev.parsers.push_back(std::move(r));
  }
}

}  // namespace

Evaluation evaluate_capture(const cases::Case& c, const std::string& capture_dir, const EvaluateOptions& options) {
  Evaluation ev;
  if (!read_outcome(capture_dir, ev.outcome, ev.error)) return ev;
  if (ev.outcome.skipped) {  // a declared skip: nothing else to read (torch may be absent)
    std::string ignored;
    read_env(capture_dir, ev.env, ignored);
    ev.ok = true;
    return ev;
  }
  if (!read_env(capture_dir, ev.env, ev.error)) return ev;
  std::optional<std::string> facts = read_facts(capture_dir, ev.error);
  if (!ev.error.empty() || !pick_emitter(capture_dir, options, ev)) return ev;

  // The case's rule set names one format's set; that format applies it, the
  // others their default set. A format that can check the set up front
  // (Format::check_rules) does so here, so a broken one is the case's error.
  const formats::Format* rules_format = formats::registry::format_of_rule_set(c.rules);
  std::string rules_error;
  if (rules_format && rules_format->check_rules && !rules_format->check_rules(c.rules, rules_error)) {
    ev.case_broken = true;
    ev.error = c.file + ": /rules: " + rules_error;
    return ev;
  }

  // One pass per format, over capture_dir/<format id>/; sections in case order.
  diag::Reporter reporter;
  FormatRun run;
  bool case_error = false;
  const bool verdicts_only = c.golden == cases::GoldenMode::Verdicts;  // no trace text to render
  if (!run_trace_checks(c.formats, capture_dir, c.rules, reporter, run, ev.error, case_error, verdicts_only)) {
    if (case_error) {
      ev.case_broken = true;
      ev.error = c.file + ": " + ev.error;
    }
    return ev;
  }
  ev.problems.insert(ev.problems.end(), run.problems.begin(), run.problems.end());
  ev.rule_usage = std::move(run.rule_usage);
  const SectionLabels labels(run);
  fill_head(c, facts, ev);
  std::vector<diag::Verdict> verdicts;
  if (!resolve_profiles(c, reporter, run, labels, verdicts, ev)) {
    ev.case_broken = true;
    return ev;
  }
  if (!ev.doc.verdicts_only)
    for (const formats::Section& s : run.sections) ev.doc.traces.push_back({s.label, s.text});
  ev.text = golden::render_golden(ev.doc);
  check_outcome(ev.outcome, ev.problems);

  if (options.run_external_parsers)
    for (const std::string& name : c.external_parsers) run_parser(name, c, run, labels, verdicts, options.work_dir, ev);
  ev.ok = true;
  return ev;
}

}  // namespace tc::report
