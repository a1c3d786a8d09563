#include "golden/folder_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace tc::golden {

FolderLock::FolderLock(const std::string& folder) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    error_ = "cannot open " + folder + " to lock it: " + std::strerror(errno);
    return;
  }
  int rc;
  do rc = ::flock(fd, LOCK_EX);
  while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    error_ = "cannot lock " + folder + ": " + std::strerror(errno);
    ::close(fd);
    return;
  }
  fd_ = fd;
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the lock
}

}  // namespace tc::golden
