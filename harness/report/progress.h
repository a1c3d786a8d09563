// Progress of a multi-case run. On a terminal (stderr a tty) a one-line
// counter "[3/12] structured/recompiles" rewritten in place; otherwise a
// plain "[3/12] structured/recompiles" line on stdout before each case, so
// logs read in order. Nothing for a single case.
#pragma once

#include <cstddef>
#include <string>

namespace tc::report {

class Progress {
 public:
  explicit Progress(size_t total);
  void start(const std::string& name);  // before a case
  void clear();                         // before the case prints its report (tty only)

 private:
  size_t total_, done_ = 0;
  bool tty_;
};

}  // namespace tc::report
