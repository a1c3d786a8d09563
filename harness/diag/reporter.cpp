#include "diag/reporter.h"

#include <algorithm>
#include <tuple>

namespace tc::diag {

void Reporter::report(Diagnostic d) {
  uint64_t& n = counts_[d.rule];
  ++n;
  if (n <= keep_per_rule_) kept_.push_back(std::move(d));
}

void Reporter::report(std::string_view rule, Location loc, std::string message,
                      std::string record_kind, std::string pointer, std::string hint) {
  Diagnostic d;
  d.rule = std::string(rule);
  d.location = std::move(loc);
  d.message = std::move(message);
  d.record_kind = std::move(record_kind);
  d.pointer = std::move(pointer);
  d.hint = std::move(hint);
  report(std::move(d));
}

bool Reporter::count_if_full(std::string_view rule) {
  auto it = counts_.find(rule);
  if (it == counts_.end() || it->second < keep_per_rule_) return false;
  ++it->second;
  return true;
}

void Reporter::absorb(Reporter&& other) {
  std::map<std::string, uint64_t, std::less<>> kept_before;
  for (Diagnostic& d : other.kept_) {
    uint64_t& n = counts_[d.rule];
    ++n;
    ++kept_before[d.rule];
    if (n <= keep_per_rule_) kept_.push_back(std::move(d));
  }
  // Findings `other` counted but did not keep.
  for (const auto& [rule, n] : other.counts_) counts_[rule] += n - kept_before[rule];
  other.kept_.clear();
  other.counts_.clear();
}

uint64_t Reporter::count(std::string_view rule) const {
  auto it = counts_.find(rule);
  return it == counts_.end() ? 0 : it->second;
}

Verdict resolve(const Reporter& reporter, const Profile& profile) {
  Verdict v;
  v.profile = profile.name;
  for (const auto& [rule, n] : reporter.counts()) {
    Severity s = profile.severity_of(rule);
    if (s == Severity::Error) v.errors += n;
    else if (s == Severity::Warning) v.warnings += n;
  }
  for (const Diagnostic& d : reporter.kept()) {
    Severity s = profile.severity_of(d.rule);
    if (s == Severity::Off) continue;
    Diagnostic copy = d;
    copy.severity = s;
    v.diagnostics.push_back(std::move(copy));
  }
  std::stable_sort(v.diagnostics.begin(), v.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.location.file, a.location.line, a.location.column) <
           std::tie(b.location.file, b.location.line, b.location.column);
  });
  v.not_shown = v.errors + v.warnings - v.diagnostics.size();
  return v;
}

}  // namespace tc::diag
