#include "report/parallel_check.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <thread>

namespace tc::report {

unsigned default_jobs() {
  unsigned cores = std::thread::hardware_concurrency();
  return std::clamp(cores, 1u, 8u);
}

std::vector<InputResult> check_inputs(const std::vector<std::string>& inputs, unsigned threads, const CheckFn& check,
                                      diag::Reporter& merged) {
  const size_t n = inputs.size();
  std::vector<InputResult> results(n);
  std::vector<std::unique_ptr<diag::Reporter>> reporters(n);
  std::vector<std::exception_ptr> errors(n);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < n; i = next++) {
      reporters[i] = std::make_unique<diag::Reporter>();
      try {
        results[i].read = check(inputs[i], *reporters[i], results[i].io_error);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  size_t workers = std::min<size_t>(threads == 0 ? default_jobs() : threads, n);
  if (workers <= 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    pool.reserve(workers);
    for (size_t t = 0; t < workers; ++t) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
  }
  for (size_t i = 0; i < n; ++i) {
    if (errors[i]) std::rethrow_exception(errors[i]);
    merged.absorb(std::move(*reporters[i]));
  }
  return results;
}

}  // namespace tc::report
