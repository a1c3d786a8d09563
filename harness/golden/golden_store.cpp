#include "golden/golden_store.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
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

}  // namespace tc::golden
