// tracecheck scrub --rules SET [--keep-chromium] [--match-name NAME] FILE
//
// Prints the canonical scrubbed form of a TORCH_TRACE log on stdout and
// nothing else: byte for byte what PyTorch's structured-trace test handler
// writes for it (with torch_trace/pytorch_test). Input defects and records
// the formatter cannot print go to stderr; the output still holds every
// record that could be printed. Exit: 0 ok, 1 errors in the input or a
// record that could not be printed, 2 usage or a bad rule set, 3 an input
// that cannot be read.
#include <cstdio>
#include <string>

#include "cli/command.h"
#include "diag/exit_code.h"
#include "diag/profile.h"
#include "diag/reporter.h"
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

int run_scrub(const ScrubArgs& args) {
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

  diag::Verdict verdict = diag::resolve(reporter, diag::default_profile());
  for (const diag::Diagnostic& d : verdict.diagnostics) std::fprintf(stderr, "%s\n", diag::format_text(d).c_str());
  if (verdict.not_shown > 0)
    std::fprintf(stderr, "tracecheck scrub: %llu more finding(s) not shown\n",
                 static_cast<unsigned long long>(verdict.not_shown));
  if (code == kExitIo) {
    std::fprintf(stderr, "tracecheck scrub: %s\n", io_error.c_str());
    return kExitIo;
  }
  return verdict.errors > 0 || failed > 0 ? kExitErrors : kExitOk;
}

}  // namespace

TRACECHECK_COMMAND(
    "scrub", "Print a TORCH_TRACE log's canonical scrubbed form (byte-identical to PyTorch's test formatter)",
    [](CLI::App& sub) -> std::function<int()> {
      auto args = std::make_shared<ScrubArgs>();
      sub.add_option("--rules", args->rules, "Rule set: <format>/<name> (scrubbers/) or a path to a rule file")
          ->required();
      sub.add_flag("--keep-chromium", args->keep_chromium,
                   "Keep chromium_event records (PyTorch's @show_chrome_events)");
      sub.add_option("--match-name", args->match_name,
                     "Capture mode: print only this artifact's payload, stripped (PyTorch's match_name filter "
                     "with StructuredTracePayloadFormatter)");
      sub.add_option("file", args->file, "TORCH_TRACE log: a file, a .gz, a TORCH_TRACE directory, or - for stdin")
          ->required();
      return [args] { return run_scrub(*args); };
    });

}  // namespace tc::cli
