#include "report/baseline.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <utility>

#include "golden/drift.h"
#include "golden/golden_store.h"
#include "golden/record_diff.h"

namespace tc::report {
namespace {

// "PROFILE: RULE" for each error line ("error RULE ...") of the golden's
// [diagnostics PROFILE] sections.
std::set<std::string> defects_of(const std::string& text) {
  std::set<std::string> out;
  for (const golden::GoldenSection& s : golden::split_sections(text)) {
    if (!s.name.starts_with("diagnostics ")) continue;
    const std::string profile = s.name.substr(12);
    for (const std::string& line : s.lines) {
      if (!line.starts_with("error ")) continue;
      std::istringstream words(line.substr(6));
      std::string rule;
      words >> rule;
      if (!rule.empty()) out.insert(profile + ": " + rule);
    }
  }
  return out;
}

// The numbers of an emitter id's version ("torch-2.14.1-cu130" -> 2, 14, 1),
// each as its digits less leading zeros beside their count, so that they
// order as numbers of any length do (a folder named torch-99999999999999999999
// is a version too, and no long holds it).
using VersionNumber = std::pair<size_t, std::string>;
std::vector<VersionNumber> version_of(const std::string& emitter) {
  std::vector<VersionNumber> out;
  size_t i = emitter.find('-');
  if (i == std::string::npos) return out;
  ++i;
  while (i < emitter.size() && emitter[i] >= '0' && emitter[i] <= '9') {
    while (i + 1 < emitter.size() && emitter[i] == '0' && emitter[i + 1] >= '0' && emitter[i + 1] <= '9') ++i;
    const size_t from = i;
    while (i < emitter.size() && emitter[i] >= '0' && emitter[i] <= '9') ++i;
    out.emplace_back(i - from, emitter.substr(from, i - from));
    if (i < emitter.size() && emitter[i] == '.')
      ++i;
    else
      break;
  }
  return out;
}

}  // namespace

bool emitter_older(const std::string& a, const std::string& b) { return version_of(a) < version_of(b); }

std::vector<std::string> newest_torch_pair(const std::string& golden_root) {
  std::vector<std::string> torch;
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator(golden_root, ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.starts_with("torch-") && golden::emitter_has_goldens(golden_root, name)) torch.push_back(name);
  }
  if (torch.size() < 2) return {};
  std::sort(torch.begin(), torch.end(), emitter_older);
  return {torch[torch.size() - 2], torch.back()};
}

BaselineJudgement judge_against_baseline(const std::string& case_name, const std::string& baseline_text,
                                         const std::string& actual_text, const std::string& diff_mode) {
  BaselineJudgement j;
  golden::CaseDrift d;
  d.case_name = case_name;
  golden::compare_goldens(baseline_text, actual_text, d);
  j.drift_text = golden::describe_drift(d);
  j.diff = golden::golden_diff(baseline_text, actual_text, "baseline", diff_mode);
  const std::set<std::string> before = defects_of(baseline_text), now = defects_of(actual_text);
  std::set_difference(now.begin(), now.end(), before.begin(), before.end(), std::back_inserter(j.new_defects));
  std::set_difference(before.begin(), before.end(), now.begin(), now.end(), std::back_inserter(j.fixed_defects));
  return j;
}

std::string nearest_older(const std::string& emitter, const std::vector<std::string>& with_golden) {
  const std::string tool = emitter.substr(0, emitter.find('-'));
  std::vector<std::string> same_tool;
  for (const std::string& e : with_golden)
    if (e != emitter && e.substr(0, e.find('-')) == tool) same_tool.push_back(e);
  if (same_tool.empty()) return "";
  std::sort(same_tool.begin(), same_tool.end(), emitter_older);
  std::string best;
  for (const std::string& e : same_tool)
    if (emitter_older(e, emitter)) best = e;
  return best.empty() ? same_tool.back() : best;
}

}  // namespace tc::report
