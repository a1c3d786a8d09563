// An exclusive lock on a folder, across processes: flock(2) on the folder
// itself (created when missing), held until the object is destroyed. Used to
// serialise the writers of one golden (its text and its raw artifacts are
// two writes), e.g. the live and replay tests of one case accepting at once
// under `ctest -j`. Nothing is written to the folder; flock is advisory, so
// only writers that take the lock are serialised. A child forked while the
// lock is held shares it until it exits or execs (the descriptor is
// close-on-exec).
#pragma once

#include <string>

namespace tc::golden {

class FolderLock {
 public:
  // Blocks until the lock is held; on failure locked() is false and error()
  // says why (the caller may go on unlocked or give up).
  explicit FolderLock(const std::string& folder);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  bool locked() const { return fd_ >= 0; }
  const std::string& error() const { return error_; }

 private:
  int fd_ = -1;
  std::string error_;
};

}  // namespace tc::golden
