#include "golden/pending_store.h"

#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <tuple>

#include "golden/golden_store.h"
#include "golden/raw_artifacts.h"
#include "io/file.h"

namespace tc::golden {
namespace fs = std::filesystem;

std::string pending_root(const std::string& work_root) {
  if (const char* env = std::getenv("TRACECHECK_PENDING_DIR"); env && *env) return env;
  return work_root + "/pending";
}

bool write_pending(const std::string& root, PendingEntry& e, const std::string& content, const std::string& capture_dir,
                   std::string& error) {
  std::string base = root + "/" + e.emitter + "/" + e.case_name;
  e.new_file = base + ".txt.new";
  e.raw_new = capture_dir.empty() ? "" : base + ".raw.new";
  std::error_code ec;
  fs::remove_all(base + ".raw.new", ec);
  if (!capture_dir.empty() && !store_raw(capture_dir, e.raw_new, raw_cap_bytes(), error)) return false;
  nlohmann::json meta = {{"case", e.case_name},
                         {"emitter", e.emitter},
                         {"golden", e.golden_file},
                         {"source", e.source},
                         {"raw", e.raw_new}};
  return io::write_file_atomic(e.new_file, content, error) &&
         io::write_file_atomic(e.new_file + ".json", meta.dump(2) + "\n", error);
}

std::vector<PendingEntry> list_pending(const std::string& root) {
  std::vector<PendingEntry> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::string path = it->path().string();
    if (!it->is_regular_file() || !path.ends_with(".txt.new.json")) continue;
    auto text = io::read_file(path);
    nlohmann::json meta = nlohmann::json::parse(text ? *text : "", nullptr, false);
    if (meta.is_discarded() || !meta.is_object()) continue;
    PendingEntry e;
    e.case_name = meta.value("case", "");
    e.emitter = meta.value("emitter", "");
    e.golden_file = meta.value("golden", "");
    e.source = meta.value("source", "");
    e.raw_new = meta.value("raw", "");
    e.new_file = path.substr(0, path.size() - 5);
    if (e.golden_file.empty() || !fs::is_regular_file(e.new_file)) continue;
    out.push_back(std::move(e));
  }
  std::sort(out.begin(), out.end(), [](const PendingEntry& a, const PendingEntry& b) {
    return std::tie(a.emitter, a.case_name) < std::tie(b.emitter, b.case_name);
  });
  return out;
}

namespace {

// Copies from into a temp folder beside to, then swaps it in; a failure
// keeps the previous folder.
bool swap_in_dir(const fs::path& from, const fs::path& to, std::string& error) {
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  std::string tmpl = (to.parent_path() / ("." + to.filename().string() + ".tmp.XXXXXX")).string();
  if (!::mkdtemp(tmpl.data())) return error = "cannot create a temp folder beside " + to.string(), false;
  fs::path tmp(tmpl);
  fs::copy(from, tmp, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  if (ec) {
    fs::remove_all(tmp, ec);
    return error = "cannot copy " + from.string() + ": " + ec.message(), false;
  }
  fs::path old = to.string() + ".old";
  fs::remove_all(old, ec);
  if (fs::exists(to)) fs::rename(to, old, ec);
  fs::rename(tmp, to, ec);
  if (ec) {
    fs::rename(old, to, ec);
    return error = "cannot move the raw artifacts to " + to.string(), false;
  }
  fs::remove_all(old, ec);
  fs::permissions(to,
                  fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read |
                      fs::perms::others_exec,
                  ec);
  return true;
}

}  // namespace

bool accept_pending(const PendingEntry& e, std::string& error) {
  auto content = io::read_file(e.new_file);
  if (!content) return error = "cannot read " + e.new_file, false;
  if (!e.raw_new.empty() && fs::is_directory(e.raw_new)) {
    std::string golden = e.golden_file;
    std::string raw = golden.substr(0, golden.size() - 4) + ".raw";  // <case>.txt -> <case>.raw
    if (!swap_in_dir(e.raw_new, raw, error)) return false;
  }
  if (!io::write_file_atomic(e.golden_file, *content, error)) return false;
  reject_pending(e);
  return true;
}

void reject_pending(const PendingEntry& e) {
  std::error_code ec;
  fs::remove(e.new_file, ec);
  fs::remove(e.new_file + ".json", ec);
  if (!e.raw_new.empty()) fs::remove_all(e.raw_new, ec);
}

}  // namespace tc::golden
