// tracecheck check [--profile P] [--werror] [--output text|json] FILE...
//
// Reads each input (a TORCH_TRACE log, .gz or not, "-" for stdin, or a
// TORCH_TRACE directory), checks every record, prints the findings the
// profile keeps (text or JSON lines on stdout), then "N errors, M warnings"
// on stderr. Exit: 0 no errors (warnings allowed unless --werror), 1 errors,
// 2 usage, 3 an input that cannot be opened or read.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "checks/torch_trace_checker.h"
#include "cli/command.h"
#include "diag/exit_code.h"
#include "diag/profile.h"
#include "diag/reporter.h"
#include "reader/torch_trace/reader.h"

namespace tc::cli {
namespace {

struct CheckOptions {
  std::string profile = "default";
  bool werror = false;
  std::string output = "text";
  std::vector<std::string> files;
};

std::string profile_names() {
  std::string names;
  for (const diag::Profile& p : diag::builtin_profiles()) {
    names += names.empty() ? "" : ", ";
    names += p.name;
    for (const std::string& a : p.aliases) names += " (" + a + ")";
  }
  return names;
}

int run_check(const CheckOptions& o) {
  const diag::Profile* profile = diag::find_profile(o.profile);
  if (!profile) {
    std::fprintf(stderr, "tracecheck check: unknown profile '%s' (known: %s)\n", o.profile.c_str(),
                 profile_names().c_str());
    return kExitUsage;
  }
  diag::Reporter reporter;
  checks::TorchTraceChecker checker(reporter);
  reader::ReadOptions options;
  bool io_failed = false;
  for (const std::string& file : o.files) {
    std::string io_error;
    int rc = reader::read_torch_trace(
        file, options, reporter, [&](reader::Record& r) { checker.feed(r); }, nullptr, &io_error);
    checker.finish();
    if (rc == kExitIo) {
      io_failed = true;
      std::fprintf(stderr, "tracecheck check: cannot read %s\n", io_error.c_str());
    }
  }
  diag::Verdict verdict = diag::resolve(reporter, *profile);
  std::string out;
  for (const diag::Diagnostic& d : verdict.diagnostics) {
    out += o.output == "json" ? diag::format_json(d) : diag::format_text(d);
    out += '\n';
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  if (verdict.not_shown > 0)
    std::fprintf(stderr, "%llu more findings not shown (at most 200 per rule)\n",
                 static_cast<unsigned long long>(verdict.not_shown));
  std::fprintf(stderr, "%llu errors, %llu warnings\n", static_cast<unsigned long long>(verdict.errors),
               static_cast<unsigned long long>(verdict.warnings));
  if (io_failed) return kExitIo;
  return verdict.failed(o.werror) ? kExitErrors : kExitOk;
}

TRACECHECK_COMMAND(
    "check", "Check TORCH_TRACE logs (files, .gz, '-' or directories) and print findings",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<CheckOptions>();
      sub.add_option("--profile", o->profile, "Whose reading to model: " + profile_names() + " (default: default)");
      sub.add_flag("--werror", o->werror, "Fail (exit 1) on warnings too");
      sub.add_option("--output", o->output, "text or json (one object per line)")
          ->check(CLI::IsMember({"text", "json"}));
      sub.add_option("files", o->files, "Inputs: files, .gz files, '-' for stdin, directories")->required();
      return [o] { return run_check(*o); };
    });

}  // namespace
}  // namespace tc::cli
