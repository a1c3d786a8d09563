#include "formats/torch_trace/checker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "json/parse.h"

namespace tc::formats::torch_trace {
namespace {

const std::string kFile = "trace.log";

class CheckerTest : public ::testing::Test {
 protected:
  // Feeds one record whose envelope is `json`, at the next line.
  void feed(const std::string& json, const char* payload = nullptr, const std::string* file = &kFile) {
    Record r;
    json::Parser parser;
    json::ParseResult parsed = parser.parse(json);
    ASSERT_TRUE(parsed.ok) << json;
    r.file = file;
    r.line = ++line_;
    // Glog timestamps that grow with the line: "0101 00:00:00.000007".
    std::string micros = std::to_string(line_);
    times_.push_back(!fixed_time_.empty() ? fixed_time_
                                          : "0101 00:00:00." + std::string(6 - std::min<size_t>(6, micros.size()), '0') +
                                                micros);
    r.prefix.timestamp = times_.back();
    r.json_column = 10;
    r.envelope = std::move(parsed.value);
    r.kind = r.envelope.first_key();
    r.envelope_text = json;
    if (payload) {
      r.has_payload = true;
      r.payload = payload;
      r.payload_first_line = line_ + 1;
      r.payload_lines = 1;
      for (const char* c = payload; *c; ++c) line_ += *c == '\n';
      ++line_;
    }
    checker.feed(r);
  }

  uint64_t count(const std::string& rule) const { return reporter.count(rule); }
  const diag::Diagnostic* find(const std::string& rule) const {
    for (const auto& d : reporter.kept())
      if (d.rule == rule) return &d;
    return nullptr;
  }

  diag::Reporter reporter;
  TorchTraceChecker checker{reporter};
  uint64_t line_ = 0;
  std::deque<std::string> times_;  // the records' timestamps (a prefix holds a view)
  std::string fixed_time_;         // when set, every record's timestamp
};

TEST_F(CheckerTest, EnvelopeTypesFollowTlparse) {
  feed(R"({"artifact": {"name": "x"}})");
  feed(R"({"dynamo_start": {"stack": [{"line": 1, "name": "f", "filename": -1}]}})");
  feed(R"({"rank": "0", "a": {}})");
  checker.finish();
  EXPECT_EQ(count("tt-envelope"), 3u);
  const diag::Diagnostic* d = find("tt-envelope");
  EXPECT_EQ(d->pointer, "/artifact");
  EXPECT_EQ(d->record_kind, "artifact:x");
  EXPECT_EQ(d->location.column, 10u + std::string(R"({"artifact": )").size());
}

TEST_F(CheckerTest, NullKeysAndRawJsonlKeys) {
  feed(R"({"describe_storage": null, "has_payload": null, "compiled_autograd_id": null, "timestamp": 1})");
  EXPECT_EQ(count("tt-null-key"), 2u);  // a null compile-id key is what PyTorch writes
  EXPECT_EQ(count("tt-key-conflict"), 1u);
}

TEST_F(CheckerTest, ArtifactEncodingAndJsonPayloads) {
  feed(R"({"artifact": {"name": "a", "encoding": "base64"}})", "x");
  feed(R"({"artifact": {"name": "b", "encoding": "json"}})", "{\"a\": 1,\n\"b\": }");
  feed(R"({"artifact": {"name": "c", "encoding": "json"}})", "{\"a\": NaN}");
  feed(R"({"artifact": {"name": "d", "encoding": "string"}})", "{not json");
  EXPECT_EQ(count("tt-artifact-encoding"), 1u);
  EXPECT_EQ(find("tt-artifact-encoding")->pointer, "/artifact/encoding");
  ASSERT_EQ(count("tt-artifact-json"), 1u);
  const diag::Diagnostic* d = find("tt-artifact-json");
  EXPECT_EQ(d->record_kind, "artifact:b");
  EXPECT_EQ(d->location.line, 5u);  // the payload's second line (record b is line 3)
  EXPECT_EQ(count("json-non-finite"), 1u);
}

TEST_F(CheckerTest, ChromiumEvents) {
  feed(R"({"chromium_event": {}})", "{\"name\": \"x\", \"args\": {\"compile_id\": \"0/1\"}}");
  feed(R"({"chromium_event": {}})", "{\"name\": \"x\", \"args\": {\"compile_id\": \"None\"}}");
  EXPECT_EQ(count("tt-compile-id") + count("tt-chromium-json"), 0u);
  feed(R"({"chromium_event": {}})", "{\"name\": \"x\", \"args\": {\"compile_id\": \"1/-\"}}");
  feed(R"({"chromium_event": {}})", "{\"name\": ");
  feed(R"({"chromium_event": {}})", "{\"a\": 1, \"a\": 2}");
  EXPECT_EQ(count("tt-compile-id"), 1u);
  EXPECT_EQ(count("tt-chromium-json"), 1u);
  EXPECT_EQ(count("json-duplicate-key"), 1u);
}

TEST_F(CheckerTest, DynamoGuards) {
  feed(R"({"dynamo_guards": {}})", "[\n{\"code\": \"x\"}\n]");
  EXPECT_EQ(count("tt-dynamo-guards-json"), 0u);
  feed(R"({"dynamo_guards": {}})", "{\"code\": \"x\"}");
  feed(R"({"dynamo_guards": {}})", "[{\"code\": NaN}]");
  feed(R"({"dynamo_guards": {}})", "[{\"code\": \"x\", \"code\": \"y\"}]");
  feed(R"({"dynamo_guards": {}})", "[");
  EXPECT_EQ(count("tt-dynamo-guards-json"), 4u);
}

TEST_F(CheckerTest, MetricsWithoutFailReason) {
  feed(R"({"compilation_metrics": {"fail_type": "E", "fail_reason": "r"}})");
  feed(R"({"compilation_metrics": {"fail_type": null}})");
  EXPECT_EQ(count("tt-metrics-fail-reason"), 0u);
  feed(R"({"compilation_metrics": {"fail_type": "E"}})");
  feed(R"({"compilation_metrics": {"fail_type": "E", "fail_reason": null}})");
  EXPECT_EQ(count("tt-metrics-fail-reason"), 2u);
  EXPECT_EQ(find("tt-metrics-fail-reason")->pointer, "/compilation_metrics/fail_reason");
}

TEST_F(CheckerTest, CompileIdsInMetrics) {
  feed(R"({"compilation_metrics": {"compile_id": "0/2"}, "frame_id": 0, "frame_compile_id": 2, "attempt": 1})");
  feed(R"({"compilation_metrics": {"compile_id": null}})");
  EXPECT_EQ(count("tt-compile-id"), 0u);
  feed(R"({"compilation_metrics": {"compile_id": "0/1"}, "frame_id": 0, "frame_compile_id": 2})");
  feed(R"({"compilation_metrics": {"compile_id": "!1/2"}})");
  feed(R"({"a": {}, "frame_id": 0})");
  EXPECT_EQ(count("tt-compile-id"), 3u);
}

TEST_F(CheckerTest, CompilesOpenAndCloseByIdWithoutAttempt) {
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})");
  feed(R"({"dynamo_start": {}, "frame_id": 1, "frame_compile_id": 0, "attempt": 0})");
  feed(R"({"compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 0, "attempt": 1})");  // restarted
  checker.finish();
  ASSERT_EQ(count("tt-compile-unclosed"), 1u);
  EXPECT_EQ(find("tt-compile-unclosed")->location.line, 2u);
  EXPECT_EQ(count("tt-compile-duplicate"), 0u);
}

TEST_F(CheckerTest, DuplicateCompiles) {
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
  feed(R"({"compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 0})");
  checker.finish();
  EXPECT_EQ(count("tt-compile-duplicate"), 1u);
  EXPECT_EQ(count("tt-compile-unclosed"), 1u);  // the first start never got its metrics
  EXPECT_EQ(find("tt-compile-unclosed")->location.line, 1u);
}

TEST_F(CheckerTest, EachFileHasItsOwnCompiles) {
  static const std::string other = "rank_1.log";
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
  feed(R"({"compilation_metrics": {}, "frame_id": 3, "frame_compile_id": 0})");  // this file has metrics
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})", nullptr, &other);
  feed(R"({"compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 0})", nullptr, &other);
  checker.finish();
  EXPECT_EQ(count("tt-compile-duplicate"), 0u);
  ASSERT_EQ(count("tt-compile-unclosed"), 1u);
  EXPECT_EQ(find("tt-compile-unclosed")->location.file, kFile);
}

// torch._dynamo.reset() restarts the frame counter (test_codecache): compile
// 0/0 starting again once every compile closed begins a new set of compiles.
TEST_F(CheckerTest, CompilesRestartAfterADynamoReset) {
  for (int run = 0; run < 2; ++run) {
    feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
    feed(R"({"compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 0})");
    feed(R"({"dynamo_start": {}, "frame_id": 1, "frame_compile_id": 0})");
    feed(R"({"compilation_metrics": {}, "frame_id": 1, "frame_compile_id": 0})");
  }
  EXPECT_EQ(count("tt-compile-duplicate"), 0u);
  // Without a restart at 0/0, a compile id seen again is a duplicate; so is
  // a copy of 0/0's first start (its timestamp too), appended by hand.
  feed(R"({"dynamo_start": {}, "frame_id": 1, "frame_compile_id": 0})");
  feed(R"({"compilation_metrics": {}, "frame_id": 1, "frame_compile_id": 0})");
  EXPECT_EQ(count("tt-compile-duplicate"), 1u);
  fixed_time_ = times_[4];  // the second run's first dynamo_start, line 5
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
  feed(R"({"compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 0})");
  checker.finish();
  EXPECT_EQ(count("tt-compile-duplicate"), 2u);
  EXPECT_EQ(count("tt-compile-unclosed"), 0u);
}

// A compile open when the compiles restart never got its metrics.
TEST_F(CheckerTest, AResetLeavesOpenCompilesUnclosed) {
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
  feed(R"({"compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 0})");
  feed(R"({"dynamo_start": {}, "frame_id": 1, "frame_compile_id": 0})");
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");  // reset
  feed(R"({"compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 0})");
  checker.finish();
  EXPECT_EQ(count("tt-compile-duplicate"), 0u);
  ASSERT_EQ(count("tt-compile-unclosed"), 1u);
  EXPECT_EQ(find("tt-compile-unclosed")->location.line, 3u);
}

// PyTorch wrote no compilation_metrics before 2024-04 (tlparse learned them on
// 2024-04-03): in a file without any, a compile that logged its dynamo_guards
// finished; one that did not (a log cut short) is still unclosed, and a copy
// of a start is still a duplicate.
TEST_F(CheckerTest, LogsFromBeforeCompilationMetricsCloseCompilesByTheirGuards) {
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
  feed(R"({"dynamo_guards": {}, "frame_id": 0, "frame_compile_id": 0})", "[]");
  feed(R"({"dynamo_start": {}, "frame_id": 1, "frame_compile_id": 0})");
  feed(R"({"dynamo_guards": {}, "frame_id": 1, "frame_compile_id": 0})", "[]");
  feed(R"({"dynamo_start": {}, "frame_id": 2, "frame_compile_id": 0})");  // cut short
  EXPECT_EQ(count("tt-compile-duplicate"), 0u);
  fixed_time_ = times_[0];  // a copy of the first start, appended by hand: no reset
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
  checker.finish();
  ASSERT_EQ(count("tt-compile-duplicate"), 1u);
  EXPECT_EQ(find("tt-compile-duplicate")->location.line, 8u);
  ASSERT_EQ(count("tt-compile-unclosed"), 2u);  // frame 2 (line 7), and the 0/0 started again (line 8)
  std::vector<uint64_t> lines;
  for (const auto& d : reporter.kept())
    if (d.rule == "tt-compile-unclosed") lines.push_back(d.location.line);
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<uint64_t>{7, 8}));
}

// A dynamo reset in a log from before compilation_metrics: compile 0/0
// finished by its guards, so its start again is a reset, not a duplicate.
TEST_F(CheckerTest, ResetsBeforeCompilationMetricsAreNoDuplicates) {
  for (int run = 0; run < 2; ++run) {
    feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})");
    feed(R"({"dynamo_guards": {}, "frame_id": 0, "frame_compile_id": 0})", "[]");
    feed(R"({"dynamo_start": {}, "frame_id": 1, "frame_compile_id": 0})");
    feed(R"({"dynamo_guards": {}, "frame_id": 1, "frame_compile_id": 0})", "[]");
  }
  checker.finish();
  EXPECT_EQ(count("tt-compile-duplicate"), 0u);
  EXPECT_EQ(count("tt-compile-unclosed"), 0u);
}

TEST_F(CheckerTest, StrRecordsSkipEveryOtherCheck) {
  feed(R"({"str": ["/a.py", 0], "artifact": {"name": "x", "encoding": "zip"}, "frame_id": 0})");
  EXPECT_EQ(count("tt-artifact-encoding") + count("tt-compile-id"), 0u);
}

}  // namespace
}  // namespace tc::formats::torch_trace
