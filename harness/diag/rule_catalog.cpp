#include "diag/rule_catalog.h"

#include <array>

namespace tc::diag {
namespace {

constexpr auto E = Severity::Error;
constexpr auto W = Severity::Warning;

// Keep grouped by format, sorted by id inside a group.
constexpr std::array kRules = {
    // Any input.
    Rule{"input-empty", E, "the input holds no records: it is empty or only blank lines",
         "nothing was traced; tlparse accepts an empty log"},
    Rule{"input-format", E, "the input is not a format tracecheck recognizes",
         "nothing can be checked; consumers reject it too"},
    Rule{"input-invalid-utf8", E, "the input holds bytes that are not UTF-8",
         "JSON must be UTF-8; tlparse stops reading at the first invalid byte"},
    Rule{"input-bom", W, "the input starts with a UTF-8 byte order mark",
         "PyTorch never writes one; some JSON parsers reject it"},
    Rule{"input-line-too-long", E, "a line is longer than the reader's limit (256 MB) and was not checked",
         "no emitter writes such an envelope; the file is damaged (a lost newline)"},
    Rule{"input-crlf", W, "lines end with CRLF",
         "PyTorch writes LF; a CRLF file was rewritten by another tool"},
    Rule{"json-syntax", E, "the text is not valid JSON", "every consumer rejects the record"},
    Rule{"json-duplicate-key", W, "an object holds the same key twice",
         "parsers disagree on which value wins (Python keeps the last)"},
    Rule{"json-lone-surrogate", W, "a string holds a \\uD800-\\uDFFF escape without its pair",
         "not valid Unicode; strict parsers (simdjson, Rust's serde_json) reject the record"},
    Rule{"json-non-finite", W, "NaN or Infinity literal (Python's JSON dialect, not JSON)",
         "JavaScript-based consumers such as Perfetto reject the file"},
    Rule{"json-number-range", W, "a number does not fit a double",
         "consumers read it as infinity or reject it"},
    // TORCH_TRACE (structured compile trace).
    Rule{"tt-artifact-encoding", E, "an artifact's encoding is neither \"string\" nor \"json\"",
         "tlparse fails its parser on it (--strict exits 1)"},
    Rule{"tt-artifact-json", E, "a json-encoded artifact's payload is not valid JSON",
         "consumers that load the artifact fail; tlparse keeps the raw text"},
    Rule{"tt-blank-line", W, "a blank line between records",
         "PyTorch never writes one; tlparse drops blank lines, which can hide a payload defect"},
    Rule{"tt-chromium-json", E, "a chromium_event payload is not valid JSON",
         "the event is lost: tlparse 0.4.3 silently leaves it out of chromium_events.json"},
    Rule{"tt-compile-duplicate", E, "two compiles started with the same compile id",
         "tlparse merges their artifacts into one directory"},
    Rule{"tt-compile-id", E, "compile-id fields are mistyped, inconsistent or not of the CompileId grammar",
         "tlparse files the record under no compile id or rejects the envelope"},
    Rule{"tt-compile-unclosed", E, "a dynamo_start has no compilation_metrics for the same compile id",
         "the compile never finished, or its metrics were lost"},
    Rule{"tt-dynamo-guards-json", E, "a dynamo_guards payload is not a JSON list of {code, ...}",
         "tlparse counts fail_dynamo_guards_json (--strict exits 1)"},
    Rule{"tt-envelope", E, "the envelope is not an object, or a known key has the wrong type",
         "tlparse cannot deserialize it (fail_json)"},
    Rule{"tt-fork", E, "records from several processes in one file (the pid in the prefix changes)",
         "a forked child inherited the trace stream; compile ids and intern ids collide"},
    Rule{"tt-has-payload", E, "has_payload is not 32 lowercase hex digits",
         "tlparse cannot check the payload (fail_payload_md5)"},
    Rule{"tt-key-conflict", W, "the envelope uses a key tlparse reserves (timestamp, thread, pathname, lineno, payload_filename)",
         "tlparse drops the record from raw.jsonl"},
    Rule{"tt-launcher-prefix", W, "lines carry a [rankN]: prefix from a launcher that tees output",
         "the file is a copy of stdout, not the TORCH_TRACE file; tlparse tolerates it"},
    Rule{"tt-metrics-fail-reason", W, "compilation_metrics has fail_type but no fail_reason",
         "tlparse aborts with 'Fail reason not found' whatever its flags"},
    Rule{"tt-null-key", E, "a key tlparse knows (has_payload, rank, an event key) is null",
         "tlparse reads it as absent: no payload is read, no record of that kind is made"},
    Rule{"tt-orphan-payload", E, "payload lines without a record that has has_payload",
         "tlparse reads each as an unrecognized line (fail_glog)"},
    Rule{"tt-payload-md5", E, "the payload's md5 differs from has_payload",
         "the payload was edited or truncated; tlparse counts fail_payload_md5"},
    Rule{"tt-prefix", E, "the line does not start with the glog prefix [VIWEC]MMDD HH:MM:SS.uuuuuu PID PATH:LINE] ",
         "tlparse counts fail_glog (--strict exits 1)"},
    Rule{"tt-prefix-junk", E, "text before the glog prefix",
         "tlparse's prefix match is unanchored and accepts it; other readers do not"},
    Rule{"tt-prefix-number", E, "a glog prefix number has non-ASCII digits or does not fit 64 bits",
         "tlparse panics on it when it writes the record to raw.jsonl; here it does not reach that point"},
    Rule{"tt-prefix-panic", E, "a glog prefix number makes tlparse panic (non-ASCII digits, a line number over u64)",
         "tlparse 0.4.3 exits 101 writing the record to raw.jsonl"},
    Rule{"tt-rank-missing", W, "a record without rank after records with a rank",
         "tlparse skips it as other_rank (--strict exits 1); torch 2.14.1 writes its torch_version artifact so"},
    Rule{"tt-rank-mismatch", E, "a record whose rank differs from the file's first rank",
         "tlparse skips it as other_rank; ranks must be in separate files"},
    Rule{"tt-str-intern", E, "a str record is not [string, non-negative integer]",
         "stack frames cannot be resolved; tlparse fails the envelope"},
    Rule{"tt-thread-id", E, "the prefix's thread/pid field does not fit 64 bits",
         "tlparse 0.4.3 panics on it"},
    // JSON Schema (tracecheck validate).
    Rule{"schema-invalid", E, "the schema file is not a draft-7 schema tracecheck can compile",
         "nothing can be validated against it"},
    Rule{"schema-unknown-key", W, "the schema uses a keyword draft 7 does not define",
         "validators ignore it, so a misspelt keyword (\"requried\") silently checks nothing"},
    Rule{"schema-violation", E, "the document does not satisfy the JSON Schema it is checked against",
         "consumers that rely on the schema's contract may misread or reject it"},
};

}  // namespace

std::span<const Rule> all_rules() { return kRules; }

const Rule* find_rule(std::string_view id) {
  for (const Rule& r : kRules)
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace tc::diag
