#include "io/input_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string_view>

#include "io/kept_stream.h"

namespace tc::io {
namespace {

// Reads a file descriptor. The first bytes can be pushed back (see
// open_input's gzip sniffing) so stdin needs no seek.
std::atomic<uint64_t> g_bytes_read{0};

class FdSource : public InputSource {
 public:
  FdSource(int fd, bool owned, std::string name) : fd_(fd), owned_(owned) { name_ = std::move(name); }
  ~FdSource() override {
    if (owned_) ::close(fd_);
  }

  void push_back(std::string bytes) { pending_ = std::move(bytes); }

  ptrdiff_t read(char* buf, size_t n) override {
    if (pending_pos_ < pending_.size()) {
      size_t k = std::min(n, pending_.size() - pending_pos_);
      std::memcpy(buf, pending_.data() + pending_pos_, k);
      pending_pos_ += k;
      return static_cast<ptrdiff_t>(k);
    }
    for (;;) {
      ssize_t got = ::read(fd_, buf, n);
      if (got >= 0) {
        g_bytes_read.fetch_add(static_cast<uint64_t>(got), std::memory_order_relaxed);
        return got;
      }
      if (errno == EINTR) continue;
      error_ = std::strerror(errno);
      return -1;
    }
  }

 private:
  int fd_;
  bool owned_;
  std::string pending_;
  size_t pending_pos_ = 0;
};

// Not a file that opens anew at its start (nor a directory).
bool is_stream(const struct stat& st) { return !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode) && !S_ISBLK(st.st_mode); }

}  // namespace

std::string input_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

bool reads_once(const std::string& path) {
  struct stat st {};
  return path == "-" || (::stat(path.c_str(), &st) == 0 && is_stream(st));
}

uint64_t bytes_read_total() { return g_bytes_read.load(std::memory_order_relaxed); }

std::unique_ptr<InputSource> open_input(const std::string& path, std::string& error) {
  // A stream this process opened before is read again from what was kept of it.
  if (std::unique_ptr<InputSource> kept = reopen_kept(path)) return kept;
  int fd = 0;
  bool owned = false;
  bool stream = true;  // kept (io/kept_stream.h)
  const std::string name = input_name(path);
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      error = std::strerror(errno);
      return nullptr;
    }
    owned = true;
    struct stat st {};
    if (::fstat(fd, &st) == 0) {
      if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        error = "is a directory";
        return nullptr;
      }
      stream = is_stream(st);
    }
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  }
  auto raw = std::make_unique<FdSource>(fd, owned, name);
  // Sniff the gzip magic (1f 8b) from the first bytes, then push them back.
  std::string head(2, '\0');
  size_t have = 0;
  while (have < head.size()) {
    ptrdiff_t got = raw->read(head.data() + have, head.size() - have);
    if (got < 0) {
      error = raw->error();
      return nullptr;
    }
    if (got == 0) break;
    have += static_cast<size_t>(got);
  }
  head.resize(have);
  bool is_gzip =
      head.size() == 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b;
  raw->push_back(std::move(head));
  std::unique_ptr<InputSource> source = std::move(raw);
  if (is_gzip) source = make_gzip_source(std::move(source));
  return stream ? keep_stream(path, std::move(source)) : std::move(source);
}

}  // namespace tc::io
