// The envelope line of a record: the text around the glog prefix, the JSON
// envelope, and what the reader itself decides from it (str interning,
// payload, rank, process). Typed checks of the envelope live in
// envelope_checks.cpp and schema_checks.h.
#include <fmt/format.h>

#include <limits>

#include "json/text.h"
#include "formats/torch_trace/file_reader.h"

namespace tc::formats::torch_trace {
namespace {

// Linux's PID_MAX_LIMIT: a larger "pid" is an old emitter's thread ident
// (e.g. 139877824898048), and several threads may log legitimately.
constexpr uint64_t kPidMaxLimit = 4194304;

bool is_launcher_prefix(std::string_view junk) {
  // "[rank3]:" as torchrun --tee / --log-line-prefix-template write it.
  constexpr std::string_view kOpen = "[rank";
  if (junk.size() < kOpen.size() + 3 || junk.substr(0, kOpen.size()) != kOpen || junk.substr(junk.size() - 2) != "]:")
    return false;
  std::string_view digits = junk.substr(kOpen.size(), junk.size() - kOpen.size() - 2);
  for (char c : digits)
    if (c < '0' || c > '9') return false;
  return !digits.empty();
}

bool is_u32(const json::Value& v, int64_t& out) {
  return v.kind() == json::Kind::Integer && v.get_int64(out) && out >= 0 && out <= std::numeric_limits<uint32_t>::max();
}

}  // namespace

void FileReader::check_junk(std::string_view text, uint64_t number, const PrefixMatch& m) {
  size_t skip = number == 1 ? bom_length_ : 0;
  if (m.start <= skip) return;
  std::string_view junk = text.substr(skip, m.start - skip);
  if (is_launcher_prefix(junk)) {
    if (!launcher_reported_) {
      launcher_reported_ = true;
      report("tt-launcher-prefix", number, skip + 1,
             fmt::format("the line starts with the launcher prefix '{}' (first here)", junk), {}, {},
             "this is a launcher's copy of stdout, not the TORCH_TRACE file: read the file in $TORCH_TRACE; "
             "its payload lines carry the prefix too and no longer start with a tab");
    }
    return;
  }
  report("tt-prefix-junk", number, skip + 1, fmt::format("{} byte(s) of text before the glog prefix", junk.size()), {},
         {}, "tlparse's prefix match is unanchored, so it accepts this; PyTorch starts every line with the prefix");
}

void FileReader::on_envelope_line(std::string_view text, uint64_t number, const PrefixMatch& m) {
  check_junk(text, number, m);
  Record& r = record_;
  r.line = number;
  r.json_column = m.json_offset + 1;
  r.prefix.level = m.level;
  r.prefix.timestamp.assign(m.timestamp);
  r.prefix.thread.assign(m.thread);
  std::string_view path = m.pathname;
  while (!path.empty() && path.front() == ' ') path.remove_prefix(1);
  r.prefix.pathname.assign(path);
  uint64_t lineno = 0;
  r.prefix.lineno = parse_u64(m.lineno, lineno) ? lineno : 0;
  r.kind = {};
  r.envelope_text.clear();
  r.has_payload = false;
  r.payload.clear();
  r.payload_truncated = false;
  r.payload_lines = 0;
  r.payload_first_line = 0;
  r.payload_blank_lines.clear();
  r.md5_ok = true;
  r.rank.reset();
  r.duplicate_keys.clear();

  std::string_view json = text.substr(m.json_offset);
  // The last record's envelope lends its storage to this one.
  json::ParseResult parsed = parser_.parse(json, /*padded=*/true, std::move(r.envelope));
  r.envelope = json::Value();
  if (!parsed.ok) {
    report("json-syntax", number, r.json_column + parsed.error.offset,
           "the envelope is not valid JSON: " + parsed.error.message, {}, {},
           "tlparse counts it as fail_json and reads the payload lines after it as unrecognized lines");
    mode_ = Mode::SkipPayload;
    check_fork(text, number, m);
    check_prefix_numbers(text, number, m, false);  // tlparse gives up before parsing the numbers
    return;
  }
  if (!parsed.value.is_object()) {
    report("tt-envelope", number, r.json_column,
           fmt::format("the envelope is a JSON {}, not an object", json::kind_name(parsed.value.kind())), {}, {},
           "tlparse cannot deserialize it (fail_json)");
    mode_ = Mode::SkipPayload;
    check_fork(text, number, m);
    check_prefix_numbers(text, number, m, false);
    return;
  }
  r.envelope = std::move(parsed.value);
  r.kind = r.envelope.first_key();
  r.envelope_text.assign(json);
  if (!parsed.quirks.empty()) report_envelope_quirks(json, number, r.json_column);

  const json::Value* str = r.envelope.find("str");
  const json::Value* chromium = r.envelope.find("chromium_event");
  bool is_str = str && !str->is_null();
  check_fork(text, number, m);
  check_prefix_numbers(text, number, m, !is_str && !(chromium && !chromium->is_null()));
  if (is_str) {
    // tlparse interns it and moves on before reading any payload or rank
    // (lib.rs:678-682), whatever else the envelope holds.
    check_str(number);
    no_payload_reason_ = fmt::format(
        "the record before them (line {}) is a str record, after which tlparse "
        "reads no payload",
        number);
    mode_ = Mode::Records;
    emit();
    return;
  }
  check_rank(number);
  const json::Value* has_payload = r.envelope.find("has_payload");
  if (has_payload && has_payload->is_string()) {
    r.has_payload = true;
    expected_md5_ = has_payload->text();
    payload_.start(&r.payload, options_.max_kept_payload);
    if (prehashed_)
      if (PrehashedPayload* run = prehashed_->after_envelope(number)) {
        ++hashed_ahead_;
        if (run->whole && run->bytes <= options_.max_kept_payload && lines_ && lines_->skip(run->lines)) {
          // Its lines are passed over: the record takes the text joined ahead.
          payload_.take_whole(run->text, run->md5, run->lines);
          r.payload_lines = run->lines;
          r.payload_first_line = number + 1;
          payload_last_line_ = number + run->lines;
          ++taken_whole_;
        } else {
          payload_.use_digest(run->md5, run->lines, run->bytes);
        }
      }
    mode_ = Mode::Payload;
    return;
  }
  if (has_payload && !has_payload->is_null()) {
    // Mistyped (the checker reports it): tlparse fails the envelope and
    // skips its payload lines with it.
    emit();
    mode_ = Mode::SkipPayload;
    return;
  }
  no_payload_reason_ = has_payload
                           ? fmt::format(
                                 "the record before them (line {}) has \"has_payload\": null, which tlparse reads "
                                 "as no payload",
                                 number)
                           : fmt::format("the record before them (line {}) has no has_payload", number);
  mode_ = Mode::Records;
  emit();
}

void FileReader::check_str(uint64_t number) {
  const json::Value& s = *record_.envelope.find("str");
  int64_t id = 0;
  bool ok = s.is_array() && s.items().size() == 2 && s.items()[0].is_string() && is_u32(s.items()[1], id);
  if (ok) return;
  report("tt-str-intern", number, envelope_location(record_, "/str").column,
         "the str record is not [string, id] with a non-negative 32-bit id", "str", "/str",
         "tlparse fails the envelope (fail_json), so stack frames that use the id show '(unknown)'; PyTorch "
         "writes {\"str\": [\"/path/to/file.py\", 3]}");
}

void FileReader::check_rank(uint64_t number) {
  Record& r = record_;
  const json::Value* value = r.envelope.find("rank");
  std::optional<int64_t> rank;
  if (value && !value->is_null()) {
    int64_t v = 0;
    if (!is_u32(*value, v)) return;  // mistyped: the checker reports it; tlparse fails the envelope
    rank = v;
  }
  r.rank = rank;
  if (!expected_rank_) {
    // Records before the first ranked one may lack a rank: the log can be
    // opened before torch.distributed is initialized.
    if (rank) {
      expected_rank_ = rank;
      expected_rank_line_ = number;
    }
    return;
  }
  std::string kind = record_label(r);
  if (!rank) {
    report("tt-rank-missing", number, r.json_column,
           fmt::format("a record without rank after line {} fixed rank {}", expected_rank_line_, *expected_rank_), kind,
           "/rank",
           "tlparse skips it as other_rank (--strict fails); PyTorch writes the rank on every record once "
           "torch.distributed is initialized");
  } else if (*rank != *expected_rank_) {
    report("tt-rank-mismatch", number, envelope_location(r, "/rank").column,
           fmt::format("rank {} in a file whose records have rank {} (fixed at line {})", *rank, *expected_rank_,
                       expected_rank_line_),
           kind, "/rank", "each rank writes its own file; tlparse skips this record as other_rank");
  }
}

void FileReader::check_fork(std::string_view text, uint64_t number, const PrefixMatch& m) {
  uint64_t pid = 0;
  if (!m.thread_ascii || !parse_u64(m.thread, pid) || pid > kPidMaxLimit) return;
  if (!first_pid_) {
    first_pid_ = pid;
    pids_.insert(pid);
    return;
  }
  if (pids_.size() > 4096 || !pids_.insert(pid).second) return;
  report("tt-fork", number, static_cast<uint64_t>(m.thread.data() - text.data()) + 1,
         fmt::format("records of process {} in a file that process {} writes", pid, *first_pid_), record_label(record_),
         {},
         "a forked child inherited the open trace stream (PyTorch before #184772); the processes' compile ids "
         "and string ids collide");
}

void FileReader::check_prefix_numbers(std::string_view text, uint64_t number, const PrefixMatch& m, bool written) {
  uint64_t v = 0;
  bool timestamp_bad = !m.timestamp_ascii;
  bool thread_bad = !m.thread_ascii || !parse_u64(m.thread, v);
  bool lineno_bad = !m.lineno_ascii || !parse_u64(m.lineno, v);
  if (!timestamp_bad && !thread_bad && !lineno_bad) return;
  // tlparse parses these numbers with parse().unwrap() when it writes the
  // record to raw.jsonl: the timestamp first, then the thread unless the
  // envelope already has a "timestamp" key, then the line unless it has
  // "thread" or "pathname" too (lib.rs, write_to_shortraw). It never writes
  // str or chromium_event records.
  enum { kNone, kTimestamp, kThread, kLine } panic = kNone;
  const json::Value& env = record_.envelope;
  bool has = env.is_object();
  if (written) {
    if (timestamp_bad)
      panic = kTimestamp;
    else if (!(has && env.find("timestamp"))) {
      if (thread_bad)
        panic = kThread;
      else if (lineno_bad && !(has && (env.find("thread") || env.find("pathname"))))
        panic = kLine;
    }
  }
  auto column = [&](std::string_view part) { return static_cast<uint64_t>(part.data() - text.data()) + 1; };
  const std::string panics = "tlparse 0.4.3 panics (exit 101) parsing it when it writes raw.jsonl";
  const std::string kind = record_label(record_);
  const std::string survives =
      "tlparse would panic parsing it, but never parses it for this record (a str or chromium_event record, "
      "or an envelope that already has the key)";
  if (timestamp_bad) {
    report(panic == kTimestamp ? "tt-prefix-panic" : "tt-prefix-number", number, column(m.timestamp),
           "the timestamp has non-ASCII digits", kind, {}, panic == kTimestamp ? panics : survives);
  }
  if (thread_bad) {
    bool ascii = m.thread_ascii;
    const char* rule = panic != kThread ? "tt-prefix-number" : ascii ? "tt-thread-id" : "tt-prefix-panic";
    report(rule, number, column(m.thread),
           ascii ? fmt::format("thread id {} does not fit 64 bits", m.thread) : "the thread id has non-ASCII digits",
           kind, {}, panic == kThread ? panics : survives);
  }
  if (lineno_bad) {
    report(panic == kLine ? "tt-prefix-panic" : "tt-prefix-number", number, column(m.lineno),
           m.lineno_ascii ? "the line number does not fit 64 bits" : "the line number has non-ASCII digits", kind, {},
           panic == kLine ? panics : survives);
  }
}

void FileReader::report_envelope_quirks(std::string_view json, uint64_t number, uint64_t json_column) {
  for (json::JsonTextFinding& f : json::find_json_quirks(json)) {
    uint64_t column = json_column + f.offset;
    std::string kind(record_.kind);
    switch (f.kind) {
      case json::JsonTextFinding::Kind::DuplicateKey:
        report("json-duplicate-key", number, column, fmt::format("key \"{}\" appears more than once", f.detail), kind,
               f.pointer, "Python keeps the last value; tlparse fails the envelope when the key is one it reads");
        record_.duplicate_keys.push_back(std::move(f.pointer));
        break;
      case json::JsonTextFinding::Kind::NonFinite:
        report("json-non-finite", number, column, fmt::format("{} is Python's JSON dialect, not JSON", f.detail), kind,
               f.pointer, "JavaScript-based consumers such as Perfetto reject it");
        report("tt-envelope", number, column, fmt::format("tlparse's JSON parser rejects {}", f.detail), kind,
               f.pointer, "serde_json fails the whole envelope (fail_json)");
        break;
      case json::JsonTextFinding::Kind::LoneSurrogate:
        report("json-lone-surrogate", number, column, fmt::format("the escape {} has no pair", f.detail), kind,
               f.pointer, "Python keeps it; it is not valid Unicode");
        report("tt-envelope", number, column, "tlparse's JSON parser rejects a lone surrogate escape", kind, f.pointer,
               "serde_json fails the whole envelope (fail_json)");
        break;
      case json::JsonTextFinding::Kind::OutOfRange:
        report("json-number-range", number, column, fmt::format("{} does not fit a double", f.detail), kind, f.pointer,
               "Python reads it as infinity");
        report("tt-envelope", number, column, fmt::format("tlparse's JSON parser rejects {}", f.detail), kind,
               f.pointer, "serde_json fails the whole envelope on a number out of range (fail_json)");
        break;
      case json::JsonTextFinding::Kind::BigInteger:  // find_big_integers' kind only
        break;
    }
  }
}

void FileReader::emit() {
  ++records_;
  on_record_(record_);
}

}  // namespace tc::formats::torch_trace
