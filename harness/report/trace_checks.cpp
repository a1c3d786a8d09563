#include "report/trace_checks.h"

#include "checks/torch_trace_checker.h"
#include "diag/exit_code.h"
#include "reader/torch_trace/reader.h"

namespace tc::report {

int run_trace_checks(const std::string& trace_dir, diag::Reporter& reporter,
                     const std::function<void(const reader::Record&)>& on_record, std::string& io_error) {
  reader::ReadOptions options;
  checks::TorchTraceChecker checker(reporter);
  int status = reader::read_torch_trace(
      trace_dir, options, reporter,
      [&](reader::Record& r) {
        checker.feed(r);
        on_record(r);
      },
      nullptr, &io_error);
  checker.finish();
  return status;
}

}  // namespace tc::report
