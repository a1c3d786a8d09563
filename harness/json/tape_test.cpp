#include "json/tape.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/support/rng.h"

namespace tc::json {
namespace {

using Members = std::vector<std::pair<std::string, std::string>>;  // key, value as JSON

// What simdjson's own iterator gives, up to `limit` members.
Members by_iterator(simdjson::dom::object o, size_t limit = SIZE_MAX) {
  Members out;
  for (auto [key, value] : o) {
    if (out.size() == limit) break;
    out.emplace_back(std::string(key), simdjson::to_string(value));
  }
  return out;
}

// What for_each_member gives, stopping after `limit` members.
Members by_tape(simdjson::dom::object o, size_t limit = SIZE_MAX) {
  Members out;
  for_each_member(o, [&](std::string_view key, simdjson::dom::element value) {
    out.emplace_back(std::string(key), simdjson::to_string(value));
    return out.size() < limit;
  });
  return out;
}

// Every object in `e`, itself included, depth first.
void objects_in(simdjson::dom::element e, std::vector<simdjson::dom::object>& out) {
  simdjson::dom::object object;
  simdjson::dom::array array;
  if (e.get(object) == simdjson::SUCCESS) {
    out.push_back(object);
    for (auto [key, value] : object) objects_in(value, out);
  } else if (e.get(array) == simdjson::SUCCESS) {
    for (simdjson::dom::element item : array) objects_in(item, out);
  }
}

void expect_same_members(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS) << json;
  std::vector<simdjson::dom::object> objects;
  objects_in(doc, objects);
  for (simdjson::dom::object o : objects) {
    EXPECT_EQ(by_tape(o), by_iterator(o)) << json;
    EXPECT_EQ(by_tape(o, 1), by_iterator(o, 1)) << json;
  }
}

TEST(TapeMembers, EveryKindOfValueIsSteppedOver) {
  // Each value kind takes its own number of tape words: numbers two,
  // containers up to their end, the others one.
  expect_same_members("{}");
  expect_same_members(R"({"a":1})");
  expect_same_members(R"({"i":-9223372036854775808,"u":18446744073709551615,"d":1.5e300,"t":true,"f":false,)"
                      R"("n":null,"s":"x","o":{},"a":[],"last":0})");
  expect_same_members(R"({"o":{"p":{"q":[1,{"r":[[],{}]}]}},"after":"kept","a":[{"x":1},{"y":[2.5]}],"z":null})");
  expect_same_members(R"([{"ph":"X","ts":1.25,"args":{"External id":7,"Record function id":3}},{"ph":"f"}])");
}

TEST(TapeMembers, KeysAreTheirUnescapedBytes) {
  expect_same_members(R"({"\u0000nul":1,"q\"uote":2,"\u00e9t\u00e9":3,"\ud83d\ude00":4,"":5})");
  expect_same_members("{\"" + std::string(300, 'k') + "\":[\"" + std::string(70000, 'v') + "\"],\"next\":1}");
  // A repeated key is met each time, in order, as the iterator meets it.
  expect_same_members(R"({"k":1,"k":{"k":2,"k":3},"k":[4]})");
}

TEST(TapeMembers, TheCallbackStopsTheWalk) {
  simdjson::dom::parser parser;
  simdjson::dom::object o;
  ASSERT_EQ(parser.parse(std::string(R"({"a":1,"b":[2],"c":{"d":3}})")).get(o), simdjson::SUCCESS);
  std::vector<std::string> seen;
  for_each_member(o, [&](std::string_view key, simdjson::dom::element) {
    seen.emplace_back(key);
    return key != "b";
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b"}));
  seen.clear();
  for_each_member(o, [&](std::string_view key, simdjson::dom::element) { seen.emplace_back(key); });  // void: all
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b", "c"}));
}

// Random nested documents: every object in them walks alike both ways.
std::string random_value(testing::Rng& rng, int depth) {
  switch (depth > 3 ? rng.below(6) : rng.below(8)) {
    case 0: return std::to_string(static_cast<int64_t>(rng.next()));
    case 1: return std::to_string(rng.next());
    case 2: return std::to_string(rng.below(100000)) + "." + std::to_string(rng.below(1000)) + "e-3";
    case 3: return rng.chance(50) ? "true" : "false";
    case 4: return "null";
    case 5: return "\"s" + std::to_string(rng.below(1000)) + "\"";
    case 6: {
      std::string a = "[";
      for (size_t i = 0, n = rng.below(4); i < n; ++i) a += (i ? "," : "") + random_value(rng, depth + 1);
      return a + "]";
    }
    default: {
      std::string o = "{";
      for (size_t i = 0, n = rng.below(6); i < n; ++i)
        o += (i ? ",\"k" : "\"k") + std::to_string(rng.below(8)) + "\":" + random_value(rng, depth + 1);
      return o + "}";
    }
  }
}

TEST(TapeMembers, RandomDocumentsWalkAsTheIteratorDoes) {
  testing::Rng rng(7);
  for (int i = 0; i < 500; ++i) {
    std::string o = "{";
    for (size_t k = 0, n = 1 + rng.below(12); k < n; ++k)
      o += (k ? ",\"m" : "\"m") + std::to_string(k) + "\":" + random_value(rng, 0);
    expect_same_members(o + "}");
  }
}

}  // namespace
}  // namespace tc::json
