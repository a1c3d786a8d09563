#include "formats/chrome_trace/checker.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <cstdio>
#include <fstream>

#include "diag/profile.h"
#include "diag/reporter.h"
#include "formats/registry/registry.h"
#include "formats/registry/registry.h"

namespace tc::formats::chrome_trace {
namespace {
namespace fs = std::filesystem;

class ChromeChecks : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_chrome_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Checks `text` as a Chrome trace file; returns what check() returns
  // (whether the file was read).
  bool check(const std::string& text, const std::string& name = "t.json", unsigned jobs = 1) {
    path_ = (dir_ / name).string();
    std::ofstream(path_, std::ios::binary) << text;
    reporter_ = diag::Reporter();
    std::string io_error;
    formats::CheckRequest request;
    request.path = path_;
    request.reporter = &reporter_;
    request.jobs = jobs;
    return formats::registry::find_format("chrome_trace")->check(request, io_error);
  }
  // An object-form trace around `events` (comma-separated JSON objects).
  bool check_events(const std::string& events) { return check("{\"traceEvents\": [\n" + events + "\n]}"); }
  uint64_t count(std::string_view rule) const { return reporter_.count(rule); }
  uint64_t total() const {
    uint64_t n = 0;
    for (const auto& [rule, c] : reporter_.counts()) n += c;
    return n;
  }
  const diag::Diagnostic* find(std::string_view rule) const {
    for (const auto& d : reporter_.kept())
      if (d.rule == rule) return &d;
    return nullptr;
  }
  std::string all() const {
    std::string s;
    for (const auto& d : reporter_.kept()) s += diag::format_text(d) + "\n";
    return s;
  }

  fs::path dir_;
  std::string path_;
  diag::Reporter reporter_;
};

constexpr const char* kClean =
    R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 7, "tid": 7, "ts": 10.5, "dur": 3, "args": {"External id": 1}},
{"ph": "B", "name": "step", "pid": 7, "tid": 8, "ts": 1},
{"ph": "E", "name": "step", "pid": 7, "tid": 8, "ts": 2},
{"ph": "i", "s": "g", "name": "mark", "pid": 7, "tid": 7, "ts": 11},
{"ph": "s", "cat": "fwdbwd", "name": "fwdbwd", "id": 3, "pid": 7, "tid": 7, "ts": 11},
{"ph": "f", "cat": "fwdbwd", "name": "fwdbwd", "id": 3, "pid": 7, "tid": 8, "ts": 12, "bp": "e"},
{"ph": "b", "cat": "a", "name": "req", "id": "0x1", "pid": 7, "tid": 7, "ts": 1},
{"ph": "e", "cat": "a", "name": "req", "id": "0x1", "pid": 7, "tid": 7, "ts": 5},
{"ph": "C", "name": "mem", "pid": 7, "tid": 7, "ts": 5, "args": {"bytes": 12}},
{"ph": "M", "name": "thread_name", "pid": 7, "tid": 7, "args": {"name": "main"}},
{"ph": "M", "name": "process_sort_index", "pid": 7, "tid": 0, "args": {"sort_index": 3}})";

TEST_F(ChromeChecks, CleanTraceHasNoFindings) {
  EXPECT_TRUE(check_events(kClean));
  EXPECT_EQ(total(), 0u) << all();
}

struct Defect {
  const char* event;
  const char* rule;
};

TEST_F(ChromeChecks, EachDefectHasItsRule) {
  const Defect defects[] = {
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1})", "ct-dur-missing"},
      {R"({"ph": "X", "pid": 1, "tid": 1, "ts": 1, "dur": 1})", "ct-field-missing"},
      {R"({"ph": "M", "pid": 1, "tid": 1, "args": {"name": "p"}})", "ct-metadata-name"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": -2})", "ct-dur-negative"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": "x", "dur": 2})", "ct-field-type"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "dur": 2})", "ct-time-null"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": null, "dur": 2})", "ct-time-null"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": true})", "ct-time-null"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": [2]})", "ct-field-type"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": -1, "dur": 2})", "ct-ts-negative"},
      {R"({"ph": "E", "pid": 1, "tid": 1, "ts": 1})", "ct-be-unmatched"},
      {R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1})", "ct-b-unclosed"},
      {R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1}, {"ph": "E", "name": "b", "pid": 1, "tid": 1, "ts": 2})",
       "ct-be-name-mismatch"},
      {R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 5}, {"ph": "E", "pid": 1, "tid": 1, "ts": 2})",
       "ct-be-backwards"},
      {R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 5}, {"ph": "E", "pid": 1, "tid": 1, "ts": 6}, )"
       R"({"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 4}, {"ph": "E", "pid": 1, "tid": 1, "ts": 7})",
       "ct-be-unordered"},
      {R"({"ph": "i", "s": "x", "name": "a", "pid": 1, "tid": 1, "ts": 1})", "ct-instant-scope"},
      {R"({"ph": "b", "cat": "c", "name": "a", "id": 1, "pid": 1, "tid": 1, "ts": 1})", "ct-async-unpaired"},
      {R"({"ph": "e", "cat": "c", "name": "a", "id": 1, "pid": 1, "tid": 1, "ts": 1})", "ct-async-unpaired"},
      {R"({"ph": "b", "name": "a", "id": 1, "pid": 1, "tid": 1, "ts": 1}, {"ph": "e", "name": "a", "id": 1, "pid": 1, "tid": 1, "ts": 1})",
       "ct-field-missing"},
      {R"({"ph": "s", "cat": "ac2g", "name": "ac2g", "id": 4, "pid": 1, "tid": 1, "ts": 1})", "ct-flow-unpaired"},
      {R"({"ph": "f", "cat": "ac2g", "name": "ac2g", "id": 4, "pid": 1, "tid": 1, "ts": 1, "bp": "e"})",
       "ct-flow-unpaired"},
      {R"({"ph": "s", "cat": "c", "name": "x", "id": 4, "pid": 1, "tid": 1, "ts": 1}, {"ph": "s", "cat": "c", "name": "x", "id": 4, "pid": 1, "tid": 1, "ts": 2}, {"ph": "f", "cat": "c", "name": "x", "id": 4, "pid": 1, "tid": 1, "ts": 3})",
       "ct-flow-duplicate"},
      {R"({"ph": "s", "cat": "c", "name": "x", "pid": 1, "tid": 1, "ts": 1})", "ct-flow-id-missing"},
      {R"({"ph": "s", "cat": "c", "name": "x", "id": 4, "pid": 1, "tid": 1, "ts": 1}, {"ph": "f", "cat": "c", "name": "x", "id": 4, "pid": 1, "tid": 1, "ts": 3, "bp": "x"})",
       "ct-flow-bp"},
      {R"({"ph": "M", "name": "thread_colour", "pid": 1, "tid": 1, "args": {}})", "ct-metadata-name"},
      {R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": 3}})", "ct-metadata-value"},
      {R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 1})", "ct-metadata-args"},
      {R"({"ph": "M", "name": "thread_sort_index", "pid": 1, "tid": 1, "args": {"sort_index": "a"}})",
       "ct-metadata-value"},
      {R"({"ph": "C", "name": "c", "pid": 1, "tid": 1, "ts": 1, "args": {"v": "high"}})", "ct-counter-value"},
      {R"({"ph": "C", "name": "c", "pid": 1, "tid": 1, "ts": 1, "args": {}})", "ct-counter-args"},
      {R"({"ph": "C", "name": "c", "pid": 1, "tid": 1, "ts": 1})", "ct-counter-args"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 18446744073709551615, "ts": 1, "dur": 1})", "ct-tid-max"},
      {R"({"ph": "X", "name": "a", "pid": "Spans", "tid": 1, "ts": 1, "dur": 1})", "ct-string-id"},
      {R"({"ph": "X", "name": "a", "pid": [1], "tid": 1, "ts": 1, "dur": 1})", "ct-id-type"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": true, "ts": 1, "dur": 1})", "ct-id-type"},
      {R"({"ph": "Q", "name": "a", "pid": 1, "tid": 1, "ts": 1})", "ct-phase-unknown"},
      {R"({"name": "a", "pid": 1, "tid": 1, "ts": 1})", "ct-phase-missing"},
      {R"({})", "ct-empty-event"},
      {R"(3)", "ct-event-not-object"},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "args": 2})", "ct-args-type"},
      {R"({"ph": "X", "name": 3, "pid": 1, "tid": 1, "ts": 1, "dur": 1})", "ct-name-type"},
      {R"({"ph": "s", "cat": "c", "name": "x", "id": true, "pid": 1, "tid": 1, "ts": 1})", "ct-flow-id-missing"},
  };
  for (const Defect& d : defects) {
    check_events(d.event);
    EXPECT_GE(count(d.rule), 1u) << d.event << "\n" << all();
  }
}

// On two threads the reader takes a flow's pairing key ahead and the
// checks read its id only for a message: the messages are those of one
// thread, with the id, for "id" and "id2".
TEST_F(ChromeChecks, FlowMessagesNameTheIdOnAnyNumberOfThreads) {
  const std::string events =
      R"({"ph": "s", "cat": "c", "name": "x", "id": 4, "pid": 1, "tid": 1, "ts": 1},
{"ph": "s", "cat": "c", "name": "x", "id": 4, "pid": 1, "tid": 1, "ts": 2},
{"ph": "f", "cat": "c", "name": "x", "id2": {"local": "0x9"}, "pid": 1, "tid": 1, "ts": 4, "bp": "e"},
{"ph": "f", "cat": "c", "name": "x", "id2": {"local": "0x9"}, "pid": 1, "tid": 1, "ts": 5, "bp": "e"})";
  std::string one;
  for (unsigned jobs : {1u, 2u}) {
    check("{\"traceEvents\": [\n" + events + "\n]}", "t.json", jobs);
    const std::string findings = all();
    EXPECT_NE(findings.find("ct-flow-duplicate]: flow start (cat \"c\", id 4) while"), std::string::npos)
        << jobs << "\n" << findings;
    EXPECT_NE(findings.find("ct-flow-unpaired]: a second flow end (cat \"c\", id local:0x9) for one start"),
              std::string::npos)
        << jobs << "\n" << findings;
    if (jobs == 1) one = findings;
    else EXPECT_EQ(findings, one);
  }
}

TEST_F(ChromeChecks, FindingsPointAtTheEventAndField) {
  check_events(std::string(kClean) +
               ",\n{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": -5}");
  const diag::Diagnostic* d = find("ct-dur-negative");
  ASSERT_NE(d, nullptr) << all();
  EXPECT_EQ(d->location.line, 13u);
  EXPECT_EQ(d->location.column, 55u);
  EXPECT_EQ(d->pointer, "/traceEvents/11/dur");
  EXPECT_EQ(d->record_kind, "ph=X");
}

TEST_F(ChromeChecks, InvalidEventJsonIsLocatedAndLaterEventsStillChecked) {
  check_events("{\"ph\": \"X\", \"name\": \"a\" \"pid\": 1},\n{\"ph\": \"X\", \"name\": \"b\", \"ts\": 1}");
  const diag::Diagnostic* d = find("json-syntax");
  ASSERT_NE(d, nullptr) << all();
  EXPECT_EQ(d->location.line, 2u);
  EXPECT_EQ(d->location.column, 26u);        // inside the unexpected "pid" token
  EXPECT_EQ(count("ct-dur-missing"), 1u);  // the second event's missing dur
}

TEST_F(ChromeChecks, ContainerFindings) {
  check("[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1},\n");
  EXPECT_EQ(count("ct-bare-array"), 1u);
  EXPECT_EQ(count("ct-unterminated"), 1u);
  EXPECT_EQ(count("ct-trailing-comma"), 0u);  // the unterminated form's own last comma
  check("[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1},\n]");
  EXPECT_EQ(count("ct-trailing-comma"), 1u);  // a closed array: not JSON, and catapult keeps the comma
  check("{\"traceEvents\": [{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}");
  EXPECT_EQ(count("ct-truncated"), 1u);
  check("{\"otherData\": {}}");
  EXPECT_EQ(count("ct-no-trace-events"), 1u);
  check("{\"traceEvents\": [], \"displayTimeUnit\": \"s\"}");
  EXPECT_EQ(count("ct-display-time-unit"), 1u);
  // A false value catapult skips: its own rule, not the one it throws on.
  for (const char* unset : {"null", "\"\"", "0", "false"}) {
    check(std::string("{\"traceEvents\": [], \"displayTimeUnit\": ") + unset + "}");
    EXPECT_EQ(count("ct-display-time-unit-unset"), 1u) << unset;
    EXPECT_EQ(count("ct-display-time-unit"), 0u) << unset;
  }
  check("{\"traceEvents\": [], \"displayTimeUnit\": \"ns\"}");
  EXPECT_EQ(count("ct-display-time-unit-unset") + count("ct-display-time-unit"), 0u);
  check("{\"traceEvents\": []]");
  EXPECT_EQ(count("ct-structure"), 1u);
  check("{\"traceEvents\": [{\"ph\": \"X\", \"ts\": NaN}]}");
  EXPECT_EQ(count("json-non-finite"), 1u);
}

// JSON findings of the reader point at the offending byte, not the event.
TEST_F(ChromeChecks, JsonFindingsAreLocatedAtTheByte) {
  auto at = [&](std::string_view rule) {
    const diag::Diagnostic* d = find(rule);
    return d ? std::to_string(d->location.line) + ":" + std::to_string(d->location.column) + " " + d->pointer : all();
  };
  check("{\"traceEvents\": [\r\n{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]}");
  EXPECT_EQ(at("input-crlf"), "1:18 ");
  {  // after 300 LF lines (counted 64 bytes at a time), the first CRLF
    std::string events;
    for (int i = 0; i < 300; ++i) events += "{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1},\n";
    check("{\"traceEvents\": [\n" + events + "{\"ph\": \"i\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 2}\r\n]}");
    EXPECT_EQ(at("input-crlf"), "302:54 ");
  }
  check("{\"traceEvents\": [{\"ph\": \"i\", \"name\": \"a\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]}");
  EXPECT_EQ(at("json-duplicate-key"), "1:43 /traceEvents/0/name");
  check("{\"traceEvents\": [{\"ph\": \"X\", \"ts\": NaN}]}");
  EXPECT_EQ(at("json-non-finite"), "1:36 /traceEvents/0/ts");
  EXPECT_EQ(count("ct-time-infinite"), 0u);
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"\xff\"}]}");
  EXPECT_EQ(at("input-invalid-utf8"), "1:39 /traceEvents/0");
  // Also where the JSON error lands before the byte (at the string's start):
  // with the byte read as another character, the event parses.
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"Window End\xff\"}]}");
  EXPECT_EQ(at("input-invalid-utf8"), "1:49 /traceEvents/0");
  EXPECT_EQ(count("json-syntax"), 0u);
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1, \"args\": {\"v\": 1e999}}]}");
  EXPECT_EQ(at("ct-args-number-range"), "1:96 /traceEvents/0/args/v");
  EXPECT_EQ(count("json-number-range"), 0u);
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1e999, \"dur\": 1}]}");
  EXPECT_EQ(at("json-number-range"), "1:69 /traceEvents/0/ts");
  // An infinite time is also said as such: HTA crashes on it wherever it is written so.
  EXPECT_EQ(at("ct-time-infinite"), "1:69 /traceEvents/0/ts");
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": -Infinity}]}");
  EXPECT_EQ(at("ct-time-infinite"), "1:79 /traceEvents/0/dur");
  EXPECT_EQ(count("json-non-finite"), 1u);
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1e999, \"ts\": NaN, \"dur\": 1}]}");
  EXPECT_EQ(count("ct-time-infinite"), 0u) << all();
  // An infinite stream HTA cannot cast to an integer; NaN it fills.
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1, "
        "\"args\": {\"stream\": -Infinity}}]}");
  EXPECT_EQ(at("kt-stream-infinite"), "1:101 /traceEvents/0/args/stream");
  EXPECT_TRUE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("hta")).failed(false));
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1, "
        "\"args\": {\"stream\": NaN}}]}");
  EXPECT_EQ(count("kt-stream-infinite"), 0u) << all();
  // Beyond 64 bits: its own warning, not NaN or Infinity.
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 18446744073709551616, \"dur\": 1}]}");
  EXPECT_EQ(at("json-big-integer"), "1:69 /traceEvents/0/ts");
  EXPECT_EQ(count("json-non-finite"), 0u);
  // ... and the event is still checked, read as JSON.parse reads it.
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": -9223372036854775809},)"
               R"({"ph": "E", "name": "a", "pid": 1, "tid": 1, "ts": 1})");
  EXPECT_EQ(count("json-big-integer"), 1u) << all();
  EXPECT_EQ(count("ct-be-unmatched"), 0u) << all();
  EXPECT_EQ(count("ct-ts-negative"), 1u) << all();
  check("{\"traceEvents\": 5}");
  EXPECT_EQ(at("ct-trace-events-none"), "1:17 /traceEvents");
  EXPECT_EQ(count("ct-trace-events-type"), 0u);
  EXPECT_EQ(count("ct-no-trace-events"), 0u);
  // An object holding events loses them all in every consumer; one that
  // holds none (or a scalar) loses nothing in catapult, which loads the rest.
  check("{\"traceEvents\": {\"0\": {\"ph\": \"X\"}}, \"m\": 1}");
  EXPECT_EQ(at("ct-trace-events-type"), "1:17 /traceEvents");
  EXPECT_TRUE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("chrome")).failed(false));
  check("{\"traceEvents\": { }, \"m\": 1}");
  EXPECT_EQ(count("ct-trace-events-none"), 1u);
  EXPECT_FALSE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("chrome")).failed(false));
  EXPECT_TRUE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("hta")).failed(false));
  check("{\"traceEvents\": [], \"traceEvents\": []}");
  EXPECT_EQ(at("ct-trace-events-repeated"), "1:17 /traceEvents");
  EXPECT_EQ(count("ct-trace-events-type"), 0u);
  // The consumers' JSON parsers keep the last array: tracecheck checks it.
  check("{\"traceEvents\": [],\n\"traceEvents\": [{\"ph\": \"X\", \"name\": 3, \"pid\": 1, \"tid\": 1, \"ts\": 1, "
        "\"dur\": 1}]}");
  EXPECT_EQ(count("ct-no-events"), 0u) << all();
  EXPECT_EQ(at("ct-name-type"), "2:29 /traceEvents/0/name");  // in the second array
  EXPECT_EQ(count("ct-trace-events-repeated"), 1u);
  check("{\"traceEvents\": [{\"ph\": \"X\", \"name\": 3, \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}], "
        "\"traceEvents\": []}");
  EXPECT_EQ(count("ct-name-type"), 0u) << all();
  EXPECT_EQ(count("ct-no-events"), 1u) << all();
}

TEST_F(ChromeChecks, ProfilesDisagreeOnABareArray) {
  check("[{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]");
  EXPECT_FALSE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("perfetto")).failed(false));
  EXPECT_FALSE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("chrome")).failed(false));
  EXPECT_TRUE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("hta")).failed(false));
  EXPECT_FALSE(diag::resolve(reporter_, formats::registry::catalog().default_profile()).failed(false));
  EXPECT_EQ(diag::resolve(reporter_, formats::registry::catalog().default_profile()).warnings, 1u);
}

TEST_F(ChromeChecks, DefaultFailsABareArrayOnlyWhereHtaReadsIt) {
  // HTA reads Kineto traces and cannot load a bare array; a cmake-style
  // bare array is no trace HTA reads, a Kineto one (cpu_op events) is.
  check(R"([{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 1, "dur": 1}])");
  const diag::Verdict kineto = diag::resolve(reporter_, formats::registry::catalog().default_profile());
  EXPECT_TRUE(kineto.failed(false)) << all();
  ASSERT_EQ(kineto.diagnostics.size(), 1u);
  EXPECT_EQ(kineto.diagnostics[0].rule, "ct-bare-array");
  EXPECT_EQ(kineto.diagnostics[0].severity, diag::Severity::Error);
  // The same file under another name: readers are per file.
  check(R"([{"ph": "X", "cat": "build", "name": "configure", "pid": 1, "tid": 1, "ts": 1, "dur": 1}])", "cmake.json");
  EXPECT_FALSE(diag::resolve(reporter_, formats::registry::catalog().default_profile()).failed(false)) << all();
  ASSERT_NE(reporter_.readers_of(path_), nullptr);
  EXPECT_EQ(*reporter_.readers_of(path_), (std::vector<std::string>{"chrome", "perfetto"}));
}

// catapult keys a thread by the JavaScript string of pid and tid; Perfetto
// takes a string id for a name. An E whose B is on "the same" thread only
// by catapult's key is paired by one and dropped by the other.
TEST_F(ChromeChecks, AThreadWrittenTwoWaysIsOneToCatapultAndTwoToPerfetto) {
  const diag::Profile& chrome = *formats::registry::catalog().find_profile("chrome");
  const diag::Profile& perfetto = *formats::registry::catalog().find_profile("perfetto");
  for (const char* end : {R"({"ph": "E", "pid": "11", "tid": 1, "ts": 2})", R"({"ph": "E", "pid": [11], "tid": 1, "ts": 2})",
                          R"({"ph": "E", "pid": 11.0, "tid": "1", "ts": 2})"}) {
    check_events(std::string(R"({"ph": "B", "name": "a", "pid": 11, "tid": 1, "ts": 1}, )") + end);
    EXPECT_EQ(count("ct-be-unmatched"), 0u) << end << "\n" << all();
    EXPECT_EQ(count("ct-b-unclosed"), 0u) << end << "\n" << all();
    EXPECT_EQ(count("ct-be-split-thread"), 1u) << end;
    EXPECT_FALSE(diag::resolve(reporter_, chrome).failed(false)) << end << "\n" << all();
    EXPECT_TRUE(diag::resolve(reporter_, perfetto).failed(false)) << end;
  }
  // One way of writing it: nothing to either.
  check_events(R"({"ph": "B", "name": "a", "pid": "p", "tid": 1, "ts": 1}, {"ph": "E", "pid": "p", "tid": 1, "ts": 2})");
  EXPECT_EQ(count("ct-be-split-thread"), 0u) << all();
  EXPECT_EQ(count("ct-be-unmatched"), 0u) << all();
  // "1.5" and 1.5 are one thread to catapult, as are 1e-7 and "1e-7".
  check_events(R"({"ph": "B", "name": "a", "pid": 1.5, "tid": 1e-7, "ts": 1}, {"ph": "E", "pid": "1.5", "tid": "1e-7", "ts": 2})");
  EXPECT_EQ(count("ct-be-unmatched"), 0u) << all();
}

// HTA keeps any row with a cat and a dur, whatever its phase, and adds ts
// and dur over them: a dur that is no number fails it there, while the
// others read only an X's dur.
TEST_F(ChromeChecks, ANonNumericDurOutsideAnXFailsOnlyHta) {
  check_events(R"({"ph": "X", "cat": "cpu_op", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 2},)"
               R"({"ph": "b", "cat": "c", "name": "r", "id": 1, "pid": 1, "tid": 1, "ts": 1},)"
               R"({"ph": "e", "cat": "c", "name": "r", "id": 1, "pid": 1, "tid": 1, "ts": 2, "dur": "0"})");
  EXPECT_EQ(count("ct-stray-dur-type"), 1u) << all();
  EXPECT_TRUE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("hta")).failed(false));
  EXPECT_FALSE(diag::resolve(reporter_, *formats::registry::catalog().find_profile("chrome")).failed(false));
  check_events(R"({"ph": "e", "cat": "c", "name": "r", "id": 1, "pid": 1, "tid": 1, "ts": 2, "dur": null})");
  EXPECT_EQ(count("ct-stray-dur-type"), 0u) << all();
}

// catapult throws only on an E that ends before the B it closes starts; a B
// or E earlier than the one before it, it draws as written.
TEST_F(ChromeChecks, OnlyAnEndBeforeItsBeginIsBackwards) {
  const diag::Profile& chrome = *formats::registry::catalog().find_profile("chrome");
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1}, {"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 5},)"
               R"({"ph": "E", "pid": 1, "tid": 1, "ts": 9}, {"ph": "E", "pid": 1, "tid": 1, "ts": 3})");
  EXPECT_EQ(count("ct-be-backwards"), 0u) << all();
  EXPECT_EQ(count("ct-be-unordered"), 1u) << all();
  EXPECT_FALSE(diag::resolve(reporter_, chrome).failed(false));
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1}, {"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 5},)"
               R"({"ph": "E", "pid": 1, "tid": 1, "ts": 4})");
  EXPECT_EQ(count("ct-be-backwards"), 1u) << all();
  EXPECT_EQ(count("ct-be-unordered"), 0u) << all();
  EXPECT_TRUE(diag::resolve(reporter_, chrome).failed(false));
}

// catapult pairs every B and E, reading ts by arithmetic: a B whose ts is
// a string, a boolean or missing still opens the slice its E closes.
TEST_F(ChromeChecks, ABeginWithATsOfAnyTypeIsStillPaired) {
  for (const char* ts : {R"("ts": "5",)", R"("ts": "-",)", R"("ts": true,)", R"("ts": null,)", ""}) {
    check_events(std::string(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, )") + ts +
                 R"( "x": 0}, {"ph": "E", "name": "a", "pid": 1, "tid": 1, "ts": 9})");
    EXPECT_EQ(count("ct-be-unmatched"), 0u) << ts << "\n" << all();
    EXPECT_EQ(count("ct-b-unclosed"), 0u) << ts << "\n" << all();
  }
  // A numeric string is its number: this E ends before it.
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": " 50 "}, {"ph": "E", "pid": 1, "tid": 1, "ts": 9})");
  EXPECT_EQ(count("ct-be-backwards"), 1u) << all();
}

// A B or E of dur exactly 0 that starts before the open B, or at no number,
// catapult drops (importer.html:488-495): its E then closes nothing.
TEST_F(ChromeChecks, AZeroDurBeginOrEndBeforeTheOpenSliceIsDroppedByCatapult) {
  const diag::Profile& chrome = *formats::registry::catalog().find_profile("chrome");
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 5, "dur": 0},)"
               R"({"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 3, "dur": 0},)"
               R"({"ph": "E", "pid": 1, "tid": 1, "ts": 9, "dur": 0})");
  EXPECT_EQ(count("ct-be-zero-dur-backwards"), 1u) << all();
  EXPECT_EQ(find("ct-be-zero-dur-backwards")->pointer, "/traceEvents/1/ts");
  EXPECT_EQ(count("ct-be-unmatched"), 0u) << all();  // the E closes "a"
  EXPECT_TRUE(diag::resolve(reporter_, chrome).failed(false));
  // Without dur, or with a dur that is not the number 0, the B is drawn.
  for (const char* dur : {"", R"(, "dur": "0")", R"(, "dur": 1)"}) {
    check_events(std::string(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 5},)") +
                 R"({"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 3)" + dur + "}");
    EXPECT_EQ(count("ct-be-zero-dur-backwards"), 0u) << dur << "\n" << all();
    EXPECT_EQ(count("ct-be-unordered"), 1u) << dur << "\n" << all();
  }
  // A B at no number: every B or E of dur 0 after it is dropped.
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "dur": 0},)"
               R"({"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 3, "dur": 0},)"
               R"({"ph": "E", "pid": 1, "tid": 1, "ts": 4, "dur": 0})");
  EXPECT_EQ(count("ct-be-zero-dur-backwards"), 2u) << all();
  // A thread's instant is a slice on the same stack; a global one is not.
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 5},)"
               R"({"ph": "i", "name": "t", "pid": 1, "tid": 1, "ts": 3, "dur": 0},)"
               R"({"ph": "i", "s": "g", "name": "g", "pid": 1, "tid": 1, "ts": 3, "dur": 0})");
  EXPECT_EQ(count("ct-be-zero-dur-backwards"), 1u) << all();
  EXPECT_EQ(find("ct-be-zero-dur-backwards")->pointer, "/traceEvents/1/ts");
}

// What JSON.parse reads, tracecheck checks: an event with a number beyond
// double range, a lone surrogate or a byte that is not UTF-8 still opens
// and closes its slice; NaN (which JSON.parse rejects) does not.
TEST_F(ChromeChecks, AnEventJsonParseReadsIsCheckedThoughSimdjsonRejectsIt) {
  for (const char* b : {R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": -1e999},)",
                        R"({"ph": "B", "name": "a\ud800", "pid": 1, "tid": 1, "ts": 1},)",
                        "{\"ph\": \"B\", \"name\": \"a\xff\", \"pid\": 1, \"tid\": 1, \"ts\": 1},",
                        R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1, "args": {"v": 1e999}},)"}) {
    check_events(std::string(b) + R"({"ph": "E", "name": "a", "pid": 1, "tid": 1, "ts": 9})");
    EXPECT_EQ(count("ct-be-unmatched"), 0u) << b << "\n" << all();
    EXPECT_EQ(all().find("not checked further"), std::string::npos) << all();
  }
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": NaN},)"
               R"({"ph": "E", "name": "a", "pid": 1, "tid": 1, "ts": 9})");
  EXPECT_EQ(count("ct-be-unmatched"), 1u) << all();
  EXPECT_NE(all().find("not checked further"), std::string::npos) << all();
}

// Every consumer keeps a repeated key's last value, and so do the checks.
TEST_F(ChromeChecks, ARepeatedKeyIsReadAtItsLastValue) {
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1},)"
               R"({"pid": 7, "ph": "E", "name": "a", "pid": 1, "tid": 1, "ts": 9})");
  EXPECT_EQ(count("json-duplicate-key"), 1u) << all();
  EXPECT_EQ(count("ct-be-unmatched"), 0u) << all();
  check_events(R"({"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1},)"
               R"({"pid": 1, "ph": "E", "name": "a", "pid": 7, "tid": 1, "ts": 9})");
  EXPECT_EQ(count("ct-be-unmatched"), 1u) << all();
  EXPECT_EQ(count("ct-b-unclosed"), 1u) << all();
  // Nested too: the args the checks see are the last ones.
  check_events(R"({"ph": "C", "name": "c", "pid": 1, "tid": 1, "ts": 1, "args": {"v": "x", "v": 2}})");
  EXPECT_EQ(count("ct-counter-value"), 0u) << all();
}

// catapult makes no slice of a global or process instant, so it needs
// neither a name nor (global) a pid there; a flow's cat is part of its key,
// read as text only on an f without bp.
TEST_F(ChromeChecks, FieldsCatapultDoesNotReadOnAnEventAreNotItsErrors) {
  const diag::Profile& chrome = *formats::registry::catalog().find_profile("chrome");
  check_events(R"({"ph": "i", "s": "g", "ts": 1, "tid": 1})");
  EXPECT_EQ(count("ct-pid-missing-global"), 1u) << all();
  EXPECT_EQ(count("ct-pid-missing"), 0u) << all();
  EXPECT_EQ(count("ct-name-missing-instant"), 1u) << all();
  EXPECT_EQ(count("ct-field-missing"), 0u) << all();
  EXPECT_FALSE(diag::resolve(reporter_, chrome).failed(false)) << all();
  // A process instant needs the pid; a thread instant is a slice and needs both.
  check_events(R"({"ph": "i", "s": "p", "ts": 1, "tid": 1})");
  EXPECT_EQ(count("ct-pid-missing"), 1u) << all();
  EXPECT_EQ(count("ct-name-missing-instant"), 1u) << all();
  check_events(R"({"ph": "i", "ts": 1, "pid": 1, "tid": 1})");
  EXPECT_EQ(count("ct-field-missing"), 1u) << all();
  EXPECT_TRUE(diag::resolve(reporter_, chrome).failed(false)) << all();
  const std::string x = R"({"ph": "X", "name": "k", "ts": 1, "dur": 5, "pid": 1, "tid": 1},)";
  check_events(x + R"({"ph": "s", "id": 1, "name": "f", "ts": 1, "pid": 1, "tid": 1},)"
                   R"({"ph": "f", "bp": "e", "id": 1, "name": "f", "ts": 2, "pid": 1, "tid": 1})");
  EXPECT_EQ(count("ct-flow-cat-missing"), 2u) << all();
  EXPECT_EQ(count("ct-field-missing"), 0u) << all();
  EXPECT_FALSE(diag::resolve(reporter_, chrome).failed(false)) << all();
  check_events(x + R"({"ph": "f", "id": 1, "name": "f", "ts": 2, "pid": 1, "tid": 1})");
  EXPECT_EQ(count("ct-field-missing"), 1u) << all();
  EXPECT_TRUE(diag::resolve(reporter_, chrome).failed(false)) << all();
}

// catapult splits the cat of the events it makes slices or objects of, and
// throws on a truthy one that is not a string; it keeps any other as is.
TEST_F(ChromeChecks, ACatCatapultSplitsIsAnErrorOnlyWhereItSplitsIt) {
  const diag::Profile& chrome = *formats::registry::catalog().find_profile("chrome");
  for (const char* event : {
           R"({"ph": "X", "cat": 5, "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1})",
           R"({"ph": "X", "cat": null, "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1})",  // null.indexOf
           R"({"ph": "B", "cat": ["a"], "name": "a", "pid": 1, "tid": 1, "ts": 1})",
           R"({"ph": "i", "cat": true, "name": "a", "pid": 1, "tid": 1, "ts": 1})",
           R"({"ph": "i", "s": "t", "cat": {}, "name": "a", "pid": 1, "tid": 1, "ts": 1})"}) {
    check_events(event);
    EXPECT_EQ(count("ct-cat-split"), 1u) << event << "\n" << all();
    EXPECT_TRUE(diag::resolve(reporter_, chrome).failed(false)) << event;
  }
  for (const char* event : {
           R"({"ph": "B", "cat": null, "name": "a", "pid": 1, "tid": 1, "ts": 1})",
           R"({"ph": "B", "cat": 0, "name": "a", "pid": 1, "tid": 1, "ts": 1})",
           R"({"ph": "i", "s": "g", "cat": 5, "name": "a", "pid": 1, "tid": 1, "ts": 1})",
           R"({"ph": "C", "cat": [1], "name": "c", "pid": 1, "tid": 1, "ts": 1, "args": {"v": 1}})",
           R"({"ph": "M", "cat": true, "name": "process_name", "pid": 1, "tid": 1, "args": {"name": "p"}})"}) {
    check_events(event);
    EXPECT_EQ(count("ct-cat-split"), 0u) << event;
    EXPECT_EQ(count("ct-cat-type"), 1u) << event << "\n" << all();
    EXPECT_FALSE(diag::resolve(reporter_, chrome).failed(false)) << event << "\n" << all();
  }
}

// An M event's args that are there but not an object hold no name: catapult
// reads none and loads; without args, or with null, it throws.
TEST_F(ChromeChecks, MetadataArgsOfAnotherTypeLoseTheNameOnly) {
  const diag::Profile& chrome = *formats::registry::catalog().find_profile("chrome");
  check_events(R"({"ph": "M", "name": "process_name", "pid": 1, "tid": 1, "args": 5})");
  EXPECT_EQ(count("ct-metadata-value"), 1u) << all();
  EXPECT_EQ(count("ct-metadata-args"), 0u);
  EXPECT_FALSE(diag::resolve(reporter_, chrome).failed(false));
  check_events(R"({"ph": "M", "name": "process_name", "pid": 1, "tid": 1, "args": null})");
  EXPECT_EQ(count("ct-metadata-args"), 1u) << all();
  EXPECT_TRUE(diag::resolve(reporter_, chrome).failed(false));
  // Labels catapult splits at commas: anything but a string throws there,
  // and a missing one is only warned about.
  for (const char* labels : {"5", "null", "[\"a\"]"}) {
    check_events(std::string(R"({"ph": "M", "name": "process_labels", "pid": 1, "args": {"labels": )") + labels + "}}");
    EXPECT_EQ(count("ct-metadata-labels-type"), 1u) << labels << "\n" << all();
    EXPECT_TRUE(diag::resolve(reporter_, chrome).failed(false));
  }
  check_events(R"({"ph": "M", "name": "process_labels", "pid": 1, "args": {}})");
  EXPECT_EQ(count("ct-metadata-value"), 1u) << all();
  EXPECT_FALSE(diag::resolve(reporter_, chrome).failed(false));
}

// HTA reads only the rows with a cat and a dur (not its own "Trace" span):
// a finding on another event is off under --profile hta and does not raise
// `default` through HTA, while chrome and perfetto still judge it.
TEST_F(ChromeChecks, FindingsOnEventsHtaDropsUnreadAreOffForHta) {
  const diag::Profile& hta = *formats::registry::catalog().find_profile("hta");
  const diag::Profile& chrome = *formats::registry::catalog().find_profile("chrome");
  const char* kept = R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 1, "dur": 1})";
  for (const char* unread : {
           R"({"ph": "i", "cat": "cpu_op", "name": 7, "pid": 1, "tid": 1, "ts": 2})",             // no dur
           R"({"ph": "X", "name": 7, "pid": 1, "tid": 1, "ts": 2, "dur": 1})",                    // no cat
           R"({"ph": "X", "cat": null, "name": 7, "pid": 1, "tid": 1, "ts": 2, "dur": 1})",       // null cat
           R"({"ph": "X", "cat": "Trace", "name": 7, "pid": 1, "tid": 1, "ts": 2, "dur": 1})"}) {  // its span
    check_events(std::string(kept) + ",\n" + unread);
    ASSERT_GE(count("ct-name-type"), 1u) << unread;
    EXPECT_FALSE(diag::resolve(reporter_, hta).failed(false)) << unread << "\n" << all();
    EXPECT_TRUE(diag::resolve(reporter_, chrome).failed(false)) << unread;
  }
  check_events(std::string(kept) + ",\n" +
               R"({"ph": "X", "cat": "cpu_op", "name": 7, "pid": 1, "tid": 1, "ts": 2, "dur": 1})");
  EXPECT_TRUE(diag::resolve(reporter_, hta).failed(false)) << all();
  // A dur HTA cannot add fails it in any row (round_down_time_stamps adds
  // ts and dur before it drops a row): not scoped.
  check_events(std::string(kept) + ",\n" + R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 2, "dur": "1"})");
  ASSERT_EQ(count("ct-field-type"), 1u);
  EXPECT_TRUE(diag::resolve(reporter_, hta).failed(false)) << all();
}

TEST_F(ChromeChecks, SchemaFailuresAreReportedOnceUnderTheRuleThatNamesThem) {
  struct Once {
    const char* event;
    const char* rule;
    bool breaks_schema;
  };
  const Once cases[] = {
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": "5", "dur": 1})", "ct-field-type", true},
      {R"({"ph": "Q", "name": "a", "pid": 1, "tid": 1, "ts": 1})", "ct-phase-unknown", true},
      {R"({"ph": "M", "name": "process_name", "pid": 1, "tid": 1})", "ct-metadata-args", true},
      {R"({"ph": "b", "cat": "c", "name": "a", "pid": 1, "tid": 1, "ts": 1})", "ct-field-missing", true},
      {R"({"ph": "X", "name": "a", "tid": 1, "ts": 1, "dur": 1})", "ct-pid-missing", true},
      {R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "tts": "x"})", "ct-field-value", true},
      {R"({"ph": "R", "pid": 1, "tid": 1, "ts": 1})", "ct-field-value", true},
      // The schema allows a bp of "s"; only catapult's reading rejects it.
      {R"({"ph": "t", "cat": "c", "name": "x", "id": 4, "pid": 1, "tid": 1, "ts": 3, "bp": "s"})", "ct-flow-bp",
       false},
  };
  for (const Once& c : cases) {
    check_events(c.event);
    const diag::Diagnostic* d = find(c.rule);
    ASSERT_NE(d, nullptr) << c.event << "\n" << all();
    EXPECT_EQ(d->breaks_schema, c.breaks_schema) << c.event;
    EXPECT_EQ(count("schema-violation"), 0u) << c.event << "\n" << all();
    // One finding for the one fact (pairing and the file-level HTA note aside).
    EXPECT_EQ(total() - count("ct-flow-unpaired") - count("ct-async-unpaired") - count("ct-no-cat-dur") -
                  count("ct-no-dur"),
              1u)
        << c.event << "\n" << all();
  }
}

TEST_F(ChromeChecks, AKinetoMemberFindingClaimsOnlyTheSchemaFailureItIsAbout) {
  // A device without "name" is kt-device-properties (the schema allows it);
  // its numSms of another type is a schema failure of its own.
  check(R"({"schemaVersion": 1, "deviceProperties": [{"id": 0, "numSms": "108"}], "traceEvents": []})");
  const diag::Diagnostic* device = find("kt-device-properties");
  ASSERT_NE(device, nullptr) << all();
  EXPECT_FALSE(device->breaks_schema);
  const diag::Diagnostic* schema = find("kt-metadata-schema");
  ASSERT_NE(schema, nullptr) << all();
  EXPECT_EQ(schema->pointer, "/deviceProperties/0/numSms");
  // Not an array at all: one fact, the Kineto rule's.
  check(R"({"schemaVersion": 1, "deviceProperties": {"id": 0}, "traceEvents": []})");
  ASSERT_NE(find("kt-device-properties"), nullptr) << all();
  EXPECT_TRUE(find("kt-device-properties")->breaks_schema);
  EXPECT_EQ(count("kt-metadata-schema"), 0u) << all();
}

TEST_F(ChromeChecks, ReadersAreDeclaredUnderTheNameFindingsCarryForStdin) {
  const std::string kineto_bare =
      R"([{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 1, "dur": 1}])";
  path_ = (dir_ / "stdin.json").string();
  std::ofstream(path_, std::ios::binary) << kineto_bare;
  ASSERT_NE(std::freopen(path_.c_str(), "rb", stdin), nullptr);
  reporter_ = diag::Reporter();
  std::string io_error;
  formats::CheckRequest request;
  request.path = "-";
  request.reporter = &reporter_;
  ASSERT_TRUE(formats::registry::find_format("chrome_trace")->check(request, io_error)) << io_error;
  const diag::Diagnostic* bare = find("ct-bare-array");
  ASSERT_NE(bare, nullptr) << all();
  ASSERT_NE(reporter_.readers_of(bare->location.file), nullptr) << bare->location.file;
  EXPECT_TRUE(diag::resolve(reporter_, formats::registry::catalog().default_profile()).failed(false));
}

TEST_F(ChromeChecks, KinetoExtras) {
  std::string cpu =
      R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 1, "dur": 5, "args": {"External id": 10, "Record function id": 4}})";
  check_events(
      cpu +
      R"(, {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 2, "dur": 1, "args": {"External id": 10}})");
  EXPECT_EQ(count("kt-external-id"), 0u) << all();
  check_events(
      cpu +
      R"(, {"ph": "X", "cat": "kernel", "name": "k", "pid": 0, "tid": 7, "ts": 2, "dur": 1, "args": {"External id": 11}})");
  EXPECT_EQ(count("kt-external-id"), 1u) << all();
  check_events(
      R"({"ph": "X", "cat": "cpu_op", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 5, "args": {"Record function id": "x"}})");
  EXPECT_EQ(count("kt-record-function-id"), 1u);
  std::string step = R"({"ph": "X", "cat": "user_annotation", "pid": 1, "tid": 1, "dur": 1, )";
  check_events(step + R"("name": "ProfilerStep#3", "ts": 1}, )" + step + R"("name": "ProfilerStep#5", "ts": 2})");
  EXPECT_EQ(count("kt-profiler-step"), 1u);
  check_events(step + R"("name": "ProfilerStep#4", "ts": 2}, )" + step + R"("name": "ProfilerStep#3", "ts": 1})");
  EXPECT_EQ(count("kt-profiler-step"), 0u) << all();
  check(
      R"({"schemaVersion": 1, "distributedInfo": {"backend": "gloo"}, "deviceProperties": {"id": 0}, "traceEvents": []})");
  EXPECT_EQ(count("kt-distributed-info"), 1u);
  EXPECT_EQ(count("kt-device-properties"), 1u);
  check(
      R"({"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 1, "tid": 1, "ts": 1, "dur": 1}]})");
  EXPECT_EQ(count("kt-distributed-info"), 1u);
  check(R"({"schemaVersion": 1, "traceEvents": [{"ph": "i", "name": "a", "pid": 1, "tid": 1, "ts": 1.5}]})");
  EXPECT_EQ(count("kt-base-time"), 1u);
}

TEST_F(ChromeChecks, GzipAndUnreadableInputs) {
  check_events(kClean);
  std::string plain = path_;
  std::string gz = (dir_ / "t.json.gz").string();
  ASSERT_EQ(std::system(("gzip -c '" + plain + "' > '" + gz + "'").c_str()), 0);
  reporter_ = diag::Reporter();
  formats::CheckRequest request;
  request.path = gz;
  request.reporter = &reporter_;
  std::string io_error;
  EXPECT_TRUE(formats::registry::find_format("chrome_trace")->check(request, io_error));
  EXPECT_EQ(total(), 0u) << all();
  request.path = (dir_ / "missing.json").string();
  EXPECT_FALSE(formats::registry::find_format("chrome_trace")->check(request, io_error));
  EXPECT_FALSE(io_error.empty());
}

TEST_F(ChromeChecks, DetectedByContent) {
  std::string why;
  check_events(kClean);
  const formats::Format* f = formats::registry::detect_format(path_, why);
  ASSERT_NE(f, nullptr) << why;
  EXPECT_EQ(f->id, "chrome_trace");
  check("  [ {\"ph\": \"X\"}]", "bare.trace");
  f = formats::registry::detect_format(path_, why);
  ASSERT_NE(f, nullptr) << why;
  EXPECT_EQ(f->id, "chrome_trace");
  check("{\"hello\": 1}", "other.json");
  EXPECT_EQ(formats::registry::detect_format(path_, why), nullptr);
}

// HTA's KeyError 'dur' comes from rounding a float64 ts column; pandas reads
// integer ts as int64 and a string among them as object, and then HTA keeps
// nothing instead (ct-no-cat-dur).
TEST_F(ChromeChecks, NoDurIsAnHtaCrashOnlyWhereItsTsColumnWouldBeFloat) {
  const std::string b = R"({"ph": "B", "cat": "c", "name": "n", "pid": 1, "tid": 1, "ts": )";
  const std::string e = R"({"ph": "E", "pid": 1, "tid": 1, "ts": )";
  for (const auto& [ts, crash] : std::vector<std::pair<std::string, bool>>{
           {"1.5", true}, {"1", false}, {"\"1\"", false}, {"18446744073709551616", false}}) {
    SCOPED_TRACE(ts);
    ASSERT_TRUE(check_events(b + "0}, " + e + ts + "}"));
    EXPECT_EQ(count("ct-no-dur"), crash ? 1u : 0u);
    EXPECT_EQ(count("ct-no-cat-dur"), crash ? 0u : 1u);
  }
  // A missing ts is NaN: float64 again.
  ASSERT_TRUE(check_events(b + "0}, " + R"({"ph": "i", "pid": 1, "tid": 1, "name": "x"})"));
  EXPECT_EQ(count("ct-no-dur"), 1u);
}

}  // namespace
}  // namespace tc::formats::chrome_trace
