// The one place evaluation calls the reader and the TORCH_TRACE checks: every
// record is checked, then handed to `on_record` (the scrubber).
//
// Contract: returns kExitOk, or kExitIo with `io_error` set when the folder
// or a file cannot be read; findings go to `reporter`.
#pragma once

#include <functional>
#include <string>

#include "diag/reporter.h"
#include "reader/torch_trace/record.h"

namespace tc::report {

int run_trace_checks(const std::string& trace_dir, diag::Reporter& reporter,
                     const std::function<void(const reader::Record&)>& on_record, std::string& io_error);

}  // namespace tc::report
