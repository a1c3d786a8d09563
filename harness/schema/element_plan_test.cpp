#include "schema/element_plan.h"

#include <gtest/gtest.h>

#include "schema/schema_file.h"
#include "tests/support/rng.h"

namespace tc::schema {
namespace {

ElementPlanResult plan(const CompiledSchema& s, std::string_view skeleton, std::string_view key) {
  simdjson::dom::parser parser;
  simdjson::dom::element root = parser.parse(simdjson::padded_string(skeleton));
  return ElementPlanner::plan(s, root, key);
}

CompiledSchema schema(std::string_view text) { return compile(nlohmann::json::parse(text)); }

// The whole document's verdict, and the verdict of the split: the skeleton
// (the array at `key` emptied) and each element under the plan.
struct Split {
  bool planned = false;
  bool whole = false;
  bool split = false;
};

Split judge(const CompiledSchema& s, const nlohmann::json& doc, const std::string& key) {
  simdjson::dom::parser whole_parser, skeleton_parser, element_parser;
  Split out;
  out.whole = s.validate(whole_parser.parse(simdjson::padded_string(doc.dump())));
  nlohmann::json skeleton = doc;
  nlohmann::json elements = nlohmann::json::array();
  if (doc.is_object() && doc.contains(key) && doc[key].is_array()) {
    elements = doc[key];
    skeleton[key] = nlohmann::json::array();
  }
  simdjson::dom::element root = skeleton_parser.parse(simdjson::padded_string(skeleton.dump()));
  ElementPlanResult p = ElementPlanner::plan(s, root, key);
  if (!p.plan) return out;
  out.planned = true;
  out.split = s.validate(root);
  for (size_t i = 0; i < elements.size(); ++i)
    out.split = out.split && ElementPlanner::validate(s, *p.plan, element_parser.parse(simdjson::padded_string(
                                                                     elements[i].dump())),
                                                      key, i);
  return out;
}

TEST(SchemaElementPlan, CollectsItemsThroughPropertiesRefsAndAllOf) {
  CompiledSchema s = schema(R"({
    "properties": {"traceEvents": {"allOf": [
      {"type": "array", "items": {"$ref": "#/definitions/event"}},
      {"items": {"required": ["ph"]}}]}},
    "definitions": {"event": {"type": "object"}}})");
  ElementPlanResult p = plan(s, R"({"traceEvents": []})", "traceEvents");
  ASSERT_TRUE(p.plan) << p.why_not;
  EXPECT_EQ(p.plan->size(), 2u);
  EXPECT_EQ(plan(s, R"({"other": 1})", "traceEvents").plan->size(), 0u);  // no such member: nothing per element
}

TEST(SchemaElementPlan, PatternAndAdditionalPropertiesApplyToTheArrayMember) {
  CompiledSchema pattern = schema(R"({"patternProperties": {"^trace": {"items": {"type": "object"}}}})");
  EXPECT_EQ(plan(pattern, R"({"traceEvents": []})", "traceEvents").plan->size(), 1u);
  CompiledSchema additional = schema(R"({"properties": {"a": {}}, "additionalProperties": {"items": {"type": "object"}}})");
  EXPECT_EQ(plan(additional, R"({"traceEvents": []})", "traceEvents").plan->size(), 1u);
  EXPECT_EQ(plan(additional, R"({"a": []})", "a").plan->size(), 0u);
}

TEST(SchemaElementPlan, RefusesWhatJudgesTheArrayAsAWhole) {
  struct Case {
    const char* schema;
    const char* where;
  };
  const Case cases[] = {
      {R"({"properties": {"e": {"minItems": 1}}})", "/properties/e/minItems"},
      {R"({"properties": {"e": {"maxItems": 9}}})", "/properties/e/maxItems"},
      {R"({"properties": {"e": {"uniqueItems": true}}})", "/properties/e/uniqueItems"},
      {R"({"properties": {"e": {"contains": {"type": "object"}}}})", "/properties/e/contains"},
      {R"({"properties": {"e": {"items": [{"type": "object"}]}}})", "/properties/e/items"},
      {R"({"properties": {"e": {"enum": [[]]}}})", "/properties/e/enum"},
      {R"({"const": {"e": []}})", "/const"},
      {R"({"anyOf": [{"properties": {"e": {"items": {"type": "object"}}}}, {"required": ["x"]}]})", "/anyOf"},
      {R"({"not": {"properties": {"e": {"minItems": 2}}}})", "/not"},
      {R"({"if": {"properties": {"e": {"maxItems": 0}}}, "then": {"required": ["x"]}})", "/if"},
      {R"({"properties": {"e": {"if": {"minItems": 1}, "then": {}}}})", "/properties/e/if"},
  };
  for (const Case& c : cases) {
    ElementPlanResult p = plan(schema(c.schema), R"({"e": []})", "e");
    EXPECT_FALSE(p.plan) << c.schema;
    EXPECT_NE(p.why_not.find(std::string("the schema at ") + c.where), std::string::npos)
        << c.schema << ": " << p.why_not;
  }
}

TEST(SchemaElementPlan, RefusesASchemaThatRecursesWithoutEnd) {
  CompiledSchema s = schema(R"({"properties": {"e": {"$ref": "#/definitions/a"}},
                               "definitions": {"a": {"allOf": [{"$ref": "#/definitions/a"}]}}})");
  ElementPlanResult p = plan(s, R"({"e": []})", "e");
  EXPECT_FALSE(p.plan);
  EXPECT_NE(p.why_not.find("nests schemas too deep to plan"), std::string::npos) << p.why_not;
}

TEST(SchemaElementPlan, AnIfOnASiblingPicksTheElementSchemas) {
  CompiledSchema s = schema(R"({"allOf": [
    {"if": {"properties": {"schema": {"const": "ints"}}, "required": ["schema"]},
     "then": {"properties": {"nodes": {"items": {"type": "integer"}}}}},
    {"if": {"properties": {"schema": {"const": "strings"}}, "required": ["schema"]},
     "then": {"properties": {"nodes": {"items": {"type": "string"}}}}}]})");
  ElementPlanResult ints = plan(s, R"({"schema": "ints", "nodes": []})", "nodes");
  ElementPlanResult strings = plan(s, R"({"schema": "strings", "nodes": []})", "nodes");
  ASSERT_TRUE(ints.plan && strings.plan);
  EXPECT_FALSE(*ints.plan == *strings.plan);
  simdjson::dom::parser p;
  simdjson::dom::element one = p.parse(simdjson::padded_string(std::string_view("1")));
  EXPECT_TRUE(ElementPlanner::validate(s, *ints.plan, one, "nodes", 0));
  EXPECT_FALSE(ElementPlanner::validate(s, *strings.plan, one, "nodes", 0));
  EXPECT_EQ(plan(s, R"({"nodes": []})", "nodes").plan->size(), 0u);
}

TEST(SchemaElementPlan, AOneOfDecidedByTypeIsItsOneBranch) {
  // trace.schema.json's form: a bare array of events, or an object holding them.
  CompiledSchema s = schema(R"({"oneOf": [
    {"type": "array", "items": {"type": "object"}},
    {"type": "object", "properties": {"traceEvents": {"type": "array", "items": {"type": "object"}}}}]})");
  EXPECT_EQ(plan(s, "[]", "").plan->size(), 1u);
  EXPECT_EQ(plan(s, R"({"traceEvents": []})", "traceEvents").plan->size(), 1u);
  CompiledSchema untyped = schema(R"({"oneOf": [{"properties": {"e": {"items": {"type": "object"}}}}, {}]})");
  EXPECT_FALSE(plan(untyped, R"({"e": []})", "e").plan);
}

// A $ref object is its target (schema/compiler.cpp), so an anyOf whose
// branches are $refs is decided by the targets' types as if written out.
TEST(SchemaElementPlan, BranchesWrittenAsRefsAreDecidedByTheirTargets) {
  CompiledSchema s = schema(R"({
    "properties": {"nodes": {"anyOf": [{"$ref": "#/definitions/ints"}, {"$ref": "#/definitions/text"}]}},
    "definitions": {"ints": {"type": "array", "items": {"type": "integer"}}, "text": {"type": "string"}}})");
  ElementPlanResult p = plan(s, R"({"nodes": []})", "nodes");
  ASSERT_TRUE(p.plan) << p.why_not;
  EXPECT_EQ(p.plan->size(), 1u);
  for (const char* doc : {R"({"nodes": [1, 2]})", R"({"nodes": [1, "x"]})"}) {
    Split v = judge(s, nlohmann::json::parse(doc), "nodes");
    EXPECT_TRUE(v.planned) << doc;
    EXPECT_EQ(v.split, v.whole) << doc;
  }
}

TEST(SchemaElementPlan, ElementErrorsMatchTheWholeDocument) {
  SchemaFile kineto = load_schema_file(TRACECHECK_SOURCE_DIR "/schemas/chrome_trace/kineto.schema.json");
  ASSERT_EQ(kineto.status, SchemaFile::Status::Ok);
  const CompiledSchema& s = *kineto.schema;
  std::string bad = R"({"ph": "X", "name": "mm", "cat": "cpu_op", "ts": "late", "dur": -1, "pid": 1, "tid": 1,
                        "args": {"External id": "x"}, "extra": true})";
  std::string doc = R"({"schemaVersion": 1, "traceEvents": [{"ph": "i", "name": "a", "ts": 1, "pid": 1, "tid": 1, "s": "t"}, )" +
                    bad + "]}";
  simdjson::dom::parser whole_parser, element_parser;
  std::vector<SchemaError> whole, split;
  EXPECT_FALSE(s.validate(whole_parser.parse(simdjson::padded_string(doc)), &whole));
  ElementPlanResult p = plan(s, R"({"schemaVersion": 1, "traceEvents": []})", "traceEvents");
  ASSERT_TRUE(p.plan) << p.why_not;
  EXPECT_FALSE(ElementPlanner::validate(s, *p.plan, element_parser.parse(simdjson::padded_string(bad)),
                                        "traceEvents", 1, &split));
  ASSERT_FALSE(whole.empty());
  ASSERT_EQ(whole.size(), split.size());
  for (size_t i = 0; i < whole.size(); ++i) {
    EXPECT_EQ(whole[i].instance_pointer, split[i].instance_pointer);
    EXPECT_EQ(whole[i].schema_path, split[i].schema_path);
    EXPECT_EQ(whole[i].message, split[i].message);
  }
  EXPECT_EQ(split[0].instance_pointer.rfind("/traceEvents/1", 0), 0u);
}

TEST(SchemaElementPlan, TheFormatSchemasArePlanned) {
  const char* files[] = {"chrome_trace/kineto.schema.json", "chrome_trace/trace.schema.json",
                         "execution_trace/execution_trace.schema.json"};
  for (const char* f : files) {
    SchemaFile loaded = load_schema_file(std::string(TRACECHECK_SOURCE_DIR "/schemas/") + f);
    ASSERT_EQ(loaded.status, SchemaFile::Status::Ok) << f;
    bool et = std::string_view(f).starts_with("execution");
    ElementPlanResult p = plan(*loaded.schema, et ? R"({"schema": "1.1.1-chakra.0.0.4", "nodes": []})"
                                                  : R"({"traceEvents": []})",
                               et ? "nodes" : "traceEvents");
    ASSERT_TRUE(p.plan) << f << ": " << p.why_not;
    EXPECT_GE(p.plan->size(), 1u) << f;
  }
}

// The plan's promise, on random documents: valid whole exactly when the
// skeleton and every element are valid.
TEST(SchemaElementPlan, SplitVerdictEqualsWholeVerdictOnRandomDocuments) {
  CompiledSchema s = schema(R"({
    "type": "object", "required": ["mode"],
    "properties": {"mode": {"enum": ["a", "b"]}, "n": {"type": "integer", "minimum": 0},
                   "arr": {"type": "array", "items": {"anyOf": [{"type": "integer", "maximum": 5},
                                                                {"type": "object", "required": ["k"]}]}}},
    "patternProperties": {"^a": {"items": {"not": {"type": "string"}}}},
    "additionalProperties": false,
    "dependencies": {"n": {"properties": {"arr": {"items": {"not": {"type": "null"}}}}}},
    "allOf": [{"if": {"properties": {"mode": {"const": "a"}}},
               "then": {"properties": {"arr": {"items": {"not": {"type": "object"}}}}},
               "else": {"properties": {"arr": {"items": {"not": {"const": 4}}}}}}]})");
  testing::Rng rng(7);
  auto value = [&]() -> nlohmann::json {
    switch (rng.below(5)) {
      case 0: return static_cast<int>(rng.below(8));
      case 1: return "s";
      case 2: return nullptr;
      case 3: return nlohmann::json{{"k", 1}};
      default: return nlohmann::json::object();
    }
  };
  int both = 0, planned = 0;
  for (int i = 0; i < 2000; ++i) {
    nlohmann::json doc = nlohmann::json::object();
    if (rng.chance(90)) doc["mode"] = rng.chance(50) ? "a" : rng.chance(80) ? "b" : "c";
    if (rng.chance(40)) doc["n"] = static_cast<int>(rng.below(3)) - 1;
    if (rng.chance(5)) doc["zzz"] = 1;
    if (rng.chance(95)) {
      nlohmann::json arr = nlohmann::json::array();
      for (size_t k = rng.below(4); k > 0; --k) arr.push_back(value());
      doc["arr"] = arr;
    }
    Split r = judge(s, doc, "arr");
    ASSERT_TRUE(r.planned) << doc.dump();
    ++planned;
    ASSERT_EQ(r.whole, r.split) << doc.dump();
    both += r.whole;
  }
  EXPECT_EQ(planned, 2000);
  EXPECT_GT(both, 100);  // both verdicts occur often
  EXPECT_LT(both, 1900);
}

}  // namespace
}  // namespace tc::schema
