// Parse-only against parse + validate throughput (MB/s) on generated
// trace-shaped input, for JSON lines and for one big Chrome-trace JSON.
//
//   build-bench/harness/bench/validate_bench [--benchmark_filter=...]
//   TRACECHECK_BENCH_MB=200 sets the input size (default 64 MB).
//
// The target: parse + validate at >= 0.5x parse-only. Both sides parse the
// same way (simdjson DOM, one reused parser, lines parsed in place), so the
// ratio measures what validation adds.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "schema/adapters.h"
#include "schema/document_validator.h"
#include "schema/schema.h"
#include "tests/support/rng.h"

namespace {

using tc::schema::CompiledSchema;
using tc::schema::DocumentValidator;

using tc::testing::Rng;

size_t target_bytes() {
  const char* mb = std::getenv("TRACECHECK_BENCH_MB");
  return (mb ? std::strtoull(mb, nullptr, 10) : 64) << 20;
}

// One Kineto-style event, no trailing newline.
std::string event(Rng& rng) {
  static const char* kNames[] = {"aten::mm",         "aten::add_",     "void gemm_kernel<float>",
                                 "cudaLaunchKernel", "ProfilerStep#3", "aten::copy_"};
  static const char* kCats[] = {"kernel", "cpu_op", "cuda_runtime", "user_annotation"};
  switch (rng.below(4)) {
    case 0:
      return "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"" + std::string(kNames[rng.below(6)]) +
             "\", \"pid\": 0, \"tid\": 7, \"ts\": " + std::to_string(1733527213926572 + rng.below(1000000)) +
             ".5, \"dur\": " + std::to_string(rng.below(5000)) +
             ".25, \"args\": {\"device\": 0, \"stream\": 7, "
             "\"correlation\": " +
             std::to_string(rng.below(100000)) + ", \"grid\": [" + std::to_string(1 + rng.below(512)) +
             ", 1, 1], \"block\": [128, 1, 1], \"registers per thread\": 32, "
             "\"shared memory\": 0, \"est. achieved occupancy %\": 50}}";
    case 1:
      return "{\"ph\": \"X\", \"cat\": \"" + std::string(kCats[rng.below(4)]) + "\", \"name\": \"" +
             kNames[rng.below(6)] +
             "\", \"pid\": 1234, \"tid\": 1234, \"ts\": " + std::to_string(1733527213926572 + rng.below(1000000)) +
             ", \"dur\": " + std::to_string(rng.below(900)) +
             ", \"args\": {\"External id\": " + std::to_string(rng.below(9999)) +
             ", \"Record function id\": 0, \"Sequence number\": " + std::to_string(rng.below(500)) +
             ", \"Fwd thread id\": 0, \"Ev Idx\": " + std::to_string(rng.below(60000)) + "}}";
    case 2:
      return "{\"ph\": \"s\", \"id\": " + std::to_string(rng.below(100000)) +
             ", \"pid\": 1234, \"tid\": 1234, \"ts\": " + std::to_string(1733527213926572 + rng.below(1000000)) +
             ", \"cat\": \"ac2g\", \"name\": \"ac2g\"}";
    default:
      return "{\"ph\": \"i\", \"s\": \"t\", \"name\": \"" + std::string(kNames[rng.below(6)]) +
             "\", \"pid\": 0, \"tid\": 7, \"ts\": " + std::to_string(1733527213926572 + rng.below(1000000)) + "}";
  }
}

constexpr const char* kEventSchema = R"({
  "type": "object",
  "required": ["ph", "name", "pid", "tid", "ts"],
  "properties": {
    "ph": {"enum": ["X", "B", "E", "i", "s", "f", "M", "C"]},
    "name": {"type": "string", "minLength": 1},
    "cat": {"type": "string", "pattern": "^[a-z_0-9]+$"},
    "pid": {"type": "integer"},
    "tid": {"type": "integer"},
    "ts": {"type": "number", "minimum": 0},
    "dur": {"type": "number", "minimum": 0},
    "id": {"type": "integer"},
    "s": {"enum": ["g", "p", "t"]},
    "args": {
      "type": "object",
      "properties": {
        "grid": {"$ref": "#/definitions/dim3"},
        "block": {"$ref": "#/definitions/dim3"},
        "correlation": {"type": "integer", "minimum": 0},
        "External id": {"type": "integer"}
      },
      "additionalProperties": {"type": ["number", "string", "array", "null"]}
    }
  },
  "if": {"properties": {"ph": {"const": "X"}}},
  "then": {"required": ["dur"]},
  "definitions": {
    "dim3": {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 3, "maxItems": 3}
  }
})";

struct Inputs {
  simdjson::padded_string lines;  // one event per line
  simdjson::padded_string trace;  // {"traceEvents": [...]}
  CompiledSchema line_schema;
  CompiledSchema trace_schema;
};

const Inputs& inputs() {
  static Inputs* in = [] {
    auto* out = new Inputs;
    Rng rng;
    std::string lines, trace = "{\"schemaVersion\": 1, \"traceEvents\": [\n";
    size_t target = target_bytes();
    while (lines.size() < target) {
      std::string e = event(rng);
      lines += e;
      lines += '\n';
      trace += e;
      trace += ",\n";
    }
    trace.resize(trace.size() - 2);
    trace += "\n]}\n";
    out->lines = simdjson::padded_string(lines);
    out->trace = simdjson::padded_string(trace);
    nlohmann::json event_schema = nlohmann::json::parse(kEventSchema);
    out->line_schema = tc::schema::compile(event_schema);
    // Embedded, the event schema keeps its own "#/definitions/..." refs by
    // naming itself.
    event_schema["$id"] = "urn:tracecheck:bench:event";
    nlohmann::json whole = {{"type", "object"},
                            {"required", {"traceEvents"}},
                            {"properties", {{"traceEvents", {{"type", "array"}, {"items", event_schema}}}}}};
    out->trace_schema = tc::schema::compile(whole);
    return out;
  }();
  return *in;
}

void BM_JsonLinesParseOnly(benchmark::State& state) {
  std::string_view text(inputs().lines);
  simdjson::dom::parser parser;
  for (auto _ : state) {
    size_t pos = 0, documents = 0;
    while (pos < text.size()) {
      const void* nl = std::memchr(text.data() + pos, '\n', text.size() - pos);
      size_t end = nl ? static_cast<size_t>(static_cast<const char*>(nl) - text.data()) : text.size();
      simdjson::dom::element e;
      if (parser.parse(text.data() + pos, end - pos, false).get(e) == simdjson::SUCCESS) ++documents;
      pos = end + 1;
    }
    benchmark::DoNotOptimize(documents);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

// Visits every value through the validator's adapter: the floor any
// validator over the simdjson DOM pays on top of the parse.
size_t walk(simdjson::dom::element e) {
  using A = tc::schema::detail::SimdAdapter;
  switch (A::kind(e)) {
    case tc::schema::detail::Kind::Array: {
      size_t n = 1;
      A::each_item(e, [&](size_t, simdjson::dom::element item) {
        n += walk(item);
        return true;
      });
      return n;
    }
    case tc::schema::detail::Kind::Object: {
      size_t n = 1;
      A::each_member(e, [&](std::string_view key, simdjson::dom::element value) {
        n += key.size() + walk(value);
        return true;
      });
      return n;
    }
    case tc::schema::detail::Kind::String:
      return A::string(e).size();
    case tc::schema::detail::Kind::Number:
      return A::number(e).is_integral();
    default:
      return 1;
  }
}

void BM_JsonLinesParseWalk(benchmark::State& state) {
  std::string_view text(inputs().lines);
  simdjson::dom::parser parser;
  for (auto _ : state) {
    size_t pos = 0, visited = 0;
    while (pos < text.size()) {
      const void* nl = std::memchr(text.data() + pos, '\n', text.size() - pos);
      size_t end = nl ? static_cast<size_t>(static_cast<const char*>(nl) - text.data()) : text.size();
      simdjson::dom::element e;
      if (parser.parse(text.data() + pos, end - pos, false).get(e) == simdjson::SUCCESS) visited += walk(e);
      pos = end + 1;
    }
    benchmark::DoNotOptimize(visited);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void BM_JsonLinesParseValidate(benchmark::State& state) {
  std::string_view text(inputs().lines);
  DocumentValidator validator(inputs().line_schema);
  uint64_t invalid = 0;
  for (auto _ : state) {
    tc::schema::DocumentStats s =
        validator.run(text, DocumentValidator::Mode::JsonLines, [](const tc::schema::Finding&) {});
    invalid += s.invalid + s.syntax_errors;
  }
  if (invalid) state.SkipWithError("the generated input should be valid");
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void BM_TraceParseOnly(benchmark::State& state) {
  const simdjson::padded_string& text = inputs().trace;
  simdjson::dom::parser parser;
  for (auto _ : state) {
    simdjson::dom::element e;
    benchmark::DoNotOptimize(parser.parse(text).get(e));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void BM_TraceParseValidate(benchmark::State& state) {
  const simdjson::padded_string& text = inputs().trace;
  simdjson::dom::parser parser;
  for (auto _ : state) {
    simdjson::dom::element e;
    if (parser.parse(text).get(e) != simdjson::SUCCESS || !inputs().trace_schema.validate(e))
      state.SkipWithError("the generated trace should be valid");
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

BENCHMARK(BM_JsonLinesParseOnly)->Unit(benchmark::kMillisecond)->MinTime(2);
BENCHMARK(BM_JsonLinesParseWalk)->Unit(benchmark::kMillisecond)->MinTime(2);
BENCHMARK(BM_JsonLinesParseValidate)->Unit(benchmark::kMillisecond)->MinTime(2);
BENCHMARK(BM_TraceParseOnly)->Unit(benchmark::kMillisecond)->MinTime(2);
BENCHMARK(BM_TraceParseValidate)->Unit(benchmark::kMillisecond)->MinTime(2);

}  // namespace
