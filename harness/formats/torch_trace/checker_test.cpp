#include "formats/torch_trace/checker.h"

#include <gtest/gtest.h>

#include <string>

#include "json/parse.h"

namespace tc::checks {
namespace {

const std::string kFile = "trace.log";

class CheckerTest : public ::testing::Test {
 protected:
  // Feeds one record whose envelope is `json`, at the next line.
  void feed(const std::string& json, const char* payload = nullptr, const std::string* file = &kFile) {
    reader::Record r;
    json::Parser parser;
    json::ParseResult parsed = parser.parse(json);
    ASSERT_TRUE(parsed.ok) << json;
    r.file = file;
    r.line = ++line_;
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
  feed(R"({"dynamo_start": {}, "frame_id": 0, "frame_compile_id": 0})", nullptr, &other);
  feed(R"({"compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 0})", nullptr, &other);
  checker.finish();
  EXPECT_EQ(count("tt-compile-duplicate"), 0u);
  ASSERT_EQ(count("tt-compile-unclosed"), 1u);
  EXPECT_EQ(find("tt-compile-unclosed")->location.file, kFile);
}

TEST_F(CheckerTest, StrRecordsSkipEveryOtherCheck) {
  feed(R"({"str": ["/a.py", 0], "artifact": {"name": "x", "encoding": "zip"}, "frame_id": 0})");
  EXPECT_EQ(count("tt-artifact-encoding") + count("tt-compile-id"), 0u);
}

}  // namespace
}  // namespace tc::checks
