// The allOf-of-if/then dispatch (schema/dispatch.cpp) gives the verdicts
// the general evaluation gives: each schema is checked beside a twin whose
// branches carry a no-op keyword (maxProperties 1000000), which keeps them
// off the dispatch path.
#include <gtest/gtest.h>

#include "json/parse.h"
#include "schema/schema.h"

namespace tc::schema {
// A namespace of its own name, not an anonymous one: its `json` (nlohmann)
// stays out of the unity batch around it, where tc::json is meant.
namespace dispatch_test {

using nlohmann::json;

struct Pair {
  CompiledSchema fast, general;
};

// `branches`: [{"key", values (enum array or const string), required, then}].
Pair compile_pair(const json& branches, bool use_const = false) {
  json fast = {{"allOf", json::array()}}, general = fast;
  for (const json& b : branches) {
    json value = use_const ? json{{"const", b[1]}} : json{{"enum", b[1]}};
    json cond = {{"properties", {{b[0].get<std::string>(), value}}}};
    if (b[2].get<bool>()) cond["required"] = json::array({b[0]});
    json branch = {{"if", cond}, {"then", b[3]}};
    fast["allOf"].push_back(branch);
    branch["maxProperties"] = 1000000;
    general["allOf"].push_back(branch);
  }
  return {compile(fast), compile(general)};
}

bool verdict(const CompiledSchema& s, std::string_view text, bool with_errors) {
  simdjson::padded_string padded(text);
  simdjson::dom::parser parser;
  simdjson::dom::element e = parser.parse(padded).value();
  if (!with_errors) return s.validate(e);
  std::vector<SchemaError> errors;
  bool ok = s.validate(e, &errors);
  EXPECT_EQ(ok, errors.empty()) << text;
  return ok;
}

void expect_same(const Pair& p, std::string_view text, bool expected, bool also_value = true) {
  EXPECT_EQ(verdict(p.fast, text, false), expected) << text;
  EXPECT_EQ(verdict(p.general, text, false), expected) << text;
  EXPECT_EQ(verdict(p.fast, text, true), expected) << text;
  if (!also_value) return;
  // The Value path (Python's dialect) agrees too.
  tc::json::Parser parser;
  tc::json::ParseResult parsed = parser.parse(text);
  EXPECT_EQ(p.general.validate(parsed.value), expected) << text;
  ASSERT_TRUE(parsed.ok);
  EXPECT_EQ(p.fast.validate(parsed.value), expected) << text;
}

TEST(SchemaDispatch, PicksTheBranchesByTheKeysValue) {
  json need_dur = {{"required", json::array({"dur"})}};
  json need_id = {{"required", json::array({"id"})}};
  json need_s = {{"required", json::array({"s"})}};
  // "i" is in two branches (both apply); "X" twice in one enum.
  Pair p = compile_pair(json::array({json::array({"ph", json::array({"X", "X"}), true, need_dur}),
                                     json::array({"ph", json::array({"s", "f", "i"}), true, need_id}),
                                     json::array({"ph", json::array({"i"}), true, need_s})}));
  expect_same(p, R"({"ph": "X", "dur": 1})", true);
  expect_same(p, R"({"ph": "X"})", false);
  expect_same(p, R"({"ph": "s", "id": 3})", true);
  expect_same(p, R"({"ph": "s"})", false);
  expect_same(p, R"({"ph": "i", "id": 1, "s": "t"})", true);
  expect_same(p, R"({"ph": "i", "id": 1})", false);
  expect_same(p, R"({"ph": "i", "s": "t"})", false);
  expect_same(p, R"({"ph": "Q"})", true);   // no if holds
  expect_same(p, R"({"ph": 7})", true);     // not a string: no if holds
  expect_same(p, R"({"ph": null})", true);  // likewise
  expect_same(p, R"({})", true);            // every if requires ph
  expect_same(p, R"({"dur": 1})", true);
  // Not an object: every if holds vacuously, and each then's "required"
  // ignores non-objects too.
  expect_same(p, R"([1, 2])", true);
  expect_same(p, R"("X")", true);
  // A repeated key: on simdjson's DOM the first occurrence decides, as in
  // the general path's lookup (tc::json::Value keeps the last, like Python).
  expect_same(p, R"({"ph": "X", "ph": "s", "dur": 1})", true, /*also_value=*/false);
}

TEST(SchemaDispatch, AnIfThatDoesNotRequireTheKeyHoldsWhenItIsAbsent) {
  json need_a = {{"required", json::array({"a"})}};
  json need_b = {{"required", json::array({"b"})}};
  Pair p = compile_pair(
      json::array({json::array({"schema", "1.0.1", false, need_a}), json::array({"schema", "1.1.1", true, need_b})}),
      /*use_const=*/true);
  expect_same(p, R"({})", false);  // the first if holds vacuously: "a" is required
  expect_same(p, R"({"a": 1})", true);
  expect_same(p, R"({"schema": "1.0.1", "a": 1})", true);
  expect_same(p, R"({"schema": "1.0.1"})", false);
  expect_same(p, R"({"schema": "1.1.1", "b": 0})", true);
  expect_same(p, R"({"schema": "1.1.1", "a": 0})", false);
  expect_same(p, R"({"schema": "2.0"})", true);
  expect_same(p, R"({"schema": 1.0})", true);
}

TEST(SchemaDispatch, ThenBranchesAreFullSchemas) {
  json closed = {{"properties", {{"ph", {{"const", "X"}}}, {"dur", {{"type", "number"}, {"minimum", 0}}}}},
                 {"additionalProperties", false}};
  Pair p = compile_pair(json::array({json::array({"ph", json::array({"X"}), true, closed})}));
  expect_same(p, R"({"ph": "X", "dur": 2.5})", true);
  expect_same(p, R"({"ph": "X", "dur": -1})", false);
  expect_same(p, R"({"ph": "X", "extra": 1})", false);
}

TEST(SchemaDispatch, ErrorsAreThoseOfTheGeneralPath) {
  json need_dur = {{"required", json::array({"dur"})}};
  Pair p = compile_pair(json::array({json::array({"ph", json::array({"X"}), true, need_dur})}));
  simdjson::padded_string text(std::string_view(R"({"ph": "X"})"));
  simdjson::dom::parser parser;
  simdjson::dom::element e = parser.parse(text).value();
  std::vector<SchemaError> errors;
  ASSERT_FALSE(p.fast.validate(e, &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].schema_path, "/allOf/0/then/required");
  EXPECT_EQ(errors[0].message, "missing required property \"dur\"");
}

}  // namespace dispatch_test
}  // namespace tc::schema
