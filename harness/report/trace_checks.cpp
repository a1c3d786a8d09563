#include "report/trace_checks.h"

#include <filesystem>


namespace tc::report {

bool run_trace_checks(const std::vector<std::string>& formats, const std::string& capture_dir, const std::string& rules,
                      diag::Reporter& reporter, FormatRun& out, std::string& error, bool& error_is_case,
                      bool labels_only) {
  error_is_case = false;
  std::string rules_format = rules.substr(0, rules.find('/'));
  for (const std::string& id : formats) {
    const formats::Format* f = formats::registry::find_format(id);
    if (!f) {
      error_is_case = true;
      error = "/formats: no reader for format \"" + id + "\" in this build";
      return false;
    }
    diag::Reporter& findings = out.findings_of[id];
    formats::CheckRequest request;
    request.path = capture_dir + "/" + id;
    request.reporter = &findings;
    request.rules = rules_format == id ? rules : std::string();
    request.canonical = &out.sections;
    request.labels_only = labels_only;
    request.problems = &out.problems;
    request.rule_usage = &out.rule_usage;
    std::error_code ec;
    if (!std::filesystem::exists(request.path, ec)) {
      error = request.path + ": the capture has no " + id + "/ folder";
      return false;
    }
    std::string io_error;
    if (!f->check(request, io_error)) {
      error = request.path + ": " + io_error;
      return false;
    }
    out.section_format.resize(out.sections.size(), id);
    reporter.absorb(diag::Reporter(findings));
  }
  return true;
}

}  // namespace tc::report
