#include "golden/golden_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "case/case_name.h"
#include "case/emitter_id.h"

namespace tc::golden {
namespace fs = std::filesystem;

std::string default_golden_root() {
  if (const char* env = std::getenv("TRACECHECK_GOLDEN_DIR"); env && *env) return env;
  return std::string(TRACECHECK_SOURCE_DIR) + "/golden";
}

static std::string checked_join(const std::string& root, const std::string& emitter, const std::string& case_name,
                                const char* suffix) {
  if (!cases::is_emitter_id(emitter) || !cases::is_safe_relative_path(case_name))
    throw std::invalid_argument("unsafe golden path: emitter '" + emitter + "', case '" + case_name + "'");
  return root + "/" + emitter + "/" + case_name + suffix;
}

std::string golden_path(const std::string& root, const std::string& emitter, const std::string& case_name) {
  return checked_join(root, emitter, case_name, ".txt");
}

std::string raw_path(const std::string& root, const std::string& emitter, const std::string& case_name) {
  return checked_join(root, emitter, case_name, ".raw");
}

std::vector<std::string> emitters_with_golden(const std::string& root, const std::string& case_name) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    std::string emitter = entry.path().filename().string();
    if (!entry.is_directory() || !cases::is_emitter_id(emitter)) continue;
    if (fs::is_regular_file(golden_path(root, emitter, case_name))) out.push_back(emitter);
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool emitter_has_goldens(const std::string& root, const std::string& emitter) {
  if (!cases::is_emitter_id(emitter)) return false;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root + "/" + emitter, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".txt") return true;
  return false;
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool write_file_atomic(const std::string& path, const std::string& content, std::string& error) {
  fs::path target(path);
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) {
    error = "cannot create " + target.parent_path().string() + ": " + ec.message();
    return false;
  }
  std::string tmp = (target.parent_path() / ("." + target.filename().string() + ".tmp.XXXXXX")).string();
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) {
    error = "cannot create a temp file beside " + path + ": " + std::strerror(errno);
    return false;
  }
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = "cannot write " + tmp + ": " + std::strerror(errno);
      ::close(fd);
      ::unlink(tmp.c_str());
      return false;
    }
    done += static_cast<size_t>(n);
  }
  ::fchmod(fd, 0644);
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    error = "cannot flush " + tmp + ": " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return false;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    error = "cannot rename " + tmp + " to " + path + ": " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace tc::golden
