// The Chrome Trace Event Format invariants (../shared/spec/formats.md §1.3-1.4), checked
// event by event in one pass over ChromeTraceReader's output.
//
// Contract:
//  - member() for each top-level member, event() for each event in file
//    order, then finish() once: pairings still open at the end (B without E,
//    async b without e, flow s without f) are reported there;
//  - every finding is a catalog rule (ct-*; kt-* for the Kineto extras in
//    kineto.h, which this checker drives); severities come from the
//    profiles, so the checker reports what it sees and never decides;
//  - pairing ignores event order (the spec makes it insignificant): a flow
//    end before its start pairs too;
//  - memory is bounded by the open pairings (per-thread B stacks, open async
//    slices and flows), each capped at kMaxOpen entries; beyond the cap the
//    pairing checks stop for that kind (noted once as a warning).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "formats/chrome_trace/fields.h"
#include "formats/chrome_trace/u64_map.h"
#include "diag/reporter.h"
#include "formats/chrome_trace/reader.h"
#include "formats/schema_findings.h"

namespace tc::formats::chrome_trace {

class KinetoChecker;

class ChromeChecker {
 public:
  static constexpr size_t kMaxOpen = size_t{1} << 17;

  ChromeChecker(diag::Reporter& reporter, std::string file);
  ~ChromeChecker();

  // `facts`: the record's schema failures (ChromeSchemaChecker), which the
  // findings about the same fields claim; may be null.
  void member(const ChromeMember& m, SchemaFacts* facts = nullptr);
  void event(const ChromeEvent& e, SchemaFacts* facts = nullptr);
  // An event that event() will see soon (ChromeReadOptions::ahead): starts
  // fetching the flow table's entry of its flow, whose miss would otherwise
  // stall the check (the table of a GPU trace's open flows is far larger
  // than the caches). No finding depends on it.
  void ahead(const EventKeys& keys) {
    if (keys.flow) flows_.prefetch(keys.flow);
  }
  void finish(const ChromeReadInfo& info);
  // Whether the trace is a Kineto export (KinetoChecker::is_kineto).
  bool is_kineto() const;
  // The last event()'s record kind ("slice", "flow", ...; "unknown" without
  // a known phase) and the consumer profile that drops it unread ("hta" or
  // ""), for Reporter::close_record.
  std::string_view record_kind() const { return kind_; }
  std::string_view record_unread_by() const { return event_unread_by_; }

 private:
  struct Open {
    std::string name;
    double ts = 0;
    uint64_t line = 0, column = 0;
    std::string pointer;
  };
  struct Thread {
    std::vector<Open> stack;
    double last_ts = -1e300;
  };

  void check_event(const ChromeEvent& e);
  void note_hta_ts_type(const EventFields& f, bool big_integers);
  // A finding about `field` (pointer and position at it; none: the event).
  void report(std::string_view rule, const ChromeEvent& e, std::string message, std::string_view ph,
              std::string_view field = {}, std::string_view hint = {});
  // A finding about the absent field `missing` (at the event).
  void report_missing(std::string_view rule, const ChromeEvent& e, std::string message, std::string_view ph,
                      std::string_view missing, std::string_view hint = {});
  void report_fact(std::string_view rule, const ChromeEvent& e, std::string message, std::string_view ph,
                   std::string_view field, std::string_view fact, std::string_view hint);
  // report(), for a rule a trace may break 10^5 times: `make_message()` runs
  // only for a finding that is reported, not for one that is only counted.
  template <class MakeMessage>
  void report_made(std::string_view rule, const ChromeEvent& e, MakeMessage&& make_message, std::string_view ph,
                   std::string_view field, std::string_view hint) {
    const bool breaks_schema = claim(field);
    if (reporter_.count_if_full(rule, file_, unread_by_)) return;
    emit(rule, e, make_message(), ph, field, hint, breaks_schema);
  }
  // Claims the schema fact `fact` for this finding (so the schema check does
  // not report it again), even when the finding is only counted; whether
  // the event breaks the schema there.
  bool claim(std::string_view fact) { return facts_ && !fact.empty() && facts_->claim(fact); }
  void emit(std::string_view rule, const ChromeEvent& e, std::string message, std::string_view ph,
            std::string_view field, std::string_view hint, bool breaks_schema);
  void report_open(std::string_view rule, const Open& o, std::string message, std::string_view kind);
  // B/E events are paired per thread as catapult keys threads (`js_key`:
  // the JavaScript string of pid and tid, so 11 and "11" are one) and, for
  // the E's catapult pairs and Perfetto does not, as Perfetto keys them
  // (`typed_key`: a string id is a name, not the number).
  struct ThreadKeys {
    std::string js_key, typed_key;
  };
  // `global`: the event is a global instant, which catapult files under no process.
  void check_pid_tid(const ChromeEvent& e, const EventFields& f, std::string_view ph, bool global,
                     ThreadKeys* keys);
  void check_metadata(const ChromeEvent& e, const EventFields& f, std::string_view name);
  void pair_async(const ChromeEvent& e, char ph, std::string_view cat, std::string_view name,
                  const std::string& id, double ts);
  // `keyed`: e.keys->flow is the pairing key, and event_id_ is not read.
  void pair_flow(const ChromeEvent& e, char ph, std::string_view cat, std::string_view name, const EventFields& f,
                 bool keyed);
  void duration(const ChromeEvent& e, char ph, const ThreadKeys& keys, std::string_view name, double ts,
                bool zero_dur);
  // A B, E or thread instant of dur 0 that catapult drops for starting
  // before the open slice of `t`.
  void report_zero_dur_backwards(const ChromeEvent& e, std::string_view ph, const Thread& t);
  bool over_cap(size_t size, const char* what, const ChromeEvent& e);

  diag::Reporter& reporter_;
  std::string file_;
  SchemaFacts* facts_ = nullptr;  // the current event's, while event() runs
  std::unordered_map<std::string, Thread> threads_;   // by ThreadKeys::js_key
  std::unordered_map<std::string, size_t> typed_open_;  // by ThreadKeys::typed_key: B's open there
  std::map<std::string, std::vector<Open>> async_;  // cat \x1f id -> open b's
  // Flows are the one pairing that grows with the file (Kineto leaves ac2g
  // flows unpaired), so they are kept compact: keyed by a 64-bit hash of
  // (cat, id), with the (cat, name) label interned. One table holds the open
  // starts and the ends seen before their start: no key is ever both (a
  // start takes its waiting end away, an end its open start), so a flow
  // event costs one lookup, not one in each of two tables.
  struct Flow {
    uint64_t line = 0;
    uint32_t column = 0;
    uint32_t label : 31 = 0;  // intern() runs out of memory long before 2^31 labels
    uint32_t end : 1 = 0;  // an f waiting for its s; else an open s
    uint64_t index = 0;
  };
  uint32_t intern(std::string_view cat, std::string_view name);
  U64Map<Flow> flows_;
  size_t open_starts_ = 0;   // flows_ entries that are starts...
  size_t waiting_ends_ = 0;  // ...and ends (each capped at kMaxOpen)
  std::string flow_key_;                                     // scratch: cat \x1f id, hashed
  uint32_t last_label_ = UINT32_MAX;                         // the label intern() found last
  std::vector<std::pair<std::string, std::string>> labels_;  // (cat, name)
  std::map<std::pair<std::string, std::string>, uint32_t, std::less<>> label_ids_;
  bool bare_ = false;
  EventFields own_fields_;  // the current event's, when its ChromeEvent brings no keys
  std::string event_id_;    // the current event's id (read_event_id), its capacity kept
  // "hta" while the current event is one HTA drops unread (no cat or dur, or
  // its own "Trace" span: it keeps the rest), else empty: the findings'
  // Diagnostic::unread_by.
  std::string_view unread_by_;
  // "hta" when HTA drops the last event() unread (unread_by_ may also name
  // HTA for findings on a field it drops while it keeps the event).
  std::string_view event_unread_by_;
  std::string_view kind_ = "unknown";  // the last event()'s record kind
  // Events read, and whether one has both cat and dur: HTA keeps only those.
  uint64_t events_ = 0;
  bool cat_and_dur_ = false;
  bool any_dur_ = false;
  // How pandas would type HTA's ts column (note_hta_ts_type): float64 when
  // hta_ts_float_ and not hta_ts_object_.
  bool hta_ts_float_ = false;
  bool hta_ts_object_ = false;
  std::set<std::string, std::less<>> hta_steps_;  // "ProfilerStep#N" names of events HTA keeps, at most 2
  std::vector<std::string> capped_;
  std::unique_ptr<KinetoChecker> kineto_;
};

}  // namespace tc::formats::chrome_trace
