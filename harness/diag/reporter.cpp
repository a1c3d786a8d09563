#include "diag/reporter.h"

#include <algorithm>
#include <span>
#include <tuple>

#include "io/same_bytes.h"

namespace tc::diag {

// The caches below compare with io::same_bytes (sizes, then bytes, inline):
// string_view's == calls its compare out of line, 1.2% more instructions a
// MiB of Kineto trace (count_work.py), and so does memcmp.
using io::same_bytes;

uint64_t& Reporter::count_in_file(std::string_view rule, std::string_view file, uint64_t n) {
  auto r = file_counts_.find(rule);
  if (r == file_counts_.end()) r = file_counts_.emplace(std::string(rule), FileCounts::mapped_type{}).first;
  auto f = r->second.find(file);
  if (f == r->second.end()) f = r->second.emplace(std::string(file), 0).first;
  return f->second += n;
}

uint64_t& Reporter::count_unread(std::string_view rule, std::string_view file, std::string_view consumer,
                                 uint64_t n) {
  auto r = unread_counts_.find(rule);
  if (r == unread_counts_.end()) r = unread_counts_.emplace(std::string(rule), UnreadCounts::mapped_type{}).first;
  auto f = r->second.find(file);
  if (f == r->second.end()) f = r->second.emplace(std::string(file), UnreadCounts::mapped_type::mapped_type{}).first;
  auto c = f->second.find(consumer);
  if (c == f->second.end()) c = f->second.emplace(std::string(consumer), 0).first;
  return c->second += n;
}

void Reporter::report(Diagnostic d) {
  if (record_open_) note_record_rule(d.rule, d.unread_by);
  uint64_t& n = counts_[d.rule];
  ++n;
  count_in_file(d.rule, d.location.file, 1);
  if (!d.unread_by.empty()) count_unread(d.rule, d.location.file, d.unread_by, 1);
  if (n <= keep_per_rule_) kept_.push_back(std::move(d));
}

void Reporter::report(std::string_view rule, Location loc, std::string message,
                      std::string record_kind, std::string pointer, std::string hint) {
  report(make_diagnostic(rule, std::move(loc), std::move(message), std::move(record_kind), std::move(pointer),
                        std::move(hint)));
}

bool Reporter::count_if_full(std::string_view rule, std::string_view file, std::string_view unread_by) {
  if (record_open_) note_record_rule(rule, unread_by);
  // Only a full rule is cached, and it stays full: a hit counts at once.
  for (CountCache::Entry& e : count_cache_.entries) {
    if (!e.count || !same_bytes(e.rule, rule) || !same_bytes(e.file, file) ||
        !same_bytes(e.unread_by, unread_by))
      continue;
    ++*e.count;
    ++*e.in_file;
    if (e.unread) ++*e.unread;
    return true;
  }
  auto it = counts_.find(rule);
  if (it == counts_.end() || it->second < keep_per_rule_) return false;
  ++it->second;
  CountCache::Entry& e = count_cache_.entries[count_cache_.next];
  count_cache_.next = (count_cache_.next + 1) % count_cache_.entries.size();
  e.rule.assign(rule);
  e.file.assign(file);
  e.unread_by.assign(unread_by);
  e.count = &it->second;
  e.in_file = &count_in_file(rule, file, 1);
  e.unread = unread_by.empty() ? nullptr : &count_unread(rule, file, unread_by, 1);
  return true;
}

void Reporter::note_record_rule(std::string_view rule, std::string_view unread_by) {
  // The strings of earlier records are reused: a record's rules allocate
  // nothing once their texts have been seen.
  if (record_rules_used_ == record_rules_.size()) record_rules_.emplace_back();
  std::string& r = record_rules_[record_rules_used_++];
  r.assign(rule);
  if (!unread_by.empty()) r.append(1, kUnreadBy).append(unread_by);
}

void Reporter::open_record() {
  record_open_ = true;
  record_rules_used_ = 0;
}

void Reporter::close_record(std::string_view file, std::string_view kind, std::string_view unread_by) {
  record_open_ = false;
  const auto first = record_rules_.begin();
  auto last = first + static_cast<ptrdiff_t>(record_rules_used_);
  record_rules_used_ = 0;
  if (kind.empty()) return;
  if (last - first > 1) {
    std::sort(first, last);
    last = std::unique(first, last);
  }
  // The counters of the last clean records, else of the last other ones;
  // the one that matched last is tried first (records of a kind come in runs).
  const bool clean = first == last;
  const std::span<RecordCache> caches = clean ? std::span<RecordCache>(clean_cache_) : std::span<RecordCache>(rule_cache_);
  size_t& last_hit = clean ? clean_hit_ : rule_hit_;
  for (size_t k = 0, at = last_hit; k < caches.size(); ++k, at = at + 1 == caches.size() ? 0 : at + 1) {
    RecordCache& cache = caches[at];
    if (cache.count && same_bytes(cache.key.kind, kind) && same_bytes(cache.key.unread_by, unread_by) &&
        same_bytes(cache.file, file) && std::equal(first, last, cache.key.rules.begin(), cache.key.rules.end())) {
      ++*cache.count;
      last_hit = at;
      return;
    }
  }
  size_t& next = clean ? clean_next_ : rule_next_;
  RecordCache& cache = caches[next];
  next = (next + 1) % caches.size();
  auto f = record_counts_.find(file);
  if (f == record_counts_.end()) f = record_counts_.emplace(std::string(file), RecordCounts::mapped_type{}).first;
  RecordKey key{std::string(kind), std::string(unread_by), std::vector<std::string>(first, last)};
  auto it = f->second.find(key);
  if (it == f->second.end()) it = f->second.emplace(key, 0).first;
  ++it->second;
  cache.file.assign(file);
  cache.key = std::move(key);
  cache.count = &it->second;
}

std::pair<std::string_view, std::string_view> Reporter::split_record_rule(std::string_view rule) {
  const size_t cut = rule.find(kUnreadBy);
  if (cut == std::string_view::npos) return {rule, {}};
  return {rule.substr(0, cut), rule.substr(cut + 1)};
}

void Reporter::note_fewer_kept(std::string_view file, std::string_view consumer, std::string why) {
  fewer_kept_[std::string(file)][std::string(consumer)] = std::move(why);
}

void Reporter::read_by(const std::string& file, std::vector<std::string> consumers) {
  readers_[file] = std::move(consumers);
}

const std::vector<std::string>* Reporter::readers_of(std::string_view file) const {
  auto it = readers_.find(file);
  return it == readers_.end() ? nullptr : &it->second;
}

void Reporter::absorb(Reporter&& other) {
  std::map<std::string, uint64_t, std::less<>> kept_before;
  for (Diagnostic& d : other.kept_) {
    uint64_t& n = counts_[d.rule];
    ++n;
    ++kept_before[d.rule];
    if (n <= keep_per_rule_) kept_.push_back(std::move(d));
  }
  // Findings `other` counted but did not keep (its kept ones are counted above).
  for (const auto& [rule, n] : other.counts_) counts_[rule] += n - kept_before[rule];
  for (const auto& [rule, files] : other.file_counts_)
    for (const auto& [file, n] : files) count_in_file(rule, file, n);
  for (const auto& [rule, files] : other.unread_counts_)
    for (const auto& [file, consumers] : files)
      for (const auto& [consumer, n] : consumers) count_unread(rule, file, consumer, n);
  for (auto& [file, consumers] : other.readers_) readers_[file] = std::move(consumers);
  for (const auto& [file, keys] : other.record_counts_)
    for (const auto& [key, n] : keys) record_counts_[file][key] += n;
  other.record_counts_.clear();
  for (RecordCache& cache : other.clean_cache_) cache.count = nullptr;
  for (RecordCache& cache : other.rule_cache_) cache.count = nullptr;
  other.count_cache_.clear();
  for (auto& [file, consumers] : other.fewer_kept_)
    for (auto& [consumer, why] : consumers) fewer_kept_[file][consumer] = std::move(why);
  other.fewer_kept_.clear();
  other.kept_.clear();
  other.counts_.clear();
  other.file_counts_.clear();
  other.unread_counts_.clear();
  other.readers_.clear();
}

uint64_t Reporter::count(std::string_view rule) const {
  auto it = counts_.find(rule);
  return it == counts_.end() ? 0 : it->second;
}

Severity severity_in(const Reporter& reporter, const Profile& profile, std::string_view rule, std::string_view file,
                     std::string_view unread_by) {
  if (!unread_by.empty() && profile.name == unread_by) return Severity::Off;
  Severity s = profile.severity_of(rule);
  if (profile.raised_by.empty()) return s;
  const std::vector<std::string>* readers = reporter.readers_of(file);
  if (!readers) return s;
  for (const std::string& consumer : *readers) {
    if (consumer == unread_by) continue;
    auto c = profile.raised_by.find(consumer);
    if (c == profile.raised_by.end()) continue;
    auto r = c->second.find(rule);
    if (r != c->second.end()) s = std::max(s, r->second);
  }
  return s;
}

Verdict resolve(const Reporter& reporter, const Profile& profile) {
  Verdict v;
  v.profile = profile.name;
  auto add = [&v](Severity s, uint64_t n) {
    if (s == Severity::Error) v.errors += n;
    else if (s == Severity::Warning) v.warnings += n;
  };
  const Reporter::UnreadCounts& unread = reporter.unread_counts();
  for (const auto& [rule, files] : reporter.file_counts()) {
    const auto r = unread.find(rule);
    for (const auto& [file, n] : files) {
      uint64_t read = n;
      if (r != unread.end()) {
        if (const auto f = r->second.find(file); f != r->second.end()) {
          for (const auto& [consumer, u] : f->second) {
            add(severity_in(reporter, profile, rule, file, consumer), u);
            read -= u;
          }
        }
      }
      add(severity_in(reporter, profile, rule, file), read);
    }
  }
  for (const Diagnostic& d : reporter.kept()) {
    Severity s = severity_in(reporter, profile, d.rule, d.location.file, d.unread_by);
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
