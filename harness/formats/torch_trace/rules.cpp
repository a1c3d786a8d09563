#include "formats/torch_trace/rules.h"

#include <array>

#include "diag/severity_shorthand.h"

namespace tc::format {
namespace {

using diag::Rule;
using namespace diag::severity_shorthand;

// Sorted by id (diag/rule_catalog.cpp states the severity classes).
constexpr std::array kRules = {
    Rule{"tt-artifact-encoding", E, "an artifact's encoding is neither \"string\" nor \"json\"",
         "tlparse fails its parser on it (--strict exits 1)"},
    Rule{"tt-artifact-json", E, "a json-encoded artifact's payload is not valid JSON",
         "consumers that load the artifact fail; tlparse keeps the raw text"},
    Rule{"tt-blank-line", W, "a blank line between records",
         "PyTorch never writes one; tlparse drops blank lines, which can hide a payload defect"},
    Rule{"tt-chromium-event", E, "a chromium_event payload is not a Chrome trace event (name, ph, ts, pid, tid)",
         "tlparse copies it into chromium_events.json; chrome://tracing and Perfetto drop or misplace it"},
    Rule{"tt-chromium-json", E, "a chromium_event payload is not valid JSON",
         "the event is lost: tlparse 0.4.3 silently leaves it out of chromium_events.json"},
    Rule{"tt-chromium-unbalanced", E, "a chromium \"E\" event closes no open \"B\", or a \"B\" is never closed (per compile id)",
         "the span is lost or never ends in chrome://tracing and Perfetto"},
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

}  // namespace

std::span<const Rule> torch_trace_rules() { return kRules; }

std::vector<diag::Profile> torch_trace_profiles() {
  std::vector<diag::Profile> p;
  // tlparse 0.4.3 --strict fails when fail_glog + fail_json + fail_payload_md5
  // + other_rank + fail_dynamo_guards_json + fail_parser > 0 (lib.rs:1155),
  // and aborts on a compilation_metrics with fail_type but no fail_reason and
  // on a thread id over u64. Everything else it tolerates.
  p.push_back({"tlparse-0.4.3",
               {"tlparse"},
               "tlparse 0.4.3 --strict (pytorch/tlparse d21829a, src/lib.rs:1153-1170)",
               {
                   {"input-bom", Off},
                   {"input-crlf", Off},
                   {"input-empty", Off},
                   {"input-long-line", Off},
                   {"json-duplicate-key", Off},
                   {"json-lone-surrogate", Off},
                   {"json-non-finite", Off},
                   {"json-number-range", Off},
                   {"schema-unknown-key", Off},
                   {"schema-violation", Off},
                   {"tt-artifact-json", Off},
                   {"tt-blank-line", Off},
                   {"tt-chromium-event", Off},
                   {"tt-chromium-json", Off},
                   {"tt-chromium-unbalanced", Off},
                   {"tt-compile-duplicate", Off},
                   {"tt-compile-id", Off},
                   {"tt-compile-unclosed", Off},
                   {"tt-fork", Off},
                   {"tt-key-conflict", Off},
                   {"tt-launcher-prefix", Off},
                   {"tt-metrics-fail-reason", E},
                   {"tt-null-key", Off},
                   {"tt-prefix-number", Off},
                   {"tt-prefix-junk", Off},
                   {"tt-rank-desync", Off},
                   {"tt-rank-missing", E},
                   {"tt-thread-id", E},
               }});
  return p;
}

}  // namespace tc::format
