// Chromium events in a TORCH_TRACE log: the payload of every chromium_event
// record must be one Chrome trace event (the Trace Event Format that
// chrome://tracing and Perfetto load, which tlparse concatenates into
// chromium_events.json), and duration events must balance: every "E" closes
// an open "B" of the same name, pid and tid under the same compile id, and
// no "B" stays open at the end of a file.
//
// Contract: feed() every record of a file in order (other records are
// ignored; a record from another file, per Record::file, ends the previous
// file); finish() after the last. A payload that is not JSON is left to
// tt-chromium-json. The compile id of an event is its args.compile_id when
// that is a string, else the envelope's. Memory is bounded by the number of
// open "B" events.
//
// Reports: tt-chromium-event (not an event object: name, ph, ts, pid, tid
// missing or mistyped, unknown phase, "X" without dur), tt-chromium-unbalanced.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "formats/torch_trace/payload_json.h"
#include "diag/reporter.h"
#include "json/parse.h"
#include "formats/torch_trace/record.h"

namespace tc::formats::torch_trace {

class ChromiumEventChecker {
 public:
  explicit ChromiumEventChecker(diag::Reporter& reporter) : reporter_(reporter) {}

  // `payload` is the record's (RecordPayload::next(record) done): its parse
  // is shared with the other checks.
  void feed(const Record& record, RecordPayload& payload);
  // The same, parsing the payload itself.
  void feed(const Record& record);
  void finish();

  // What the checks read of one event: the top-level fields as kinds, and
  // the texts of name, ph, pid, tid and args.compile_id.
  struct Fields {
    enum class Id { Bad, String, Integer };  // pid, tid
    bool object = false;
    bool name_string = false, ph_string = false, ts_number = false, dur_number = false;
    bool has_args = false, args_object = false, args_null = false, has_cat = false, cat_string = false;
    Id pid = Id::Bad, tid = Id::Bad;
    std::string_view name, ph, pid_text, tid_text;  // integers as their digits
    std::optional<std::string_view> args_compile_id;
  };

 private:
  struct Open {
    std::string name;
    uint64_t line = 0;
  };
  // (compile id, pid, tid) -> open "B" events, oldest first.
  using Track = std::tuple<std::string, std::string, std::string>;

  void end_file();
  // False (and reported) when the event is not a Chrome trace event.
  bool check_event(const Record& r, const Fields& event);

  diag::Reporter& reporter_;
  json::Parser parser_;  // an event with a repeated key is read as Python reads it
  json::ParseResult exact_;
  RecordPayload own_;    // for feed(record)
  std::string pid_digits_, tid_digits_;
  std::string file_;
  bool in_file_ = false;
  std::map<Track, std::vector<Open>> open_;
};

}  // namespace tc::formats::torch_trace
