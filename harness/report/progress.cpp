#include "report/progress.h"

#include <unistd.h>

#include <cstdio>

namespace tc::report {

Progress::Progress(size_t total) : total_(total), tty_(::isatty(STDERR_FILENO) == 1) {}

void Progress::start(const std::string& name) {
  ++done_;
  if (total_ < 2) return;
  if (tty_) {
    std::fprintf(stderr, "\r\x1b[K[%zu/%zu] %s", done_, total_, name.c_str());
    std::fflush(stderr);
  } else {
    std::printf("[%zu/%zu] %s\n", done_, total_, name.c_str());
    std::fflush(stdout);
  }
}

void Progress::clear() {
  if (!tty_ || total_ < 2) return;
  std::fprintf(stderr, "\r\x1b[K");
  std::fflush(stderr);
}

}  // namespace tc::report
