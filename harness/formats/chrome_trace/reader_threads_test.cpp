#include "formats/chrome_trace/reader.h"

#include <gtest/gtest.h>

#include <map>
#include <mutex>

#include "io/memory_source.h"

namespace tc::formats::chrome_trace {
namespace {

struct ChromeReadBack {
  std::vector<std::string> seen;  // "event <index> <text>" and "member <key>", in order
  std::vector<std::string> findings;
};

ChromeReadBack chrome_read_back(const std::string& trace, unsigned threads, size_t chunk) {
  io::MemorySource source(trace, 13);
  ChromeReadBack out;
  diag::Reporter reporter;
  ChromeReadOptions options;
  options.threads = threads;
  options.chunk = chunk;
  std::string error;
  ChromeTraceReader reader(
      options, reporter,
      [&](const ChromeEvent& e) { out.seen.push_back("event " + std::to_string(e.index) + " " + std::string(e.text)); },
      [&](const ChromeMember& m) { out.seen.push_back("member " + m.key + (m.parsed ? " parsed" : "")); });
  reader.read(source, "t.json", error);
  for (const diag::Diagnostic& d : reporter.kept())
    out.findings.push_back(d.rule + " " + std::to_string(d.location.line) + ":" + std::to_string(d.location.column) +
                           " " + d.pointer + " " + d.message);
  return out;
}

// Events parsed ahead on other threads reach the checks as the one-thread
// reader hands them over: the same events, members and findings, in order,
// whatever the chunk (a piece that does not parse whole falls back).
TEST(ChromeReaderThreads, ReadsWhatOneThreadReads) {
  std::string trace = "{\"schemaVersion\": 1, \"deviceProperties\": [{\"id\": 0}],\n\"traceEvents\": [\n";
  for (int i = 0; i < 300; ++i) {
    if (i) trace += ",\n";
    if (i == 17)
      trace += "{\"ph\": \"X\", \"ts\": NaN}";
    else if (i == 40)
      trace += "[1, 2]";
    else if (i == 77)
      trace += "{\"ph\": \"i\", \"name\": \"a\", \"name\": \"b\", \"ts\": 1}";
    else if (i == 150)
      trace += "{\"ph\": \"X\", \"name\": \"\\ud800\", \"ts\": 2}";
    // Repeated keys the note ahead must see as the fold does: in args, in
    // an array in args, among keys that are not fields, beside them.
    else if (i == 160)
      trace += "{\"ph\": \"X\", \"name\": \"a\", \"args\": {\"k\": 1, \"k\": 2}, \"ts\": 1}";
    else if (i == 161)
      trace += "{\"ph\": \"X\", \"args\": {\"l\": [{\"k\": 1}, {\"k\": 1, \"k\": 2}]}, \"ts\": 1}";
    else if (i == 162)
      trace += "{\"ph\": \"X\", \"tts\": 1, \"tts\": 2, \"ts\": 1}";
    else if (i == 163)
      trace += "{\"ph\": \"X\", \"tts\": 1, \"args\": {\"k\": 1, \"k\": 2}, \"ts\": 1}";
    else if (i == 164)
      trace += "{\"ph\": \"X\", \"id2\": {\"local\": 1, \"local\": 2}, \"ts\": 1}";
    else if (i == 165)
      trace += "[{\"k\": 1, \"k\": 2}]";
    else
      trace += "{\"ph\": \"X\", \"name\": \"op" + std::to_string(i) + "\", \"ts\": " + std::to_string(i) +
               ", \"dur\": 1, \"pid\": 1, \"tid\": 1}";
  }
  trace += "\n], \"traceName\": \"x\", \"bad\": {\"k\": 1, \"k\": 2}}\n";
  const ChromeReadBack one = chrome_read_back(trace, 1, 1 << 20);
  ASSERT_GT(one.seen.size(), 290u);
  ASSERT_GE(one.findings.size(), 4u);
  for (unsigned threads : {2u, 3u}) {
    for (size_t chunk : {64u, 1000u, 1u << 20}) {
      const ChromeReadBack many = chrome_read_back(trace, threads, chunk);
      EXPECT_EQ(many.seen, one.seen) << threads << " threads, chunks of " << chunk;
      EXPECT_EQ(many.findings, one.findings) << threads << " threads, chunks of " << chunk;
    }
  }
}

// A piece copies the stretch of text from its first event to its last
// whole, whitespace included, unless that would not fit a parser: then it
// joins the events. Either way the events and findings are the one-thread
// reader's.
TEST(ChromeReaderThreads, WideGapsAndLongEventsReadAsOneThreadReadsThem) {
  std::string trace = "{\"traceEvents\": [\n";
  for (int i = 0; i < 40; ++i) {
    if (i) trace += i == 10 ? ",\n" + std::string(600 << 10, ' ') : std::string(",\n");
    if (i == 20)  // longer than a piece and than a parser's capacity
      trace += "{\"ph\": \"X\", \"name\": \"" + std::string(700 << 10, 'n') + "\", \"ts\": 1, \"dur\": 1, \"pid\": 1}";
    else if (i == 30)  // longer than a piece, not than a parser
      trace += "{\"ph\": \"X\", \"name\": \"" + std::string(300 << 10, 'm') + "\", \"ts\": 1, \"dur\": 1, \"pid\": 1}";
    else if (i == 11 || i == 31)  // a finding of the reader's, placed by the event's offset
      trace += "{\"ph\": \"X\", \"name\": \"a\", \"name\": \"b\", \"ts\": 1}";
    else
      trace += "{\"ph\": \"X\", \"name\": \"op\", \"ts\": " + std::to_string(i) + ", \"dur\": 1, \"pid\": 1}";
  }
  trace += "\n]}\n";
  const ChromeReadBack one = chrome_read_back(trace, 1, 1 << 20);
  ASSERT_EQ(one.seen.size(), 40u);
  ASSERT_EQ(one.findings.size(), 2u);
  for (size_t chunk : {4096u, 1u << 20}) {
    const ChromeReadBack two = chrome_read_back(trace, 2, chunk);
    EXPECT_EQ(two.seen, one.seen) << "chunks of " << chunk;
    EXPECT_EQ(two.findings, one.findings) << "chunks of " << chunk;
  }
}

// The note taken ahead passes an event to the precheck only when it repeats
// no key at any depth, with its fields and whether it has other keys; the
// same keys reach the checks with the event (ChromeEvent::keys).
TEST(ChromeReaderThreads, PrechecksOnlyEventsThatRepeatNoKey) {
  struct Case {
    const char* event;
    bool repeats;
  };
  const std::vector<Case> cases = {
      {R"({"ph": "X", "name": "a", "ts": 10, "args": {"k": 1, "l": [{"k": 1}, {"k": 2}]}})", false},
      {R"({"ph": "X", "name": "a", "name": "b"})", true},
      {R"({"ph": "X", "args": {"k": 1, "k": 2}})", true},
      {R"({"ph": "X", "args": {"l": [[{"k": 1, "k": 2}]]}})", true},
      {R"({"ph": "X", "tts": 1, "ts": 14})", false},
      {R"({"ph": "X", "tts": 1, "tts": 2})", true},
      {R"({"ph": "X", "tts": 1, "args": {"k": 1, "k": 2}})", true},
      {R"({"ph": "s", "id2": {"global": 1, "global": 1}})", true},
  };
  std::string trace = "{\"traceEvents\": [";
  for (size_t i = 0; i < cases.size(); ++i) trace += (i ? ",\n" : "\n") + std::string(cases[i].event);
  trace += "]}";
  io::MemorySource source(trace, 13);
  diag::Reporter reporter;
  ChromeReadOptions options;
  options.threads = 2;
  std::mutex mutex;
  std::map<int64_t, bool> others;  // by "ts": what the precheck was told
  options.precheck = [&](const EventKeys& keys, simdjson::dom::element) {
    int64_t ts = -1;
    simdjson::dom::element v;
    if (keys.fields.get(EventFields::Ts, v)) ts = v.get_int64().value_unsafe();
    std::lock_guard<std::mutex> lock(mutex);
    others[ts] = keys.others;
    return true;
  };
  std::vector<bool> prechecked(cases.size()), with_keys(cases.size());
  std::string error;
  ChromeTraceReader reader(
      options, reporter,
      [&](const ChromeEvent& e) {
        prechecked[e.index] = e.prechecked;
        with_keys[e.index] = e.keys != nullptr;
        if (!e.keys) return;
        // The keys the note took are the event's, as the checks index them.
        const EventFields own = index_event_fields(e.object);
        EXPECT_EQ(e.keys->fields.present, own.present) << e.text;
        for (unsigned k = 0; k < EventFields::kCount; ++k)
          if (own.has(static_cast<EventFields::Key>(k)))
            EXPECT_EQ(simdjson::to_string(e.keys->fields.value[k]), simdjson::to_string(own.value[k])) << e.text;
      },
      nullptr);
  ASSERT_TRUE(reader.read(source, "t.json", error)) << error;
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(prechecked[i], !cases[i].repeats) << cases[i].event;
    EXPECT_EQ(with_keys[i], !cases[i].repeats) << cases[i].event;
  }
  EXPECT_EQ(others, (std::map<int64_t, bool>{{10, false}, {14, true}}));
}

}  // namespace
}  // namespace tc::formats::chrome_trace
