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

// The objects for_each_object_in must visit in `e`, by simdjson's iterator:
// items of `e` (an array) or of arrays in it, not looked into.
void objects_in_arrays(simdjson::dom::array a, std::vector<std::string>& out) {
  for (simdjson::dom::element item : a) {
    simdjson::dom::array inner;
    if (item.is_object()) out.push_back(simdjson::to_string(item));
    else if (item.get(inner) == simdjson::SUCCESS) objects_in_arrays(inner, out);
  }
}

// Every array in `e`, itself included.
void arrays_in(simdjson::dom::element e, std::vector<simdjson::dom::array>& out) {
  simdjson::dom::object object;
  simdjson::dom::array array;
  if (e.get(object) == simdjson::SUCCESS) {
    for (auto [key, value] : object) arrays_in(value, out);
  } else if (e.get(array) == simdjson::SUCCESS) {
    out.push_back(array);
    for (simdjson::dom::element item : array) arrays_in(item, out);
  }
}

void expect_same_objects_in_arrays(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS) << json;
  std::vector<simdjson::dom::array> arrays;
  arrays_in(doc, arrays);
  for (simdjson::dom::array a : arrays) {
    std::vector<std::string> want, got;
    objects_in_arrays(a, want);
    EXPECT_TRUE(for_each_object_in(a, [&](simdjson::dom::element o) {
      EXPECT_TRUE(o.is_object());
      got.push_back(simdjson::to_string(o));
      return true;
    })) << json;
    EXPECT_EQ(got, want) << json;
    if (want.empty()) continue;
    got.clear();  // stopped at the first
    EXPECT_FALSE(for_each_object_in(a, [&](simdjson::dom::element o) {
      got.push_back(simdjson::to_string(o));
      return false;
    })) << json;
    EXPECT_EQ(got, std::vector<std::string>{want.front()}) << json;
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

TEST(TapeObjectsInArrays, NestedArraysAreEnteredAndObjectsPassedOver) {
  expect_same_objects_in_arrays("[]");
  expect_same_objects_in_arrays(R"([1,-2,1.5,18446744073709551615,"s",true,null])");
  // A number's second word may hold any bits, '{' and '[' in its top byte too.
  expect_same_objects_in_arrays(R"([8863084066665136128,6557241057451442176,6701356245527298048,-1.0e308,{"a":1}])");
  expect_same_objects_in_arrays(R"([[64,128],[128],[],[[{"deep":[{"inner":1}]}]],{"x":[{"not":"visited"}]},{}])");
  expect_same_objects_in_arrays(R"({"Input Dims":[[64,128],[128]],"Concrete Inputs":["",""],"grid":[1,1,1]})");
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

// string_of on every value of a document, against get_string.
void expect_same_strings(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS) << json;
  std::vector<simdjson::dom::element> values{doc};
  for (size_t i = 0; i < values.size(); ++i) {
    const simdjson::dom::element v = values[i];
    if (v.is_object())
      for (auto [key, member] : simdjson::dom::object(v)) values.push_back(member);
    else if (v.is_array())
      for (simdjson::dom::element item : simdjson::dom::array(v)) values.push_back(item);
    std::string_view want = "unset", got = "unset";
    const bool want_ok = v.get_string().get(want) == simdjson::SUCCESS;
    EXPECT_EQ(string_of(v, got), want_ok) << simdjson::to_string(v);
    EXPECT_EQ(got, want) << simdjson::to_string(v);
  }
}

TEST(TapeStrings, AreGetStringsOwnBytesAndNothingElseIsOne) {
  expect_same_strings(R"(["", "x", "q\"uote", "\u0000nul", "\u00e9t\u00e9", "\ud83d\ude00", 0, -1, 1.5,)"
                      R"( 18446744073709551615, true, false, null, [], {}, {"k": "v", "n": 2}])");
  expect_same_strings("[\"" + std::string(70000, 's') + "\", {\"" + std::string(300, 'k') + "\": \"v\"}]");
  testing::Rng rng(11);
  for (int i = 0; i < 200; ++i) expect_same_strings("[" + random_value(rng, 0) + "," + random_value(rng, 1) + "]");
}

TEST(TapeMembers, RandomDocumentsWalkAsTheIteratorDoes) {
  testing::Rng rng(7);
  for (int i = 0; i < 500; ++i) {
    std::string o = "{";
    for (size_t k = 0, n = 1 + rng.below(12); k < n; ++k)
      o += (k ? ",\"m" : "\"m") + std::to_string(k) + "\":" + random_value(rng, 0);
    expect_same_members(o + "}");
    expect_same_objects_in_arrays(o + "}");
    expect_same_objects_in_arrays("[" + random_value(rng, 0) + "," + random_value(rng, 1) + "]");
  }
}

}  // namespace
}  // namespace tc::json
