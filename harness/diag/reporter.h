// Collects findings during one pass over the inputs, then resolves them
// against any number of profiles: checks run once, every consumer's verdict
// comes from the same findings.
//
// Contract: report() ignores Diagnostic::severity (profiles decide it). At
// most `keep_per_rule` findings of each rule are stored for printing; every
// finding is counted, per rule and file, so verdicts stay exact on inputs
// with millions of defects while memory stays bounded.
//
// A format declares which consumers read each file it checked (read_by):
// `default` raises a finding's severity to what those consumers give it
// (diag/profile.h Profile::raised_by), so a Kineto trace answers for HTA and
// a clang trace does not.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/profile.h"

namespace tc::diag {

class Reporter {
 public:
  explicit Reporter(size_t keep_per_rule = 200) : keep_per_rule_(keep_per_rule) {}
  size_t keep_per_rule() const { return keep_per_rule_; }

  void report(Diagnostic d);
  // Shorthand for the common case.
  void report(std::string_view rule, Location loc, std::string message,
              std::string record_kind = {}, std::string pointer = {}, std::string hint = {});
  // Counts a finding of `rule` in `file` without its details when no more
  // of them would be kept (true), so a hot check can skip building one
  // nobody will see; false when it would be kept: report() it then.
  // `unread_by` as Diagnostic::unread_by.
  bool count_if_full(std::string_view rule, std::string_view file, std::string_view unread_by = {});

  // The consumer profiles (by name) that read `file`, as its format judged
  // it (a Kineto trace: chrome, perfetto and hta); replaces an earlier call.
  void read_by(const std::string& file, std::vector<std::string> consumers);
  // nullptr when no format declared the file's readers.
  const std::vector<std::string>* readers_of(std::string_view file) const;

  // Takes `other`'s findings as if they were reported here after everything
  // reported so far (kept ones in their order, within this keep limit; every
  // count added), so per-input Reporters merged in input order equal one
  // sequential pass.
  void absorb(Reporter&& other);

  const std::vector<Diagnostic>& kept() const { return kept_; }
  const std::map<std::string, uint64_t, std::less<>>& counts() const { return counts_; }
  // Rule -> file -> findings; the per-file split of counts().
  using FileCounts = std::map<std::string, std::map<std::string, uint64_t, std::less<>>, std::less<>>;
  const FileCounts& file_counts() const { return file_counts_; }
  uint64_t count(std::string_view rule) const;
  // Rule -> file -> consumer profile -> how many of file_counts()' findings
  // are on records that profile drops unread (Diagnostic::unread_by).
  using UnreadCounts = std::map<std::string, std::map<std::string, std::map<std::string, uint64_t, std::less<>>,
                                                      std::less<>>, std::less<>>;
  const UnreadCounts& unread_counts() const { return unread_counts_; }

  // Record accounting (diag/accounting.h). A format brackets each record it
  // reads (a Chrome trace's event) with open_record() and close_record():
  // every rule reported in between is the record's, and the record is
  // counted once, under its file, its kind ("slice", "flow", ...), the
  // consumer profile that drops it unread (Diagnostic::unread_by, or "")
  // and the set of its rules; an empty kind counts nothing (a record that is
  // no event). Records do not nest; one thread fills one Reporter, as for
  // findings.
  void open_record();
  void close_record(std::string_view file, std::string_view kind, std::string_view unread_by);
  struct RecordKey {
    std::string kind;
    std::string unread_by;
    // Sorted, each once; empty for a clean record. A finding that a consumer
    // drops unread is "rule" kUnreadBy "consumer" (split_record_rule).
    std::vector<std::string> rules;
    auto operator<=>(const RecordKey&) const = default;
  };
  static constexpr char kUnreadBy = '\x1f';
  // One of RecordKey::rules as (rule id, the consumer that drops the finding
  // unread or "").
  static std::pair<std::string_view, std::string_view> split_record_rule(std::string_view rule);
  // File -> key -> records.
  using RecordCounts = std::map<std::string, std::map<RecordKey, uint64_t>, std::less<>>;
  const RecordCounts& record_counts() const { return record_counts_; }
  // A consumer that keeps fewer of `file`'s records than the counts say, for
  // a reason no single record shows (HTA's step filter): the counts are an
  // upper bound for it, and `why` says so.
  void note_fewer_kept(std::string_view file, std::string_view consumer, std::string why);
  // File -> consumer -> why.
  using FewerKept = std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>>;
  const FewerKept& fewer_kept() const { return fewer_kept_; }

 private:
  void note_record_rule(std::string_view rule, std::string_view unread_by);
  // Each adds n to its counter and returns it.
  uint64_t& count_in_file(std::string_view rule, std::string_view file, uint64_t n);
  uint64_t& count_unread(std::string_view rule, std::string_view file, std::string_view consumer, uint64_t n);

  size_t keep_per_rule_;
  std::vector<Diagnostic> kept_;
  std::map<std::string, uint64_t, std::less<>> counts_;
  FileCounts file_counts_;
  UnreadCounts unread_counts_;
  std::map<std::string, std::vector<std::string>, std::less<>> readers_;
  RecordCounts record_counts_;
  FewerKept fewer_kept_;
  bool record_open_ = false;
  // The open record's rules: the first record_rules_used_ (the strings
  // beyond are kept for reuse).
  std::vector<std::string> record_rules_;
  size_t record_rules_used_ = 0;
  // The counters of the last records counted, found again when the next one
  // has the same file and key, so that the common record costs no map
  // lookup and no allocation: four for clean records (a trace's slices and
  // flows alternate, each kind with its own unread_by), two for the others.
  // A copy starts without them: the pointers are into this object.
  struct RecordCache {
    std::string file;
    RecordKey key;
    uint64_t* count = nullptr;
    RecordCache() = default;
    RecordCache(const RecordCache&) {}
    RecordCache& operator=(const RecordCache&) {
      count = nullptr;
      return *this;
    }
  };
  std::array<RecordCache, 4> clean_cache_;
  std::array<RecordCache, 2> rule_cache_;
  size_t clean_next_ = 0, rule_next_ = 0;  // the entry replaced next
  size_t clean_hit_ = 0, rule_hit_ = 0;    // the entry that matched last
  // The counters of the last few (rule, file, unread_by) that count_if_full
  // counted, so that a rule past its keep limit costs no map lookup: a
  // trace with half a million warnings counts them at the cost of a string
  // compare each. Pointers into this object's maps, whose nodes stay put; a
  // copy starts without them, and absorb() clears the absorbed one's.
  struct CountCache {
    struct Entry {
      std::string rule, file, unread_by;
      uint64_t* count = nullptr;
      uint64_t* in_file = nullptr;
      uint64_t* unread = nullptr;  // null when unread_by is empty
    };
    std::array<Entry, 4> entries;
    size_t next = 0;  // the entry replaced next
    CountCache() = default;
    CountCache(const CountCache&) {}
    CountCache& operator=(const CountCache&) {
      clear();
      return *this;
    }
    void clear() {
      for (Entry& e : entries) e.count = nullptr;
    }
  };
  CountCache count_cache_;
};

struct Verdict {
  std::string profile;
  uint64_t errors = 0;
  uint64_t warnings = 0;
  uint64_t not_shown = 0;  // counted but beyond the per-rule keep limit
  std::vector<Diagnostic> diagnostics;  // severity resolved, Off dropped, sorted by location
  bool failed(bool werror) const { return errors > 0 || (werror && warnings > 0); }
};

Verdict resolve(const Reporter& reporter, const Profile& profile);

// The severity `profile` gives a finding of `rule` in `file` of `reporter`:
// its own, raised (for `default`) by each declared reader of the file; for a
// finding on a record `unread_by` drops unread, off in that profile and not
// raised through it.
Severity severity_in(const Reporter& reporter, const Profile& profile, std::string_view rule, std::string_view file,
                     std::string_view unread_by = {});

}  // namespace tc::diag
