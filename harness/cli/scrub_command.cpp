// tracecheck scrub --rules SET [--keep-chromium] [--match-name NAME] FILE
//
// Prints the canonical scrubbed form of a trace on stdout and nothing else.
// For a TORCH_TRACE log (a torch_trace/ rule set): byte for byte what
// PyTorch's structured-trace test handler writes for it (with
// torch_trace/pytorch_test). For the other formats (a chrome_trace/,
// execution_trace/ or debug_dir/ rule set): the text a golden's [trace]
// section holds, one "[trace <file>]" header per file when there are several.
// Input defects and records the formatter cannot print go to stderr; the
// output still holds every record that could be printed. Exit: 0 ok, 1
// errors in the input or a record that could not be printed, 2 usage or a
// bad rule set, 3 an input that cannot be read.
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/command.h"
#include "diag/exit_code.h"
#include "diag/profile.h"
#include "diag/reporter.h"
#include "format/format.h"
#include "reader/torch_trace/reader.h"
#include "scrub/load.h"
#include "scrub/scrubber.h"

namespace tc::cli {
namespace {

struct ScrubArgs {
  std::string rules;
  bool keep_chromium = false;
  std::string match_name;
  std::string file;
};

// Buffered stdout; flushed in large blocks so a big log streams through.
class Output {
 public:
  void add(const std::string& text) {
    buffer_ += text;
    if (buffer_.size() >= (size_t{1} << 20)) flush();
  }
  void flush() {
    if (!buffer_.empty()) std::fwrite(buffer_.data(), 1, buffer_.size(), stdout);
    buffer_.clear();
  }

 private:
  std::string buffer_;
};

// The format a rule set is for: its "format" key.
std::string rules_format(const std::string& ref) {
  std::string why;
  std::optional<std::string> path = scrub::resolve_rule_set(ref, &why);
  if (!path) return {};
  std::ifstream in(*path);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  return j.is_object() && j.contains("format") && j["format"].is_string() ? j["format"].get<std::string>() : "";
}

void print_findings(const diag::Reporter& reporter) {
  diag::Verdict verdict = diag::resolve(reporter, diag::default_profile());
  for (const diag::Diagnostic& d : verdict.diagnostics) std::fprintf(stderr, "%s\n", diag::format_text(d).c_str());
  if (verdict.not_shown > 0)
    std::fprintf(stderr, "tracecheck scrub: %llu more finding(s) not shown\n",
                 static_cast<unsigned long long>(verdict.not_shown));
}

// A Chrome trace, execution trace or debug dir: its golden trace text.
int run_canonical(const ScrubArgs& args, const format::Format& f) {
  diag::Reporter reporter;
  std::vector<format::Section> sections;
  std::vector<std::string> problems;
  format::CheckRequest request;
  request.path = args.file;
  request.reporter = &reporter;
  request.rules = args.rules;
  request.canonical = &sections;
  request.problems = &problems;
  std::string io_error;
  int code = f.check(request, io_error);
  for (const format::Section& s : sections) {
    if (sections.size() > 1) std::printf("[trace %s]\n", s.label.c_str());
    std::fwrite(s.text.data(), 1, s.text.size(), stdout);
  }
  std::fflush(stdout);
  print_findings(reporter);
  for (const std::string& p : problems) std::fprintf(stderr, "tracecheck scrub: %s\n", p.c_str());
  if (code == kExitIo) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", io_error.c_str());
    return kExitIo;
  }
  if (!problems.empty() && sections.empty()) return kExitUsage;  // the rule set did not load
  return diag::resolve(reporter, diag::default_profile()).errors > 0 ? kExitErrors : kExitOk;
}

int run_scrub(const ScrubArgs& args) {
  std::string format_id = rules_format(args.rules);
  if (!format_id.empty() && format_id != "torch_trace") {
    const format::Format* f = format::find_format(format_id);
    if (!f) {
      std::fprintf(stderr, "tracecheck scrub: %s: no reader for format \"%s\"\n", args.rules.c_str(),
                   format_id.c_str());
      return kExitUsage;
    }
    return run_canonical(args, *f);
  }
  scrub::LoadError load_error;
  auto rules = scrub::load_rule_set(args.rules, &load_error);
  if (!rules) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", load_error.text().c_str());
    return kExitUsage;
  }
  scrub::ScrubOptions options;
  if (args.keep_chromium) options.enabled.push_back("keep_chromium");
  if (!args.match_name.empty()) options.capture = args.match_name;
  std::string why;
  auto scrubber = scrub::Scrubber::create(rules, options, &why);
  if (!scrubber) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", why.c_str());
    return kExitUsage;
  }

  diag::Reporter reporter;
  Output out;
  std::string text;
  uint64_t failed = 0;
  auto on_record = [&](reader::Record& record) {
    text.clear();
    scrub::ScrubResult r = scrubber->scrub(record, text);
    if (r.outcome == scrub::Outcome::Failed) {
      // Not a reader finding: the record is valid, the rule set cannot print
      // it (PyTorch's formatter would raise). Printed here, not through the
      // Reporter, whose rule ids belong to the catalog.
      ++failed;
      diag::Diagnostic d;
      d.rule = "scrub-" + (r.rule.empty() ? std::string("record") : r.rule);
      d.location = {record.file ? *record.file : args.file, record.line, record.json_column};
      d.message = "not printed: " + r.message;
      d.record_kind = reader::record_label(record);
      std::fprintf(stderr, "%s\n", diag::format_text(d).c_str());
      return;
    }
    out.add(text);
  };
  std::string io_error;
  int code = reader::read_torch_trace(args.file, reader::ReadOptions{}, reporter, on_record, nullptr, &io_error);
  out.flush();
  std::fflush(stdout);

  print_findings(reporter);
  diag::Verdict verdict = diag::resolve(reporter, diag::default_profile());
  if (code == kExitIo) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", io_error.c_str());
    return kExitIo;
  }
  return verdict.errors > 0 || failed > 0 ? kExitErrors : kExitOk;
}

}  // namespace

TRACECHECK_COMMAND(
    "scrub",
    "Print a trace's canonical scrubbed form: a TORCH_TRACE log byte-identical to PyTorch's test formatter; "
    "Chrome traces, execution traces and debug dirs as golden [trace] sections",
    [](CLI::App& sub) -> std::function<int()> {
      auto args = std::make_shared<ScrubArgs>();
      sub.add_option("--rules", args->rules, "Rule set: <format>/<name> (scrubbers/) or a path to a rule file")
          ->required();
      sub.add_flag("--keep-chromium", args->keep_chromium,
                   "Keep chromium_event records (PyTorch's @show_chrome_events)");
      sub.add_option("--match-name", args->match_name,
                     "Capture mode: print only this artifact's payload, stripped (PyTorch's match_name filter "
                     "with StructuredTracePayloadFormatter)");
      sub.add_option("file", args->file,
                     "The trace: a file, a .gz, a directory (TORCH_TRACE, Chrome traces, debug dir), or - for stdin")
          ->required();
      return [args] { return run_scrub(*args); };
    });

}  // namespace tc::cli
