#include "report/read_progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "io/input_source.h"

namespace tc::report {

bool ReadProgress::wanted() {
  const char* ci = std::getenv("CI");
  return ::isatty(STDERR_FILENO) == 1 && !(ci && *ci);
}

ReadProgress::ReadProgress() {
  if (wanted()) thread_ = std::thread([this] { run(); });
}

ReadProgress::~ReadProgress() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  if (shown_) std::fprintf(stderr, "\r\033[K");
}

void ReadProgress::run() {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  const uint64_t base = io::bytes_read_total();
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; })) {
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (seconds < 1.0) continue;  // a short check shows nothing
    const double mb = static_cast<double>(io::bytes_read_total() - base) / 1e6;
    std::fprintf(stderr, "\rtracecheck: %.0f MB read, %.0f MB/s\033[K", mb, mb / seconds);
    std::fflush(stderr);
    shown_ = true;
  }
}

}  // namespace tc::report
