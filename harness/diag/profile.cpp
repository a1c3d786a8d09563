#include "diag/profile.h"

#include <cstdio>
#include <cstdlib>

#include "diag/rule_catalog.h"

namespace tc::diag {
namespace {

constexpr auto E = Severity::Error;
constexpr auto W = Severity::Warning;
constexpr auto Off = Severity::Off;

std::vector<Profile> make_profiles() {
  std::vector<Profile> p;
  p.push_back({"default", {}, "tracecheck's strict reading of the formats (our strict mode)", {}});
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
  // Chakra's converter (mlcommons/chakra 21585d8, src/converter/pytorch_node.py
  // SUPPORTED_VERSIONS and pytorch_converter.py): it raises on a schema it
  // does not list (1.0.1 included) and reads the top level, ids and ctrl_deps.
  p.push_back({"chakra",
               {},
               "Chakra's PyTorch converter (mlcommons/chakra 21585d8: pytorch_node.py SUPPORTED_VERSIONS)",
               {
                   {"et-schema-chakra", E},
                   {"et-schema-unknown", Off},
               }});
  // PARAM et_replay (facebookresearch/param 1e115ff, et_replay/execution_trace.py):
  // ExecutionTrace dispatches on the exact schema string (1.0.1 accepted) and
  // raises ValueError otherwise.
  p.push_back({"param",
               {},
               "PARAM et_replay (facebookresearch/param 1e115ff: et_replay/execution_trace.py ExecutionTrace)",
               {
                   {"et-schema-param", E},
                   {"et-schema-unknown", Off},
               }});
  // Chrome Trace Event Format consumers (spec/formats.md §1.5-1.6, §2.6).
  // chrome://tracing: catapult's trace_event_importer.html accepts both
  // container forms, an unterminated array and a trailing comma, throws on an
  // unknown displayTimeUnit, and treats string pids and Kineto's extras as
  // opaque.
  p.push_back({"chrome",
               {"catapult"},
               "chrome://tracing (catapult-project/catapult: tracing/extras/importer/trace_event_importer.html)",
               {
                   {"ct-bare-array", Off},
                   {"ct-display-time-unit", E},
                   {"ct-string-id", Off},
                   {"ct-trailing-comma", Off},
                   {"ct-unterminated", Off},
                   {"kt-base-time", Off},
                   {"kt-device-properties", Off},
                   {"kt-distributed-info", Off},
                   {"kt-external-id", Off},
                   {"kt-profiler-step", Off},
                   {"kt-record-function-id", Off},
               }});
  // Perfetto trace_processor's JSON importer (google/perfetto ec5d16b:
  // json_trace_tokenizer.cc, json_trace_parser.cc): both forms, unterminated
  // arrays and trailing commas load; {} is skipped silently; unknown phases
  // and metadata names are ignored; string pids become names; unpaired flows
  // are info stats; displayTimeUnit is ignored.
  p.push_back({"perfetto",
               {},
               "Perfetto trace_processor JSON importer (google/perfetto ec5d16b: json_trace_tokenizer.cc, "
               "json_trace_parser.cc)",
               {
                   {"ct-bare-array", Off},
                   {"ct-display-time-unit", Off},
                   {"ct-empty-event", Off},
                   {"ct-flow-unpaired", Off},
                   {"ct-metadata-name", Off},
                   {"ct-phase-unknown", Off},
                   {"ct-string-id", Off},
                   {"ct-trailing-comma", Off},
                   {"ct-unterminated", Off},
                   {"kt-base-time", Off},
                   {"kt-device-properties", Off},
                   {"kt-distributed-info", Off},
                   {"kt-external-id", Off},
                   {"kt-profiler-step", Off},
                   {"kt-record-function-id", Off},
               }});
  // HTA (facebookresearch/HolisticTraceAnalysis f4d0062: hta/common/trace_parser.py,
  // trace_file.py): ijson over traceEvents.item, so only strict JSON in the
  // object form loads (a bare array, an unterminated array or a trailing
  // comma fail); events without dur or cat are dropped, unpaired flows and
  // string pids are normal in Kineto output.
  p.push_back({"hta",
               {"kineto"},
               "HolisticTraceAnalysis trace parser (facebookresearch/HolisticTraceAnalysis f4d0062: "
               "hta/common/trace_parser.py)",
               {
                   {"ct-bare-array", E},
                   {"ct-flow-unpaired", Off},
                   {"ct-metadata-name", Off},
                   {"ct-phase-unknown", Off},
                   {"ct-string-id", Off},
                   {"ct-trailing-comma", E},
                   {"ct-unterminated", E},
                   {"ct-be-backwards", Off},
                   {"ct-be-unmatched", Off},
                   {"ct-be-name-mismatch", Off},
               }});
  return p;
}

}  // namespace

Severity Profile::severity_of(std::string_view rule) const {
  if (auto it = overrides.find(rule); it != overrides.end()) return it->second;
  if (const Rule* r = find_rule(rule)) return r->default_severity;
  std::fprintf(stderr, "tracecheck: internal error: unknown rule id '%.*s'\n",
               static_cast<int>(rule.size()), rule.data());
  std::abort();
}

std::span<const Profile> builtin_profiles() {
  static const std::vector<Profile> profiles = make_profiles();
  return profiles;
}

const Profile* find_profile(std::string_view name) {
  for (const Profile& p : builtin_profiles()) {
    if (p.name == name) return &p;
    for (const auto& a : p.aliases)
      if (a == name) return &p;
  }
  return nullptr;
}

const Profile& default_profile() { return builtin_profiles().front(); }

}  // namespace tc::diag
