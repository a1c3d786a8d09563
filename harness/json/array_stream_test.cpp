#include "json/array_stream.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/rng.h"
#include "io/memory_source.h"

namespace tc::json {
namespace {

struct Split {
  JsonStreamResult result;
  std::vector<std::string> texts;
  std::vector<JsonPosition> positions;
  std::vector<std::pair<std::string, std::string>> members;
  size_t batches = 0;
};

// The tests' object form is a Chrome trace's unless an option says otherwise.
JsonStreamOptions with_events(JsonStreamOptions o) {
  if (o.array_key.empty()) o.array_key = "traceEvents";
  return o;
}

Split split(const std::string& input, size_t step = 7, JsonStreamOptions o = {}) {
  o = with_events(o);
  if (o.chunk == JsonStreamOptions{}.chunk) o.chunk = 64;
  io::MemorySource src(input, step);
  Split s;
  s.result = stream_json_array(
      src, o,
      [&](std::span<const JsonElement> batch) {
        ++s.batches;
        for (const JsonElement& e : batch) {
          EXPECT_EQ(e.index, s.texts.size());
          s.texts.emplace_back(e.text);
          s.positions.push_back(e.pos);
        }
        return true;
      },
      [&](const JsonMember& m) { s.members.emplace_back(m.key, std::string(m.text)); });
  return s;
}

TEST(JsonArrayStream, BareArrayElementsWithPositions) {
  Split s = split("[{\"a\":1},\n  {\"b\":[1,2,{\"c\":\"]}\"}]} ,\"x\", 12 ,null]\n");
  ASSERT_TRUE(s.result.ok()) << s.result.error.message;
  EXPECT_EQ(s.result.container, JsonContainer::BareArray);
  EXPECT_TRUE(s.result.terminated);
  ASSERT_EQ(s.texts.size(), 5u);
  EXPECT_EQ(s.texts[0], "{\"a\":1}");
  EXPECT_EQ(s.texts[1], "{\"b\":[1,2,{\"c\":\"]}\"}]}");
  EXPECT_EQ(s.texts[2], "\"x\"");
  EXPECT_EQ(s.texts[3], "12");
  EXPECT_EQ(s.texts[4], "null");
  EXPECT_EQ(s.positions[0].line, 1u);
  EXPECT_EQ(s.positions[0].column, 2u);
  EXPECT_EQ(s.positions[0].offset, 1u);
  EXPECT_EQ(s.positions[1].line, 2u);
  EXPECT_EQ(s.positions[1].column, 3u);
  EXPECT_EQ(s.result.elements, 5u);
}

TEST(JsonArrayStream, ObjectFormMembersAndEscapedQuotes) {
  std::string in =
      "{\"schemaVersion\": 1, \"deviceProperties\": [{\"id\": 0}],\n"
      "\"traceEvents\": [{\"name\": \"a\\\"]}\", \"ph\": \"X\"}, {\"name\": \"\\\\\"}],\n"
      "\"tr\\u0061ceName\": \"out.json\", \"big\": {\"x\": [1, {\"y\": \"}\"}]}}";
  Split s = split(in, 3);
  ASSERT_TRUE(s.result.ok()) << s.result.error.message;
  EXPECT_EQ(s.result.container, JsonContainer::Object);
  EXPECT_TRUE(s.result.array_found);
  ASSERT_EQ(s.texts.size(), 2u);
  EXPECT_EQ(s.texts[0], "{\"name\": \"a\\\"]}\", \"ph\": \"X\"}");
  EXPECT_EQ(s.texts[1], "{\"name\": \"\\\\\"}");
  EXPECT_EQ(s.positions[0].line, 2u);
  ASSERT_EQ(s.members.size(), 4u);
  EXPECT_EQ(s.members[0], (std::pair<std::string, std::string>{"schemaVersion", "1"}));
  EXPECT_EQ(s.members[1].second, "[{\"id\": 0}]");
  EXPECT_EQ(s.members[2], (std::pair<std::string, std::string>{"traceName", "\"out.json\""}));
  EXPECT_EQ(s.members[3].second, "{\"x\": [1, {\"y\": \"}\"}]}");
}

// A repeated key: the array asked for is streamed, the others are members.
TEST(JsonArrayStream, StreamsTheAskedOccurrenceOfARepeatedKey) {
  const std::string text = "{\"traceEvents\": [1], \"m\": 0, \"traceEvents\": [2, 3]}";
  Split first = split(text);
  ASSERT_TRUE(first.result.ok());
  EXPECT_EQ(first.result.key_arrays, 2u);
  ASSERT_EQ(first.texts.size(), 1u);
  EXPECT_EQ(first.texts[0], "1");
  JsonStreamOptions o;
  o.array_key = "traceEvents";
  o.array_occurrence = 2;
  Split last = split(text, 5, o);
  ASSERT_TRUE(last.result.ok());
  ASSERT_EQ(last.texts.size(), 2u);
  EXPECT_EQ(last.texts[0], "2");
  ASSERT_EQ(last.members.size(), 2u);
  EXPECT_EQ(last.members[0], (std::pair<std::string, std::string>{"traceEvents", "[1]"}));
}

TEST(JsonArrayStream, NamedKeyAndNonArrayTarget) {
  JsonStreamOptions o;
  o.array_key = "nodes";
  Split s = split("{\"schema\": \"1.0.1\", \"nodes\": [{\"id\": 1}], \"traceEvents\": [1]}", 5, o);
  ASSERT_TRUE(s.result.ok());
  ASSERT_EQ(s.texts.size(), 1u);
  EXPECT_EQ(s.members.size(), 2u);  // schema and traceEvents (not the target here)
  Split t = split("{\"traceEvents\": 5}");
  ASSERT_TRUE(t.result.ok());
  EXPECT_FALSE(t.result.array_found);
  ASSERT_EQ(t.members.size(), 1u);
  EXPECT_EQ(t.members[0].second, "5");
}

TEST(JsonArrayStream, UnterminatedBareArrayAndTrailingCommas) {
  Split s = split("[{\"a\":1},\n{\"b\":2},\n");
  ASSERT_TRUE(s.result.ok()) << s.result.error.message;
  EXPECT_FALSE(s.result.terminated);
  EXPECT_TRUE(s.result.trailing_comma);
  EXPECT_EQ(s.texts.size(), 2u);
  Split t = split("[1, 2,]");
  ASSERT_TRUE(t.result.ok());
  EXPECT_TRUE(t.result.terminated);
  EXPECT_TRUE(t.result.trailing_comma);
  EXPECT_EQ(t.result.trailing_comma_pos.column, 6u);
  Split u = split("[]");
  ASSERT_TRUE(u.result.ok());
  EXPECT_EQ(u.texts.size(), 0u);
  Split v = split("\xEF\xBB\xBF[1]");
  ASSERT_TRUE(v.result.ok());
  EXPECT_TRUE(v.result.bom);
  EXPECT_EQ(v.texts, std::vector<std::string>{"1"});
}

struct BadCase {
  const char* input;
  JsonStreamErrorKind kind;
  uint64_t line, column;
};

TEST(JsonArrayStream, MalformedInputIsLocated) {
  const BadCase cases[] = {
      {"", JsonStreamErrorKind::NotContainer, 1, 1},
      {"  hello", JsonStreamErrorKind::NotContainer, 1, 3},
      {"[{\"a\":1},\n{\"b\":[1,2}]", JsonStreamErrorKind::Syntax, 2, 10},
      {"[{\"a\":1} {\"b\":2}]", JsonStreamErrorKind::Syntax, 1, 10},
      {"[1,,2]", JsonStreamErrorKind::Syntax, 1, 4},
      {"[{\"a\":1},\n{\"b\":\"unterminated", JsonStreamErrorKind::Truncated, 2, 1},
      {"{\"traceEvents\": [{\"a\":1}", JsonStreamErrorKind::Truncated, 1, 25},
      {"{\"traceEvents\": [], \"x\": 1", JsonStreamErrorKind::Truncated, 1, 27},
      {"{\"traceEvents\": []} x", JsonStreamErrorKind::TrailingData, 1, 21},
      {"[1] [2]", JsonStreamErrorKind::TrailingData, 1, 5},
      {"{\"a\" 1}", JsonStreamErrorKind::Syntax, 1, 6},
      {"{\"a\": 1,}", JsonStreamErrorKind::Syntax, 1, 9},
      {"{1: 2}", JsonStreamErrorKind::Syntax, 1, 2},
  };
  for (const BadCase& c : cases) {
    Split s = split(c.input, 2);
    EXPECT_EQ(s.result.error.kind, c.kind) << c.input;
    EXPECT_EQ(s.result.error.pos.line, c.line) << c.input << ": " << s.result.error.message;
    EXPECT_EQ(s.result.error.pos.column, c.column) << c.input << ": " << s.result.error.message;
    EXPECT_FALSE(s.result.error.message.empty());
  }
}

TEST(JsonArrayStream, ElementsBeforeAnErrorAreDelivered) {
  Split s = split("[{\"a\":1},{\"b\":2},{\"c\":]]");
  EXPECT_EQ(s.result.error.kind, JsonStreamErrorKind::Syntax);
  EXPECT_EQ(s.texts.size(), 2u);
}

TEST(JsonArrayStream, LongElementIsCappedAndDeepNestingRefused) {
  JsonStreamOptions o;
  o.max_element = 100;
  std::string big = "[1, {\"x\": \"" + std::string(500, 'a') + "\"}]";
  Split s = split(big, 64, o);
  EXPECT_EQ(s.result.error.kind, JsonStreamErrorKind::ElementTooLong);
  EXPECT_EQ(s.result.error.pos.column, 5u);
  EXPECT_EQ(s.texts.size(), 1u);
  JsonStreamOptions d;
  d.max_depth = 10;
  Split t = split("[" + std::string(20, '[') + std::string(21, ']'), 7, d);
  EXPECT_EQ(t.result.error.kind, JsonStreamErrorKind::TooDeep);
}

// An element just over the cap is too long whether or not a refill falls
// inside it: the verdict does not follow the chunk or the read size.
TEST(JsonArrayStream, TheCapIsExactWhereverTheReadsFall) {
  for (const std::string inner : {"1", "[1]", "\"s\""}) {
    // An array element of n bytes that ends with `inner`.
    auto element = [&](size_t n) { return "[" + std::string(n - 2 - inner.size(), ' ') + inner + "]"; };
    for (size_t chunk : {64, 4096}) {
      for (size_t step : {1, 7, 4096}) {
        JsonStreamOptions o;
        o.max_element = 100;
        o.chunk = chunk;
        Split s = split("[1, " + element(100) + ", 2]", step, o);
        EXPECT_TRUE(s.result.ok()) << s.result.error.message;
        ASSERT_EQ(s.texts.size(), 3u);
        EXPECT_EQ(s.texts[1].size(), 100u);
        Split t = split("[1, " + element(101) + ", 2]", step, o);
        EXPECT_EQ(t.result.error.kind, JsonStreamErrorKind::ElementTooLong) << chunk << " " << step << " " << inner;
        EXPECT_EQ(t.result.error.pos.column, 5u);
        EXPECT_EQ(t.texts, std::vector<std::string>{"1"});
        // A number the input ends in (an unterminated bare array).
        o.max_element = 16;
        Split u = split("[" + std::string(16, '7') + "," + std::string(17, '8'), step, o);
        EXPECT_EQ(u.result.error.kind, JsonStreamErrorKind::ElementTooLong) << chunk << " " << step;
        EXPECT_EQ(u.texts.size(), 1u);
      }
    }
  }
}

TEST(JsonArrayStream, MembersAreBoundedButStillSkipped) {
  JsonStreamOptions o;
  o.max_member = 10;
  Split s = split("{\"otherData\": \"" + std::string(1000, 'z') + "\", \"traceEvents\": [1]}", 13, o);
  ASSERT_TRUE(s.result.ok()) << s.result.error.message;
  ASSERT_EQ(s.members.size(), 1u);
  EXPECT_EQ(s.members[0].second.size(), 10u);
  EXPECT_EQ(s.texts, std::vector<std::string>{"1"});
}

TEST(JsonArrayStream, CallbackCanStop) {
  io::MemorySource src("[1,2,3,4,5,6,7,8,9,10]", 2);
  JsonStreamOptions o;
  o.chunk = 64;
  int batches = 0;
  JsonStreamResult r = stream_json_array(
      src, o, [&](std::span<const JsonElement>) { return ++batches < 1; }, nullptr);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(batches, 1);
}

// Random arrays of random events: every element comes back exactly as
// written, and each parses in place with simdjson (padding honoured).
TEST(JsonArrayStream, RandomArraysRoundTripAndParseInPlace) {
  testing::Rng rng(7);
  const char* pieces[] = {"\"a\\\"b\"", "\"]}[{,\"", "123", "-1.5e3", "true", "null", "\"\\\\\"", "\"\\u00e9\""};
  simdjson::dom::parser parser;
  for (int round = 0; round < 40; ++round) {
    std::vector<std::string> want;
    std::string in = rng.chance(50) ? "{\"k\": [1, \"]\"], \"traceEvents\": [" : "[";
    bool object = in[0] == '{';
    size_t n = rng.below(60);
    for (size_t i = 0; i < n; ++i) {
      std::string e = "{";
      size_t fields = rng.below(5);
      for (size_t f = 0; f < fields; ++f) {
        if (f) e += ",";
        e += "\"f" + std::to_string(f) + "\":";
        e += rng.chance(20) ? std::string("[") + pieces[rng.below(8)] + ",{\"z\":" + pieces[rng.below(8)] + "}]"
                            : pieces[rng.below(8)];
      }
      e += "}";
      want.push_back(e);
      in += (i ? (rng.chance(30) ? ",\n " : ",") : "") + e;
    }
    in += object ? "]}" : (rng.chance(50) ? "]" : "");
    JsonStreamOptions o = with_events({});
    o.chunk = 64 + rng.below(200);
    io::MemorySource src(in, 1 + rng.below(50));
    std::vector<std::string> got;
    JsonStreamResult r = stream_json_array(
        src, o,
        [&](std::span<const JsonElement> batch) {
          for (const JsonElement& e : batch) {
            got.emplace_back(e.text);
            EXPECT_EQ(parser.parse(e.text.data(), e.text.size(), false).error(), simdjson::SUCCESS) << e.text;
          }
          return true;
        },
        nullptr);
    ASSERT_TRUE(r.ok()) << r.error.message << "\n" << in;
    EXPECT_EQ(got, want) << in;
  }
}

// Lent batches: a callee that keeps every buffer and scribbles over every
// byte it may (from the byte before the first text to the byte after the
// last, texts excepted) still finds all texts as written at the end, and the
// stream finds what stream_json_array finds: elements, positions, members,
// errors.
TEST(JsonArrayStream, LentBuffersStayReadableAndTheirFreeBytesWritable) {
  testing::Rng rng(11);
  const char* pieces[] = {"\"a\\\"b\"", "\"]}[{,\"", "123", "-1.5e3", "true", "null", "\"\\\\\"", "[1,{\"z\":2}]"};
  for (int round = 0; round < 60; ++round) {
    std::string in = rng.chance(50) ? "{\"k\": [1, \"]\"], \"traceEvents\": [" : "[";
    const bool object = in[0] == '{';
    const size_t n = rng.below(80);
    for (size_t i = 0; i < n; ++i) {
      std::string e = rng.chance(20) ? std::string(pieces[rng.below(8)]) : "{\"f\":" + std::string(pieces[rng.below(8)]) + "}";
      in += (i ? (rng.chance(30) ? ",\n " : ",") : "") + e;
    }
    if (rng.chance(10)) in += ", {\"cut\": ";  // a truncated element: an error after the others
    in += object ? "], \"after\": {\"x\": [2]}}" : (rng.chance(50) ? "]" : "");
    JsonStreamOptions o = with_events({});
    o.chunk = 64 + rng.below(200);
    const size_t step = 1 + rng.below(50);
    const Split want = split(in, step, o);

    io::MemorySource src(in, step);
    std::vector<std::shared_ptr<char[]>> kept;
    std::vector<std::string_view> texts;
    std::vector<JsonPosition> positions;
    std::vector<std::pair<std::string, std::string>> members;
    const JsonStreamResult r = stream_json_array_lent(
        src, o,
        [&](std::span<const JsonElement> batch, const std::shared_ptr<char[]>& buffer) {
          kept.push_back(buffer);
          char* at = const_cast<char*>(batch.front().text.data()) - 1;
          for (const JsonElement& e : batch) {
            for (; at < e.text.data(); ++at) *at = '#';
            at = const_cast<char*>(e.text.data() + e.text.size());
            texts.push_back(e.text);
            positions.push_back(e.pos);
          }
          *at = '#';
          return true;
        },
        [&](const JsonMember& m) { members.emplace_back(m.key, std::string(m.text)); });
    EXPECT_EQ(r.ok(), want.result.ok()) << in;
    EXPECT_EQ(r.error.message, want.result.error.message) << in;
    EXPECT_EQ(r.error.pos.offset, want.result.error.pos.offset) << in;
    EXPECT_EQ(r.elements, want.result.elements);
    ASSERT_EQ(texts.size(), want.texts.size()) << in;
    for (size_t i = 0; i < texts.size(); ++i) {
      EXPECT_EQ(texts[i], want.texts[i]) << i << "\n" << in;
      EXPECT_EQ(positions[i].offset, want.positions[i].offset) << i;
      EXPECT_EQ(positions[i].line, want.positions[i].line) << i;
      EXPECT_EQ(positions[i].column, want.positions[i].column) << i;
    }
    EXPECT_EQ(members, want.members) << in;
  }
}

}  // namespace
}  // namespace tc::json
