#include "case/capture_tree.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace tc::cases {
namespace {
namespace fs = std::filesystem;

// N of a folder named runN (N >= 1, digits only), else 0.
unsigned run_number(const std::string& name) {
  if (name.size() < 4 || name.compare(0, 3, "run") != 0 || name.size() > 12) return 0;
  unsigned n = 0;
  for (size_t i = 3; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return 0;
    n = n * 10 + static_cast<unsigned>(name[i] - '0');
  }
  return n;
}

bool is_capture(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "outcome.json", ec) || fs::is_regular_file(dir / "env.json", ec);
}

// The runN/ captures of `dir`, in run order.
std::vector<std::string> numbered_runs(const fs::path& dir) {
  std::vector<std::pair<unsigned, std::string>> runs;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (!e.is_directory(ec) || e.is_symlink(ec)) continue;
    if (unsigned n = run_number(e.path().filename().string()); n > 0 && is_capture(e.path()))
      runs.emplace_back(n, e.path().string());
  }
  std::sort(runs.begin(), runs.end());
  std::vector<std::string> out;
  for (auto& [n, path] : runs) out.push_back(std::move(path));
  return out;
}

// "<parent name>/<name>" of a folder: the case name it would stand for.
std::string case_name_of(const fs::path& dir) {
  return dir.parent_path().filename().string() + "/" + dir.filename().string();
}

}  // namespace

CaptureTree find_capture_tree(const std::string& root, const std::vector<std::string>& case_names) {
  const std::set<std::string> known(case_names.begin(), case_names.end());
  CaptureTree tree;
  std::map<std::string, CaseCaptures> found;
  std::set<std::string> duplicated;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::none, ec), end;
  if (ec) {
    tree.problems.push_back(root + ": " + ec.message());
    return tree;
  }
  for (; it != end; it.increment(ec)) {
    if (ec) {
      tree.problems.push_back(root + ": " + ec.message());
      break;
    }
    if (!it->is_directory(ec) || it->is_symlink(ec)) continue;
    const fs::path& dir = it->path();
    const std::string name = case_name_of(dir);
    if (!known.count(name)) {
      if (run_number(dir.filename().string()) == 0 && is_capture(dir)) {
        tree.problems.push_back(dir.string() + ": a capture of no known case (cases/<group>/<name>.json)");
        it.disable_recursion_pending();
      }
      continue;
    }
    it.disable_recursion_pending();
    CaseCaptures c{name, dir.string(), numbered_runs(dir)};
    if (c.runs.empty() && is_capture(dir)) c.runs.push_back(dir.string());
    if (c.runs.empty()) {
      tree.problems.push_back(dir.string() + ": " + name + " holds no capture (outcome.json) and no runN/ captures");
      continue;
    }
    if (auto [at, inserted] = found.emplace(name, c); !inserted) {
      tree.problems.push_back(dir.string() + ": " + name + " is also captured in " + at->second.folder +
                              "; neither is accepted");
      duplicated.insert(name);
    }
  }
  for (auto& [name, c] : found)
    if (!duplicated.count(name)) tree.cases.push_back(std::move(c));
  return tree;
}

}  // namespace tc::cases
