#include "schema/streamed_document.h"

#include <gtest/gtest.h>

#include "io/memory_source.h"
#include "schema/schema_file.h"

namespace tc::schema {
namespace {

struct StreamedRun {
  StreamOutcome::Status status = StreamOutcome::Status::Streamed;
  std::string why;
  DocumentStats stats;
  std::vector<Finding> findings;
  int opened = 0;
};

StreamedRun streamed(const CompiledSchema& s, const std::string& text, const std::string& key = "traceEvents",
                 size_t max_errors = 100) {
  StreamedRun r;
  StreamedDocumentValidator v(s, max_errors);
  StreamOutcome o = v.run(
      [&](std::string&) {
        ++r.opened;
        return std::make_unique<io::MemorySource>(text, 5);
      },
      key, [&](const Finding& f) { r.findings.push_back(f); });
  r.status = o.status;
  r.why = o.why;
  r.stats = o.stats;
  return r;
}

StreamedRun whole(const CompiledSchema& s, const std::string& text) {
  StreamedRun r;
  DocumentValidator v(s);
  simdjson::padded_string padded(text);
  r.stats = v.run(std::string_view(padded), DocumentValidator::Mode::Json,
                  [&](const Finding& f) { r.findings.push_back(f); });
  return r;
}

std::string shown(const std::vector<Finding>& fs) {
  std::string out;
  for (const Finding& f : fs)
    out += std::to_string(f.line) + ":" + std::to_string(f.column) + " " + f.message + " at " + f.instance_pointer +
           " (" + f.schema_path + ")\n";
  return out;
}

const CompiledSchema& kineto() {
  static SchemaFile f = load_schema_file(TRACECHECK_SOURCE_DIR "/schemas/chrome_trace/kineto.schema.json");
  return *f.schema;
}

const char* kEvent = R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 10, "dur": 2})";

TEST(SchemaStreamedDocument, FindsWhatTheWholeDocumentValidatorFinds) {
  const std::string texts[] = {
      std::string(R"({"schemaVersion": 1, "traceEvents": [)") + kEvent + ", " + kEvent + "]}",
      // A bad event, pretty-printed over lines, and a bad member on each side of the array.
      std::string("{\n  \"schemaVersion\": \"one\",\n  \"traceEvents\": [\n    ") + kEvent +
          ",\n    {\"ph\": \"X\", \"name\": 3,\n     \"ts\": \"late\", \"pid\": 1, \"tid\": 1}\n  ],\n"
          "  \"displayTimeUnit\": 7,\n  \"unknown_key_here\": {}\n}\n",
      // No traceEvents at all: the skeleton alone, missing the required member.
      R"({"schemaVersion": 1, "displayTimeUnit": "ms"})",
      // Python's NaN in an event goes through tc::json::Value, as in the DOM path.
      std::string(R"({"traceEvents": [{"ph": "C", "name": "c", "pid": 1, "tid": 1, "ts": NaN, "args": {}}, )") +
          kEvent + "]}",
      R"({"traceEvents": []})",
      "\xEF\xBB\xBF" + std::string(R"({"traceEvents": [)") + kEvent + "]}",
  };
  for (const std::string& t : texts) {
    StreamedRun a = whole(kineto(), t), b = streamed(kineto(), t);
    ASSERT_EQ(b.status, StreamOutcome::Status::Streamed) << t << "\n" << b.why;
    EXPECT_EQ(shown(a.findings), shown(b.findings)) << t;
    EXPECT_EQ(a.stats.invalid, b.stats.invalid) << t;
    EXPECT_EQ(a.stats.violations, b.stats.violations) << t;
    EXPECT_EQ(b.opened, 1) << t;
  }
}

// A message about the document or its array shows their value: the file's,
// not the skeleton's empty array.
TEST(SchemaStreamedDocument, MessagesShowTheDocumentAsWrittenNotTheSkeleton) {
  CompiledSchema object_events = compile(nlohmann::json::parse(R"({"properties": {"traceEvents": {"type": "object"}}})"));
  struct Case {
    const CompiledSchema& schema;
    std::string text;
  };
  const Case cases[] = {
      {kineto(), std::string("[") + kEvent + "]"},                                  // short: shown whole
      {kineto(), std::string("[\n  ") + kEvent + ",\n  " + kEvent + "\n]\n"},       // long: its start, then ...
      {object_events, std::string(R"({"traceEvents": [)") + kEvent + "]}"},
      {object_events, R"({"traceEvents": [1, 2]})"},
  };
  for (const Case& c : cases) {
    StreamedRun a = whole(c.schema, c.text), b = streamed(c.schema, c.text);
    ASSERT_EQ(b.status, StreamOutcome::Status::Streamed) << c.text << "\n" << b.why;
    ASSERT_FALSE(a.findings.empty()) << c.text;
    EXPECT_EQ(shown(a.findings), shown(b.findings)) << c.text;
    EXPECT_EQ(b.findings[0].message.find("got array []"), std::string::npos) << b.findings[0].message;
  }
}

TEST(SchemaStreamedDocument, SyntaxErrorsEndTheDocumentWithOneFinding) {
  struct Case {
    std::string text;
    uint64_t line, column;
  };
  const Case cases[] = {
      {std::string(R"({"traceEvents": [)") + kEvent + ",\n {\"ph\": \"X\", \"ts\": 1,, }]}", 2, 22},
      {std::string(R"({"traceEvents": [)") + kEvent + ", ]}", 1, 106},   // the trailing comma
      {std::string("[") + kEvent + ",\n" + kEvent + "\n", 2, 89},        // unclosed: after the last element
      {std::string(R"({"traceEvents": [)") + kEvent + "]} {}", 1, 109},  // data after the document
  };
  for (const Case& c : cases) {
    StreamedRun b = streamed(kineto(), c.text);
    ASSERT_EQ(b.status, StreamOutcome::Status::Streamed) << c.text;
    EXPECT_EQ(b.stats.syntax_errors, 1u) << c.text;
    ASSERT_EQ(b.findings.size(), 1u) << c.text << shown(b.findings);
    EXPECT_EQ(b.findings[0].kind, Finding::Kind::Syntax);
    EXPECT_EQ(b.findings[0].line, c.line) << c.text << shown(b.findings);
    EXPECT_EQ(b.findings[0].column, c.column) << c.text << shown(b.findings);
    EXPECT_EQ(whole(kineto(), c.text).stats.syntax_errors, 1u) << c.text;  // both paths refuse it
  }
}

TEST(SchemaStreamedDocument, KeepsTheFirstErrorsInFileOrder) {
  std::string text = R"({"traceEvents": [)";
  for (int i = 0; i < 5; ++i) text += std::string(i ? "," : "") + R"({"ph": "X", "name": 1, "pid": 1, "tid": 1})";
  text += R"(], "displayTimeUnit": 0})";
  StreamedRun b = streamed(kineto(), text, "traceEvents", 3), all = whole(kineto(), text);
  ASSERT_EQ(b.findings.size(), 3u) << shown(b.findings);
  ASSERT_GT(all.findings.size(), 3u);
  EXPECT_TRUE(b.stats.capped);
  all.findings.resize(3);
  EXPECT_EQ(shown(b.findings), shown(all.findings));  // the whole path's first three, in file order
}

TEST(SchemaStreamedDocument, AMemberAfterTheArrayThatChangesThePlanRereadsTheElements) {
  CompiledSchema s = compile(nlohmann::json::parse(R"({"allOf": [
    {"if": {"properties": {"schema": {"const": "ints"}}, "required": ["schema"]},
     "then": {"properties": {"nodes": {"items": {"type": "integer"}}}}}]})"));
  std::string text = R"({"nodes": [1, "two", 3], "schema": "ints"})";
  StreamedRun a = whole(s, text), b = streamed(s, text, "nodes");
  ASSERT_EQ(b.status, StreamOutcome::Status::Streamed) << b.why;
  EXPECT_EQ(b.opened, 2);
  EXPECT_EQ(shown(a.findings), shown(b.findings));
  ASSERT_EQ(b.findings.size(), 1u);
  EXPECT_EQ(b.findings[0].instance_pointer, "/nodes/1");

  // The array as messages show it is the file's, read once, not once per pass.
  CompiledSchema typed = compile(nlohmann::json::parse(R"({"properties": {"nodes": {"type": "object"}}, "allOf": [
    {"if": {"properties": {"schema": {"const": "ints"}}, "required": ["schema"]},
     "then": {"properties": {"nodes": {"items": {"type": "integer"}}}}}]})"));
  StreamedRun c = whole(typed, text), d = streamed(typed, text, "nodes");
  ASSERT_EQ(d.status, StreamOutcome::Status::Streamed) << d.why;
  EXPECT_EQ(d.opened, 2);
  EXPECT_EQ(shown(c.findings), shown(d.findings));
}

TEST(SchemaStreamedDocument, ABareArrayUnderATypeSwitchReportsItsBranchErrors) {
  SchemaFile trace = load_schema_file(TRACECHECK_SOURCE_DIR "/schemas/chrome_trace/trace.schema.json");
  ASSERT_EQ(trace.status, SchemaFile::Status::Ok);
  std::string text = std::string("[") + kEvent + R"(, {"ph": "X", "name": 5, "pid": 1, "tid": 1, "ts": 0}])";
  StreamedRun a = whole(*trace.schema, text), b = streamed(*trace.schema, text);
  ASSERT_EQ(b.status, StreamOutcome::Status::Streamed) << b.why;
  EXPECT_EQ(a.stats.invalid, 1u);
  EXPECT_EQ(b.stats.invalid, 1u);
  ASSERT_EQ(a.findings.size(), 1u);
  EXPECT_EQ(a.findings[0].instance_pointer, "");  // the DOM path: the oneOf at the root
  ASSERT_FALSE(b.findings.empty());
  EXPECT_EQ(b.findings[0].instance_pointer.rfind("/1", 0), 0u) << shown(b.findings);  // streamed: event 1's own errors
}

TEST(SchemaStreamedDocument, SaysWhyItCannotStream) {
  CompiledSchema s = compile(nlohmann::json::parse(R"({"properties": {"traceEvents": {"minItems": 1}}})"));
  StreamedRun b = streamed(s, std::string(R"({"traceEvents": [)") + kEvent + "]}");
  EXPECT_EQ(b.status, StreamOutcome::Status::NotStreamable);
  EXPECT_NE(b.why.find("/properties/traceEvents/minItems"), std::string::npos) << b.why;
  EXPECT_TRUE(b.findings.empty());
  EXPECT_EQ(streamed(kineto(), "42").status, StreamOutcome::Status::NotStreamable);

  StreamedDocumentValidator v(kineto());
  StreamOutcome o = v.run(
      [](std::string& error) {
        error = "No such file or directory";
        return std::unique_ptr<io::InputSource>();
      },
      "traceEvents", [](const Finding&) { ADD_FAILURE(); });
  EXPECT_EQ(o.status, StreamOutcome::Status::IoError);
  EXPECT_EQ(o.why, "No such file or directory");
}

}  // namespace
}  // namespace tc::schema
