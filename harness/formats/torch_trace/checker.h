// Checks TORCH_TRACE records as read_torch_trace delivers them,
// then what only a whole file shows.
//
// Contract: feed() every record of a file in order; a record from another
// file (Record::file names it) starts that file's bookkeeping afresh;
// finish() after the last record. To check the rank files of one directory
// on several threads, give each file its own checker (and Reporter) and end
// each with finish_deferring_ranks(), then merge the summaries it returns in
// file order (RankConsistencyChecker::merge) and finish that checker: with
// the Reporters absorbed in file order first, the findings are those of one
// checker fed every file (formats/torch_trace/checker_ranks.h does this).
// Memory is bounded by the number of compile ids in one file, never by the
// file's size.
//
// Reports: the envelope against tlparse 0.4.3's serde types (tt-envelope),
// null known keys (tt-null-key), keys tlparse adds to raw.jsonl
// (tt-key-conflict), artifact encodings and json payloads, chromium_event
// and dynamo_guards payloads (with json-* quirks found in them),
// compilation_metrics without fail_reason, compile ids (tt-compile-id,
// tt-compile-duplicate, tt-compile-unclosed); chromium events as Chrome
// trace events (formats/torch_trace/chromium_events.h) and, across rank files, the
// compile sequences of the ranks (formats/torch_trace/rank_consistency.h); every record
// against the TORCH_TRACE JSON Schemas (formats/torch_trace/schema_checks.h).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "formats/torch_trace/chromium_events.h"
#include "formats/torch_trace/compile_id.h"
#include "formats/torch_trace/payload_json.h"
#include "formats/torch_trace/rank_consistency.h"
#include "formats/torch_trace/schema_checks.h"
#include "diag/reporter.h"
#include "json/parse.h"
#include "formats/torch_trace/record.h"

namespace tc::formats::torch_trace {

class TorchTraceChecker {
 public:
  explicit TorchTraceChecker(diag::Reporter& reporter)
      : reporter_(reporter), chromium_(reporter), ranks_(reporter), schemas_(reporter) {}

  void feed(const Record& record);
  void finish();
  // finish() but for the cross-rank comparison, left to the caller: returns
  // the ranks' compile sequences gathered so far (see the contract above).
  RankConsistencyChecker::Summary finish_deferring_ranks();

 private:
  struct Compile {
    uint64_t first_line = 0;  // first dynamo_start
    std::string first_time;   // its glog timestamp, "MMDD HH:MM:SS.uuuuuu"
    uint64_t open_line = 0;   // the dynamo_start still waiting for its metrics
    bool open = false;
    bool guarded = false;  // its dynamo_guards were logged: dynamo finished it
    std::string label;  // "[0/1]"
  };

  // A compile still open when it starts again, or when the compiles restart.
  struct Unclosed {
    enum class Until : uint8_t {
      EndOfFile,     // still open when the file ends
      StartedAgain,  // its id started again
      Reset,         // the compiles restarted at 0/0 (a dynamo reset)
    };
    uint64_t line = 0;
    std::string label;
    Until until = Until::EndOfFile;
    bool guarded = false;  // its dynamo_guards were logged
  };

  // checker.cpp
  void end_file();
  void check_compile(const Record& r);
  void start_compile(const Record& r, const CompileId& id);
  void check_metrics(const Record& r, const json::Value& metrics);

  // envelope_checks.cpp: false when tlparse cannot deserialize the envelope.
  bool check_envelope(const Record& r);

  // payload_checks.cpp
  void check_payloads(const Record& r);
  // Reports `rule` when the payload is not JSON (and returns null); json-*
  // when it has quirks.
  const PayloadJson::Result* check_payload_json(const Record& r, std::string_view rule,
                                                std::string_view what);
  void report_not_json(const Record& r, std::string_view rule, std::string_view what,
                       const json::ParseError& error);
  // Reports json-* findings; true when one makes serde_json reject the text.
  bool report_payload_quirks(const Record& r, std::vector<std::string>* duplicates);
  void check_dynamo_guards(const Record& r);

  void report(std::string_view rule, diag::Location loc, std::string message, const Record& r,
              std::string pointer = {}, std::string hint = {});

  diag::Reporter& reporter_;
  json::Parser parser_;
  RecordPayload payload_;  // the record's payload, parsed once for every check
  std::string file_;
  bool in_file_ = false;
  // The compiles since the file began or since the last dynamo reset.
  std::map<std::array<int64_t, 3>, Compile> compiles_;
  // Whether this file has a compilation_metrics record at all: logs from
  // before PyTorch wrote them (early 2024) close no compile, and a compile
  // there that logged its dynamo_guards finished. Until the file ends, open
  // compiles wait here.
  bool file_has_metrics_ = false;
  std::vector<Unclosed> unclosed_;
  ChromiumEventChecker chromium_;
  RankConsistencyChecker ranks_;
  SchemaChecker schemas_;
};

}  // namespace tc::formats::torch_trace
