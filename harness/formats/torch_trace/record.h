// One TORCH_TRACE record as the reader hands it to checks and scrubbers.
//
// A record is the envelope line `<glog prefix> <json>` plus, when the
// envelope has has_payload, the tab-prefixed lines that follow it (tab
// removed, joined with '\n', no trailing newline). The reader has already
// parsed the envelope, verified the md5 and interned `str` records; checks
// and scrubbers never see raw bytes.
//
// Lifetime: the reader reuses one Record for every record of a file, so
// anything a consumer keeps past on_record must be copied (or moved out).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "json/value.h"

namespace tc::formats::torch_trace {

struct GlogPrefix {
  char level = 'V';       // one of V I W E C
  std::string timestamp;  // "MMDD HH:MM:SS.uuuuuu" as written
  std::string thread;     // digits as written (a pid, or an old thread ident)
  std::string pathname;   // e.g. "torch/_dynamo/convert_frame.py"
  uint64_t lineno = 0;
};

struct Record {
  const std::string* file = nullptr;  // display name of the input
  uint64_t line = 0;                  // 1-based line of the envelope
  uint64_t json_column = 1;           // 1-based byte column where the JSON starts
  int rank_file = -1;                 // rank from the file name, -1 when none
  GlogPrefix prefix;
  json::Value envelope;                     // the parsed JSON object (key order kept)
  std::string_view kind;                    // first key of envelope: "dynamo_start", "artifact", ...
  std::string envelope_text;                // the envelope's JSON text as written (for columns)
  std::vector<std::string> duplicate_keys;  // JSON pointers of keys the envelope repeats

  bool has_payload = false;
  std::string payload;             // de-tabbed payload (possibly capped, see below)
  bool payload_truncated = false;  // payload longer than ReadOptions::max_kept_payload
  uint64_t payload_lines = 0;
  uint64_t payload_first_line = 0;            // file line of the first payload line
  std::vector<uint64_t> payload_blank_lines;  // blank lines met inside the payload (capped)
  bool md5_ok = true;                         // has_payload matched (always true without payload)

  // Rank and compile id as written in the envelope (absent = nullopt).
  std::optional<int64_t> rank;
};

// "artifact:<name>" for artifacts with a string name, else the kind.
std::string record_label(const Record& r);

// Where the envelope value at `pointer` starts (the JSON's first column when
// the pointer is not found).
diag::Location envelope_location(const Record& r, std::string_view pointer);

// Where byte `offset` of the payload sits in the file (payload lines start
// with a tab, so columns count it).
diag::Location payload_location(const Record& r, size_t offset);

}  // namespace tc::formats::torch_trace
