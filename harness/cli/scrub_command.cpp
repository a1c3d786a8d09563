// tracecheck scrub --rules SET [--keep-chromium] [--match-name NAME] FILE
//
// Prints the canonical scrubbed form of a trace on stdout and nothing else.
// The rule set's format decides how: a format that prints record by record
// (Format::stream_scrub; a TORCH_TRACE log comes out byte for byte as
// PyTorch's structured-trace test handler writes it) does so; for the
// others, the text a golden's [trace] section holds, one "[trace <file>]"
// header per file when there are several.
// Input defects and records the formatter cannot print go to stderr; the
// output still holds every record that could be printed. Exit: 0 ok, 1
// errors in the input or a record that could not be printed, 2 usage or a
// bad rule set, 3 an input that cannot be read.
#include <cstdio>
#include <string>

#include "cli/command.h"
#include "cli/exit_code.h"
#include "diag/profile.h"
#include "diag/reporter.h"
#include "formats/registry/registry.h"
#include "scrub/load.h"

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

void print_findings(const diag::Reporter& reporter) {
  diag::Verdict verdict = diag::resolve(reporter, formats::registry::catalog().default_profile());
  for (const diag::Diagnostic& d : verdict.diagnostics) std::fprintf(stderr, "%s\n", diag::format_text(d).c_str());
  if (verdict.not_shown > 0)
    std::fprintf(stderr, "tracecheck scrub: %llu more finding(s) not shown\n",
                 static_cast<unsigned long long>(verdict.not_shown));
}

// A Chrome trace, execution trace or debug dir: its golden trace text.
int run_canonical(const ScrubArgs& args, const formats::Format& f) {
  diag::Reporter reporter;
  std::vector<formats::Section> sections;
  std::vector<std::string> problems;
  formats::CheckRequest request;
  request.path = args.file;
  request.reporter = &reporter;
  request.rules = args.rules;
  request.canonical = &sections;
  request.problems = &problems;
  std::string io_error;
  bool read = f.check(request, io_error);
  for (const formats::Section& s : sections) {
    if (sections.size() > 1) std::printf("[trace %s]\n", s.label.c_str());
    std::fwrite(s.text.data(), 1, s.text.size(), stdout);
  }
  std::fflush(stdout);
  print_findings(reporter);
  for (const std::string& p : problems) std::fprintf(stderr, "tracecheck scrub: %s\n", p.c_str());
  if (!read) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", io_error.c_str());
    return kExitIo;
  }
  if (!problems.empty() && sections.empty()) return kExitUsage;  // the rule set did not load
  return diag::resolve(reporter, formats::registry::catalog().default_profile()).errors > 0 ? kExitErrors : kExitOk;
}

// A format that prints record by record (Format::stream_scrub).
int run_stream(const ScrubArgs& args, const formats::Format& f) {
  diag::Reporter reporter;
  Output out;
  uint64_t failed = 0;
  formats::StreamScrubRequest request;
  request.path = args.file;
  request.rules = args.rules;
  if (args.keep_chromium) request.enabled.push_back("keep_chromium");
  if (!args.match_name.empty()) request.capture = args.match_name;
  request.reporter = &reporter;
  request.print = [&](const std::string& text) { out.add(text); };
  request.unprinted = [&](const diag::Diagnostic& d) {
    ++failed;
    std::fprintf(stderr, "%s\n", diag::format_text(d).c_str());
  };
  std::string error;
  formats::StreamScrubResult result = f.stream_scrub(request, error);
  if (result == formats::StreamScrubResult::RulesUnusable) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", error.c_str());
    return kExitUsage;
  }
  out.flush();
  std::fflush(stdout);

  print_findings(reporter);
  diag::Verdict verdict = diag::resolve(reporter, formats::registry::catalog().default_profile());
  if (result == formats::StreamScrubResult::InputUnreadable) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", error.c_str());
    return kExitIo;
  }
  return verdict.errors > 0 || failed > 0 ? kExitErrors : kExitOk;
}

int run_scrub(const ScrubArgs& args) {
  // The set's "format" picks the reader; a set that does not load stops here.
  scrub::LoadError load_error;
  std::shared_ptr<const scrub::RuleSet> rules = scrub::load_rule_set(args.rules, load_error);
  if (!rules) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", load_error.text().c_str());
    return kExitUsage;
  }
  const std::string& format_id = rules->format;
  const formats::Format* f = formats::registry::find_format(format_id);
  if (!f) {
    std::fprintf(stderr, "tracecheck scrub: %s: no reader for format \"%s\"\n", args.rules.c_str(),
                 format_id.c_str());
    return kExitUsage;
  }
  return f->stream_scrub ? run_stream(args, *f) : run_canonical(args, *f);
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
