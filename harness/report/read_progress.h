// A progress line for long reads: while it lives, on a terminal, stderr
// shows "tracecheck: 1234 MB read, 456 MB/s" rewritten in place (the bytes
// every InputSource read, io::bytes_read_total), from one second on, and the
// line is cleared when it ends. Never when stderr is not a tty, nor under CI
// (CI set): logs and captured output stay exactly as without it.
//
// Contract: one reporter thread, woken every 250 ms; the destructor stops
// it and erases the line before anything else prints.
#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>

namespace tc::report {

class ReadProgress {
 public:
  ReadProgress();
  ~ReadProgress();
  ReadProgress(const ReadProgress&) = delete;
  ReadProgress& operator=(const ReadProgress&) = delete;

  // Whether a progress line may be shown here (a tty, not CI).
  static bool wanted();

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  bool shown_ = false;
  std::thread thread_;
};

}  // namespace tc::report
