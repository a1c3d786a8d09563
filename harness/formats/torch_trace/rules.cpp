#include "formats/torch_trace/rules.h"

#include <array>

#include "diag/severity_shorthand.h"

namespace tc::formats::torch_trace {
namespace {

using diag::Rule;
using namespace diag::severity_shorthand;

// Sorted by id (diag/rule_catalog.cpp states the severity classes).
constexpr std::array kRules = {
    Rule{"tt-artifact-encoding", E, "an artifact's encoding is neither \"string\" nor \"json\"",
         "tlparse fails its parser on it (--strict exits 1)"},
    Rule{"tt-artifact-json", E, "a JSON-encoded artifact's payload is not valid JSON",
         "consumers that load the artifact fail; tlparse keeps the raw text"},
    Rule{"tt-blank-line", W, "a blank line between records",
         "PyTorch never writes one; tlparse drops blank lines, which can hide a payload defect"},
    Rule{"tt-chromium-event", E, "a chromium_event payload is not a Chrome trace event (name, ph, ts, pid, tid)",
         "tlparse copies it into chromium_events.json; chrome://tracing and Perfetto drop or misplace it"},
    Rule{"tt-chromium-json", E, "a chromium_event payload is not valid JSON",
         "the event is lost: tlparse 0.4.3 silently leaves it out of chromium_events.json"},
    Rule{"tt-chromium-unbalanced", E, "a chromium \"E\" event closes no open \"B\", or a \"B\" is never closed (per compile id)",
         "the span is lost or never ends in chrome://tracing and Perfetto"},
    Rule{"tt-compile-duplicate", E, "two compiles started with the same compile id (compile 0/0 starting again, later than it first did and after it finished, is a dynamo reset, not a duplicate)",
         "tlparse merges their artifacts into one directory"},
    Rule{"tt-compile-id", E, "compile-id fields are mistyped, inconsistent or not of the CompileId grammar",
         "tlparse files the record under no compile id or rejects the envelope"},
    Rule{"tt-compile-unclosed", E, "a dynamo_start has no compilation_metrics for the same compile id (in a file that has compilation_metrics at all: older PyTorch wrote none)",
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
    Rule{"tt-rank-desync", E, "the rank files of one run do not compile the same graphs in the same order",
         "the ranks traced different code, shapes or guards; the next collective can hang"},
    Rule{"tt-rank-missing", W, "a record without rank after records with a rank",
         "tlparse skips it as other_rank (--strict exits 1); torch 2.14.1 writes its torch_version artifact so"},
    Rule{"tt-rank-mismatch", E, "a record whose rank differs from the file's first rank",
         "tlparse skips it as other_rank; ranks must be in separate files"},
    Rule{"tt-str-intern", E, "a str record is not [string, non-negative integer]",
         "stack frames cannot be resolved; tlparse fails the envelope"},
    Rule{"tt-thread-id", E, "the prefix's thread/pid field does not fit 64 bits",
         "tlparse 0.4.3 panics on it"},
};

// What tlparse 0.4.3 --strict (pytorch/tlparse d21829a) does with each
// finding, one line per rule it judges, sorted by id. Its severities are
// measured: they agree with tlparse's exit on every verdict
// harness/tests/tlparse_mutations.py records ("(ran)" marks the rules one of
// those mutations exercises). --strict fails when fail_glog + fail_json +
// fail_payload_md5 + other_rank + fail_dynamo_guards_json + fail_parser > 0
// (lib.rs:1155-1166); tlparse aborts whatever its flags on a
// compilation_metrics with fail_type but no fail_reason (lib.rs:818-821) and
// panics on a prefix number it cannot parse (lib.rs:418). Everything else it
// tolerates. "(ran)": tlparse itself was run on such a log.
constexpr std::array<diag::Reading, 44> kTlparseReadings = {{
    {"input-bom", Off, "tlparse accepts it: its unanchored prefix match reads past the BOM to the first prefix",
     "pytorch/tlparse@d21829a src/lib.rs:404-410 (ran)"},
    {"input-crlf", Off, "tlparse splits lines with Rust's lines(), which drops the CR",
     "pytorch/tlparse@d21829a src/lib.rs:512-520 (ran)"},
    {"input-empty", Off, "tlparse accepts an empty log: no counter moves, so --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:1155-1166 (ran)"},
    {"input-format", E, "tlparse counts every line without a glog prefix as fail_glog and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:534-537 (ran)"},
    {"input-invalid-utf8", E,
     "tlparse stops reading at the first invalid byte ('stream did not contain valid UTF-8') and exits 1 whatever "
     "its flags",
     "pytorch/tlparse@d21829a src/lib.rs, line not recorded (ran)"},
    {"input-line-too-long", E, "not established what tlparse does with an envelope line over 16 MiB",
     "no source: harness/tests/tlparse_mutations.py has no line that long"},
    {"input-long-line", Off, "not established what tlparse does with a line over 4 MB",
     "no source: harness/tests/tlparse_mutations.py has no line that long"},
    {"json-big-integer", Off,
     "not reported in TORCH_TRACE logs, whose reader takes integers beyond 64 bits exactly; serde_json (tlparse) "
     "reads one as the nearest f64",
     "tracecheck's own scope: only the Chrome and execution-trace readers report it; serde-rs/json src/de.rs "
     "(an integer that overflows u64 is parsed as f64)"},
    {"json-duplicate-key", Off,
     "tlparse's serde_json takes a repeated unknown or compile-id key and fails the envelope only on a repeated "
     "known key, which tt-envelope reports",
     "pytorch/tlparse@d21829a src/types.rs:719-766 (ran)"},
    {"json-lone-surrogate", Off,
     "tlparse's serde_json rejects it: an envelope fails (tt-envelope), a dynamo_guards payload fails "
     "(tt-dynamo-guards-json), a chromium_event payload is silently left out",
     "pytorch/tlparse@d21829a src/lib.rs:968-977 (ran)"},
    {"json-non-finite", Off,
     "tlparse's serde_json rejects NaN: an envelope fails (tt-envelope), a dynamo_guards payload fails "
     "(tt-dynamo-guards-json), a chromium_event payload is silently left out",
     "pytorch/tlparse@d21829a src/lib.rs:968-977 (ran)"},
    {"json-number-range", Off,
     "tlparse's serde_json rejects 1e999: an envelope fails (tt-envelope), a chromium_event payload is silently "
     "left out, a json artifact keeps its raw text",
     "pytorch/tlparse@d21829a src/lib.rs:656-666 (ran)"},
    {"json-syntax", E,
     "tlparse counts the envelope as fail_json, reads its payload lines as fail_glog, and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:656-666 (ran)"},
    {"schema-invalid", E, "tlparse reads no JSON Schema; the rule is about tracecheck's own schema file",
     "no source: tracecheck-internal (harness/diag/rule_catalog.cpp)"},
    {"schema-unknown-key", Off,
     "tlparse counts an unknown top-level key in stats.unknown and prints it, ignores unknown nested fields, and "
     "--strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:669-676 (ran)"},
    {"schema-violation", Off,
     "tlparse checks no JSON Schema; tt-envelope and the other tt-* rules carry what it rejects",
     "pytorch/tlparse@d21829a src/types.rs:719-766"},
    {"tt-artifact-encoding", E, "tlparse's artifact parser fails on it (fail_parser) and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:268,292 (ran)"},
    {"tt-artifact-json", Off, "tlparse keeps the raw text of the artifact and --strict exits 0",
     "pytorch/tlparse@d21829a src/parsers.rs artifact parser (tlparse#109), line not recorded (ran)"},
    {"tt-blank-line", Off, "tlparse drops blank lines before it parses, inside a payload too",
     "pytorch/tlparse@d21829a src/lib.rs:512-520 (ran)"},
    {"tt-chromium-event", Off, "tlparse copies the payload into chromium_events.json without looking at its fields",
     "pytorch/tlparse@d21829a src/lib.rs:968-977"},
    {"tt-chromium-json", Off, "tlparse 0.4.3 silently leaves the event out of chromium_events.json; --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:968-977 (ran)"},
    {"tt-chromium-unbalanced", Off, "tlparse copies B and E events into chromium_events.json without pairing them",
     "pytorch/tlparse@d21829a src/lib.rs:968-977"},
    {"tt-compile-duplicate", Off,
     "tlparse files both compiles' artifacts in the one compile-id directory; --strict exits 0",
     "pytorch/tlparse@d21829a src/types.rs:218-262 (ran)"},
    {"tt-compile-id", Off,
     "tlparse files the record under no compile id (or [-/-]); only --strict-compile-id fails it, --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:1168-1170 (ran)"},
    {"tt-compile-unclosed", Off, "tlparse never pairs dynamo_start with compilation_metrics; --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:1155-1166 (ran)"},
    {"tt-dynamo-guards-json", E, "tlparse counts fail_dynamo_guards_json and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:285-289 (ran)"},
    {"tt-envelope", E,
     "tlparse cannot deserialize the envelope: it counts fail_json, drops the record and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:656-666 (ran)"},
    {"tt-fork", Off,
     "tlparse never compares the prefix's pid across lines (other_rank looks only at the envelope's rank), so it "
     "mixes both processes' compiles and --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:711-729 (ran)"},
    {"tt-has-payload", E, "tlparse cannot decode it as lowercase hex, counts fail_payload_md5 and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:697-708 (ran)"},
    {"tt-key-conflict", Off,
     "tlparse counts fail_key_conflict and leaves the record out of raw.jsonl; --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:561 (ran)"},
    {"tt-launcher-prefix", Off, "tlparse's unanchored prefix match skips the [rankN]: prefix; --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:404-410 (ran)"},
    {"tt-metrics-fail-reason", E, "tlparse aborts with 'Fail reason not found' (exit 1) whatever its flags",
     "pytorch/tlparse@d21829a src/lib.rs:818-821 (ran)"},
    {"tt-null-key", Off,
     "tlparse reads a null known key as absent (no payload, no record of that kind); --strict exits 0",
     "pytorch/tlparse@d21829a src/types.rs:719-766 (ran)"},
    {"tt-orphan-payload", E, "tlparse reads each tab line as an unrecognized line (fail_glog) and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:534-537 (ran)"},
    {"tt-payload-md5", E, "tlparse counts fail_payload_md5 (and still uses the payload); --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:697-708 (ran)"},
    {"tt-prefix", E, "tlparse counts fail_glog and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:534-537 (ran)"},
    {"tt-prefix-junk", Off,
     "tlparse's prefix match is unanchored, so it reads the record after the junk; --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:404-410 (ran)"},
    {"tt-prefix-number", Off,
     "tlparse never parses the number for this record (a str or chromium_event record, or an envelope that has the "
     "key), so it does not panic and --strict exits 0",
     "pytorch/tlparse@d21829a src/lib.rs:418 (ran)"},
    {"tt-prefix-panic", E, "tlparse 0.4.3 panics (exit 101) parsing the number when it writes the record to raw.jsonl",
     "pytorch/tlparse@d21829a src/lib.rs:418 (ran)"},
    {"tt-rank-desync", Off,
     "tlparse --strict reads one rank's file and compares no ranks; only --all-ranks-html shows desync warnings on "
     "its landing page",
     "pytorch/tlparse@d21829a src/lib.rs:1155-1166; --all-ranks-html (--all-ranks-html)"},
    {"tt-rank-mismatch", E, "tlparse skips the record as other_rank and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:713-716 (ran)"},
    {"tt-rank-missing", E, "tlparse skips a rankless record after a ranked one as other_rank and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:713-716 (ran)"},
    {"tt-str-intern", E,
     "tlparse fails the envelope (fail_json), so frames that use the id show '(unknown)', and --strict exits 1",
     "pytorch/tlparse@d21829a src/lib.rs:678-682 (ran)"},
    {"tt-thread-id", E, "tlparse 0.4.3 panics (exit 101) parsing the thread id when it writes the record to raw.jsonl",
     "pytorch/tlparse@d21829a src/lib.rs:418 (ran)"},
}};

}  // namespace

std::span<const Rule> torch_trace_rules() { return kRules; }

std::vector<diag::Profile> torch_trace_profiles() {
  std::vector<diag::Profile> p;
  p.push_back(diag::consumer_profile("tlparse-0.4.3", {"tlparse"},
                                     "tlparse 0.4.3 --strict (pytorch/tlparse d21829a, src/lib.rs:1153-1170)",
                                     kTlparseReadings));
  // --strict also fails a log for what the program did (a failed compile, a
  // rank without its log): not deviations of the file, so `default` keeps
  // its own severities for TORCH_TRACE (README "What default fails").
  p.back().raises_default = false;
  return p;
}

}  // namespace tc::formats::torch_trace
