#include "formats/torch_trace/chromium_events.h"

#include <gtest/gtest.h>

#include <string>

#include "json/parse.h"

namespace tc::formats::torch_trace {
namespace {

class ChromiumTest : public ::testing::Test {
 protected:
  void event(const std::string& envelope, const std::string& payload, const std::string* file = &file_a) {
    Record r;
    json::Parser parser;
    json::ParseResult parsed = parser.parse(envelope);
    ASSERT_TRUE(parsed.ok) << envelope;
    r.file = file;
    r.line = ++line_;
    r.envelope = std::move(parsed.value);
    r.kind = r.envelope.first_key();
    r.envelope_text = envelope;
    r.has_payload = true;
    r.payload = payload;
    r.payload_first_line = ++line_;
    r.payload_lines = 1;
    checker.feed(r);
  }
  // A dynamo_timed event as PyTorch writes it, under envelope compile id 0/0.
  void timed(const char* name, const char* ph, const char* compile_id = "0/0", const std::string* file = &file_a) {
    event(R"({"chromium_event": {}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "x"})",
          std::string(R"({"name": ")") + name + R"(", "ts": 1.5, "args": {"compile_id": ")" + compile_id +
              R"("}, "ph": ")" + ph + R"(", "cat": "dynamo_timed", "tid": 0, "pid": 0})",
          file);
  }
  uint64_t count(const std::string& rule) const { return reporter.count(rule); }

  static inline const std::string file_a = "a.log";
  static inline const std::string file_b = "b.log";
  diag::Reporter reporter;
  ChromiumEventChecker checker{reporter};
  uint64_t line_ = 0;
};

TEST_F(ChromiumTest, NestedSpansPerCompileIdBalance) {
  timed("dynamo", "B");
  timed("entire_frame_compile", "B");
  timed("backend_compile", "B", "0/1");  // another compile, interleaved
  timed("entire_frame_compile", "E");
  timed("backend_compile", "E", "0/1");
  timed("dynamo", "E");
  event(R"({"chromium_event": {}, "has_payload": "x"})",
        R"({"name": "x", "ph": "X", "ts": 3, "dur": 2, "pid": 0, "tid": "main", "args": {}})");
  event(R"({"chromium_event": {}, "has_payload": "x"})", R"({"name": "m", "ph": "M", "pid": 0, "tid": 0})");
  checker.finish();
  EXPECT_EQ(reporter.kept().size(), 0u);
}

TEST_F(ChromiumTest, EndWithoutBeginAndUnclosedBeginAreReported) {
  timed("dynamo", "B");
  timed("backend_compile", "E");  // never began
  timed("entire_frame_compile", "B");
  timed("entire_frame_compile", "E", "1/0");  // closes under another compile id
  checker.finish();
  EXPECT_EQ(count("tt-chromium-unbalanced"), 4u);  // 2 stray E, 2 open B
  ASSERT_FALSE(reporter.kept().empty());
  EXPECT_NE(reporter.kept()[0].message.find("backend_compile"), std::string::npos);
}

TEST_F(ChromiumTest, OpenSpansAreReportedPerFile) {
  timed("dynamo", "B", "0/0", &file_a);
  timed("dynamo", "E", "0/0", &file_b);  // the B is in the other file
  checker.finish();
  EXPECT_EQ(count("tt-chromium-unbalanced"), 2u);
  ASSERT_EQ(reporter.kept().size(), 2u);
  EXPECT_EQ(reporter.kept()[0].location.file, "a.log");
  EXPECT_EQ(reporter.kept()[1].location.file, "b.log");
}

TEST_F(ChromiumTest, EnvelopeCompileIdWhenArgsHaveNone) {
  event(R"({"chromium_event": {}, "compiled_autograd_id": 0, "attempt": 0, "has_payload": "x"})",
        R"({"name": "compiled_autograd", "ph": "B", "ts": 1, "pid": 0, "tid": 0})");
  event(R"({"chromium_event": {}, "compiled_autograd_id": 1, "attempt": 0, "has_payload": "x"})",
        R"({"name": "compiled_autograd", "ph": "E", "ts": 2, "pid": 0, "tid": 0})");
  checker.finish();
  EXPECT_EQ(count("tt-chromium-unbalanced"), 2u);  // !0 opens, !1 closes nothing
}

TEST_F(ChromiumTest, PayloadMustBeAChromeTraceEvent) {
  const char* env = R"({"chromium_event": {}, "has_payload": "x"})";
  event(env, R"([1, 2])");
  event(env, R"({"ph": "B", "ts": 1, "pid": 0, "tid": 0})");
  event(env, R"({"name": "a", "ph": "Q", "ts": 1, "pid": 0, "tid": 0})");
  event(env, R"({"name": "a", "ph": "B", "ts": "1", "pid": 0, "tid": 0})");
  event(env, R"({"name": "a", "ph": "B", "ts": 1, "tid": 0})");
  event(env, R"({"name": "a", "ph": "X", "ts": 1, "pid": 0, "tid": 0})");
  event(env, R"({"name": "a", "ph": "i", "ts": 1, "pid": 0, "tid": 0.5})");
  event(env, R"({"name": "a", "ph": "i", "ts": 1, "pid": 0, "tid": 0, "args": []})");
  event(env, R"(not json)");  // tt-chromium-json's business
  checker.finish();
  EXPECT_EQ(count("tt-chromium-event"), 8u);
  EXPECT_EQ(count("tt-chromium-unbalanced"), 0u);
  ASSERT_EQ(reporter.kept().size(), 8u);
  EXPECT_EQ(reporter.kept()[1].pointer, "/name");
  EXPECT_EQ(reporter.kept()[2].pointer, "/ph");
  EXPECT_EQ(reporter.kept()[5].pointer, "/dur");
}

// PyTorch of 2024 wrote "args": null on its B/E events; catapult and Perfetto
// read that as no args. A metadata event needs its args.
TEST_F(ChromiumTest, NullArgsAreNoArgsExceptOnMetadata) {
  const char* env = R"({"chromium_event": {}, "has_payload": "x"})";
  event(env, R"({"name": "a", "ph": "B", "ts": 1, "pid": 0, "tid": 0, "args": null})");
  event(env, R"({"name": "a", "ph": "E", "ts": 2, "pid": 0, "tid": 0, "args": null})");
  checker.finish();
  EXPECT_EQ(count("tt-chromium-event"), 0u);
  EXPECT_EQ(count("tt-chromium-unbalanced"), 0u);
  event(env, R"({"name": "process_name", "ph": "M", "pid": 0, "tid": 0, "args": null})");
  checker.finish();
  ASSERT_EQ(count("tt-chromium-event"), 1u);
  EXPECT_EQ(reporter.kept().back().pointer, "/args");
}

}  // namespace
}  // namespace tc::formats::torch_trace
