// Checks several inputs at once on a small pool of threads, with the same
// findings, in the same order, as one sequential pass.
//
// Contract:
//  - check_inputs() calls `check` once per input, each with its own
//    Reporter, on min(threads, inputs) threads (threads 0 means
//    default_jobs()); inputs are taken in order, so a slow first input
//    starts first;
//  - the per-input Reporters are absorbed into `merged` in input order once
//    all have finished (Reporter::absorb), so kept findings, counts and the
//    "N more not shown" line are exactly those of a sequential run;
//  - results come back in input order; an exception thrown by `check` is
//    rethrown on the calling thread after every worker has stopped.
// Memory: each running check holds its own reader buffers, so peak memory is
// about `threads` times one check's; stored findings are bounded per rule.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "diag/reporter.h"

namespace tc::report {

struct InputResult {
  bool read = true;  // false: the input could not be read, io_error says why
  std::string io_error;
};

// Checks one input: false, with io_error set, when it cannot be read.
using CheckFn = std::function<bool(const std::string& input, diag::Reporter& reporter, std::string& io_error)>;

// Worker threads to use when none are asked for: the hardware's cores, at
// most 8 (reading is memory-bound beyond that).
unsigned default_jobs();

std::vector<InputResult> check_inputs(const std::vector<std::string>& inputs, unsigned threads, const CheckFn& check,
                                      diag::Reporter& merged);

}  // namespace tc::report
