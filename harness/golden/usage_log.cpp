#include "golden/usage_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <tuple>

#include "case/emitter_id.h"

namespace tc::golden {
namespace fs = std::filesystem;

void record_use(const std::string& work_root, const std::string& emitter, const std::string& case_name) {
  static const std::string file = [] {
    std::random_device rd;
    return std::to_string(::getpid()) + "-" + std::to_string(rd()) + ".tsv";
  }();
  std::error_code ec;
  fs::create_directories(fs::path(work_root) / "used", ec);
  std::string line = emitter + "\t" + case_name + "\n";
  int fd = ::open((fs::path(work_root) / "used" / file).c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  ssize_t n = ::write(fd, line.data(), line.size());
  (void)n;
  ::close(fd);
}

bool read_uses(const std::string& work_root, std::set<std::pair<std::string, std::string>>& uses) {
  std::error_code ec;
  bool any = false;
  for (const auto& e : fs::directory_iterator(fs::path(work_root) / "used", ec)) {
    if (e.path().extension() != ".tsv") continue;
    any = true;
    std::ifstream in(e.path());
    std::string line;
    while (std::getline(in, line)) {
      size_t tab = line.find('\t');
      if (tab != std::string::npos) uses.emplace(line.substr(0, tab), line.substr(tab + 1));
    }
  }
  return any;
}

void clear_uses(const std::string& work_root) {
  std::error_code ec;
  fs::remove_all(fs::path(work_root) / "used", ec);
}

std::vector<StaleItem> find_stale(const std::string& golden_root,
                                  const std::set<std::pair<std::string, std::string>>& uses) {
  std::vector<StaleItem> out;
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(golden_root, ec)) {
    std::string emitter = dir.path().filename().string();
    if (!dir.is_directory() || !cases::is_emitter_id(emitter)) continue;
    auto it = fs::recursive_directory_iterator(dir.path(), ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      fs::path p = it->path();
      std::string name = p.filename().string();
      bool raw = it->is_directory() && p.extension() == ".raw";
      bool golden = it->is_regular_file() && p.extension() == ".txt";
      if (raw) it.disable_recursion_pending();
      if ((!raw && !golden) || name.starts_with(".")) continue;
      std::string rel = fs::relative(p, dir.path(), ec).replace_extension().generic_string();
      if (!uses.count({emitter, rel})) out.push_back({emitter, rel, p.string(), raw});
    }
  }
  std::sort(out.begin(), out.end(), [](const StaleItem& a, const StaleItem& b) {
    return std::tie(a.emitter, a.case_name, a.raw) < std::tie(b.emitter, b.case_name, b.raw);
  });
  return out;
}

}  // namespace tc::golden
