#include "diag/accounting.h"

#include <algorithm>

namespace tc::diag {

Accounting account(const Reporter& reporter, const Profile& profile) {
  Accounting a;
  if (profile.format.empty()) return a;  // `default` models no consumer
  for (const auto& [file, keys] : reporter.record_counts()) {
    a.has_records = true;
    if (const auto f = reporter.fewer_kept().find(file); f != reporter.fewer_kept().end())
      if (const auto c = f->second.find(profile.name); c != f->second.end() && a.fewer_kept.empty())
        a.fewer_kept = c->second;
    for (const auto& [key, n] : keys) {
      const bool metadata = key.kind == "metadata";
      if (key.unread_by == profile.name) {
        if (metadata) continue;
        a.unread += n;
        continue;
      }
      Severity worst = Severity::Off;
      for (const std::string& rule : key.rules) {
        const auto [id, unread_by] = Reporter::split_record_rule(rule);
        worst = std::max(worst, severity_in(reporter, profile, id, file, unread_by));
      }
      if (worst == Severity::Error) {
        if (!metadata) a.dropped += n;
        continue;
      }
      a.kept_by_kind[key.kind] += n;
      if (metadata) continue;
      a.kept += n;
      if (worst == Severity::Warning) a.changed += n;
    }
  }
  return a;
}

std::string describe(const Accounting& a, std::string_view noun) {
  if (!a.has_records) return {};
  std::string s = std::to_string(a.kept) + " " + std::string(noun) + (a.kept == 1 ? "" : "s");
  if (a.dropped) s += ", " + std::to_string(a.dropped) + " dropped";
  if (a.changed) s += ", " + std::to_string(a.changed) + " changed";
  if (a.unread) s += ", " + std::to_string(a.unread) + " not read";
  if (!a.fewer_kept.empty()) s += "; at most: " + a.fewer_kept;
  return s;
}

}  // namespace tc::diag
