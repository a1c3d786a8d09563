// Behaviour of compile() and validate() beyond the official suite: error
// reports, load errors, resolution, limits.
#include "schema/schema.h"

#include <gtest/gtest.h>
#include <pthread.h>

#include <algorithm>
#include <optional>

#include "json/parse.h"

namespace tc::schema {
// A namespace of its own name, not an anonymous one: its `json` (nlohmann)
// stays out of the unity batch around it, where tc::json is meant.
namespace schema_test {

using nlohmann::json;

class Instance {
 public:
  explicit Instance(std::string_view text) : text_(text) { element_ = parser_.parse(text_).value(); }
  simdjson::dom::element element() const { return element_; }

 private:
  simdjson::padded_string text_;
  simdjson::dom::parser parser_;
  simdjson::dom::element element_;
};

std::vector<SchemaError> errors_of(const CompiledSchema& s, std::string_view text) {
  Instance instance(text);
  std::vector<SchemaError> errors;
  bool ok = s.validate(instance.element(), &errors);
  EXPECT_EQ(ok, errors.empty());
  EXPECT_EQ(ok, s.validate(instance.element()));  // fail-fast mode agrees
  return errors;
}

std::string load_error(const json& schema, Resolver resolver = {}) {
  try {
    compile(schema, std::move(resolver));
  } catch (const SchemaLoadError& e) {
    return e.location() + ": " + e.what();
  }
  ADD_FAILURE() << "compiled: " << schema.dump();
  return {};
}

TEST(SchemaValidate, ErrorsCarryInstancePointerSchemaPathAndMessage) {
  CompiledSchema s = compile(json::parse(R"({
    "type": "object",
    "required": ["name", "ts"],
    "properties": {
      "ts": {"type": "number", "minimum": 0},
      "args": {"$ref": "#/definitions/args"},
      "a/b": {"type": "string"}
    },
    "additionalProperties": false,
    "definitions": {"args": {"type": "array", "items": {"type": "integer"}}}
  })"));
  auto errors = errors_of(s, R"({"ts": -1, "args": [1, "x", 2.5], "a/b": 3, "extra": 0})");
  ASSERT_EQ(errors.size(), 6u);
  EXPECT_EQ(errors[0].instance_pointer, "/ts");
  EXPECT_EQ(errors[0].schema_path, "/properties/ts/minimum");
  EXPECT_EQ(errors[0].message, "-1 is less than the minimum 0");
  EXPECT_EQ(errors[1].instance_pointer, "/args/1");
  EXPECT_EQ(errors[1].schema_path, "/definitions/args/items/type");
  EXPECT_EQ(errors[1].message, "expected integer, got string \"x\"");
  EXPECT_EQ(errors[2].instance_pointer, "/args/2");
  EXPECT_EQ(errors[2].message, "expected integer, got number 2.5");
  EXPECT_EQ(errors[3].instance_pointer, "/a~1b");
  EXPECT_EQ(errors[3].schema_path, "/properties/a~1b/type");
  EXPECT_EQ(errors[4].instance_pointer, "/extra");
  EXPECT_EQ(errors[4].schema_path, "/additionalProperties");
  EXPECT_EQ(errors[4].message, "property \"extra\" is not allowed (additionalProperties is false)");
  EXPECT_EQ(errors[5].instance_pointer, "");
  EXPECT_EQ(errors[5].schema_path, "/required");
  EXPECT_EQ(errors[5].message, "missing required property \"name\"");
}

TEST(SchemaValidate, CombinatorsReportOneErrorEach) {
  CompiledSchema s = compile(json::parse(R"({
    "properties": {
      "a": {"anyOf": [{"type": "string"}, {"minimum": 10}]},
      "o": {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
      "n": {"not": {"type": "null"}},
      "c": {"contains": {"const": 3}},
      "i": {"if": {"minimum": 0}, "then": {"multipleOf": 2}, "else": {"const": -1}}
    }
  })"));
  auto errors = errors_of(s, R"({"a": 1, "o": 5, "n": null, "c": [1, 2], "i": 3})");
  ASSERT_EQ(errors.size(), 5u);
  EXPECT_EQ(errors[0].message,
            "matches none of the 2 schemas in anyOf; closest is #0 with 1 error, the first: expected string, got "
            "integer 1 at /a");
  EXPECT_EQ(errors[0].schema_path, "/properties/a/anyOf");
  EXPECT_EQ(errors[1].message, "matches more than one schema in oneOf (at least #0 and #1)");
  EXPECT_EQ(errors[2].message, "matches the schema in not");
  EXPECT_EQ(errors[3].message, "no item matches the contains schema");
  EXPECT_EQ(errors[4].schema_path, "/properties/i/then/multipleOf");
  EXPECT_EQ(errors[4].message, "3 is not a multiple of 2");
  EXPECT_TRUE(errors_of(s, R"({"a": "x", "o": -1, "n": 0, "c": [3], "i": -1})").empty());
}

TEST(SchemaValidate, ClosestBranchStaysCheapOnRecursiveAnyOf) {
  // Every level of a 500-deep failing tree has an anyOf; picking closest
  // branches must not re-probe below itself (that would be 2^500 work).
  CompiledSchema s = compile(json::parse(R"({"anyOf": [{"type": "null"}, {"items": {"$ref": "#"}, "maxItems": 1}]})"));
  std::string deep = std::string(500, '[') + "[1, 2]" + std::string(500, ']');
  auto errors = errors_of(s, deep);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].message.find("; closest is #"), std::string::npos) << errors[0].message;
}

TEST(SchemaValidate, ScalarsAtTheTopLevel) {
  CompiledSchema s = compile(json::parse(R"({"type": "integer", "maximum": 3})"));
  EXPECT_TRUE(errors_of(s, "3").empty());
  EXPECT_TRUE(errors_of(s, "3.0").empty());
  EXPECT_EQ(errors_of(s, "4")[0].instance_pointer, "");
  EXPECT_EQ(errors_of(s, "\"x\"")[0].message, "expected integer, got string \"x\"");
  EXPECT_EQ(errors_of(compile(json(false)), "null")[0].message, "no value is allowed here (the schema is false)");
  EXPECT_TRUE(errors_of(compile(json(true)), "[1, {}]").empty());
}

TEST(SchemaValidate, StringLengthCountsCodePoints) {
  CompiledSchema s = compile(json::parse(R"({"minLength": 2, "maxLength": 2})"));
  EXPECT_TRUE(errors_of(s, "\"\xF0\x9F\x98\x80\xC3\xA9\"").empty());  // 2 code points, 6 bytes
  EXPECT_EQ(errors_of(s, "\"\xF0\x9F\x98\x80\"")[0].message, "string of 1 characters is shorter than minLength 2");
  EXPECT_EQ(errors_of(s, "\"abc\"")[0].message, "string of 3 characters is longer than maxLength 2");
}

TEST(SchemaValidate, UniqueItemsUsesJsonEquality) {
  CompiledSchema s = compile(json::parse(R"({"uniqueItems": true})"));
  EXPECT_EQ(errors_of(s, "[1, 1.0]")[0].message, "items 0 and 1 are equal (uniqueItems)");
  EXPECT_EQ(errors_of(s, R"([{"a": 1, "b": [2]}, {"b": [2.0], "a": 1}])").size(), 1u);
  EXPECT_TRUE(errors_of(s, R"([{"a": 1}, {"a": 2}, [1], [true], 0, false, null, ""])").empty());
  // Long arrays go through hashing: 200 distinct items, then one repeat.
  std::string many = "[";
  for (int i = 0; i < 200; ++i) many += std::to_string(i) + (i % 2 ? ".5," : ",");
  EXPECT_TRUE(errors_of(s, many.substr(0, many.size() - 1) + "]").empty());
  EXPECT_EQ(errors_of(s, many + "150]")[0].message, "items 150 and 200 are equal (uniqueItems)");
}

TEST(SchemaValidate, EnumAndConstUseJsonEquality) {
  CompiledSchema s = compile(json::parse(R"({"enum": [1, "a", {"k": [null]}]})"));
  EXPECT_TRUE(errors_of(s, "1.0").empty());
  EXPECT_TRUE(errors_of(s, R"({"k": [null]})").empty());
  EXPECT_EQ(errors_of(s, "true")[0].message, R"(true is not one of [1, "a", {"k":[null]}])");
  EXPECT_EQ(errors_of(compile(json::parse(R"({"const": 2})")), "3")[0].message, "3 is not the constant 2");
}

TEST(SchemaValidate, MaxErrorsStopsReporting) {
  CompiledSchema s = compile(json::parse(R"({"items": {"type": "string"}})"));
  Instance instance("[1, 2, 3, 4, 5]");
  std::vector<SchemaError> errors;
  EXPECT_FALSE(s.validate(instance.element(), &errors, 2));
  EXPECT_EQ(errors.size(), 2u);
}

TEST(SchemaValidate, ValidatesPythonDialectValues) {
  CompiledSchema s = compile(json::parse(R"({"items": {"type": "number", "maximum": 1e300}})"));
  tc::json::Parser parser;
  tc::json::ParseResult r = parser.parse("[NaN, 12345678901234567890123, 1]");
  ASSERT_TRUE(r.ok);
  std::vector<SchemaError> errors;
  EXPECT_TRUE(s.validate(r.value, &errors));  // NaN compares unordered, like Python's jsonschema
  r = parser.parse("[Infinity]");
  EXPECT_FALSE(s.validate(r.value, &errors));
  EXPECT_EQ(errors[0].instance_pointer, "/0");
}

TEST(SchemaValidate, PropertyNamesSeeKeysAsStrings) {
  CompiledSchema s = compile(json::parse(R"({"propertyNames": {"pattern": "^[a-z]+$", "maxLength": 3}})"));
  auto errors = errors_of(s, R"({"abc": 1, "Ab": 2, "abcd": 3})");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].instance_pointer, "/Ab");
  EXPECT_EQ(errors[0].message, "\"Ab\" does not match the pattern \"^[a-z]+$\"");
  EXPECT_EQ(errors[1].schema_path, "/propertyNames/maxLength");
}

TEST(SchemaValidate, DependenciesBothForms) {
  CompiledSchema s = compile(json::parse(R"({"dependencies": {"a": ["b"], "c": {"required": ["d"]}}})"));
  auto errors = errors_of(s, R"({"a": 1, "c": 2})");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "property \"a\" requires property \"b\" (dependencies)");
  EXPECT_EQ(errors[0].schema_path, "/dependencies/a");
  EXPECT_EQ(errors[1].schema_path, "/dependencies/c/required");
}

TEST(SchemaValidate, RefsResolveThroughIdsAndTheResolver) {
  Resolver resolver = [](const std::string& uri) -> std::optional<json> {
    if (uri == "http://example.com/defs.json") return json::parse(R"({"definitions": {"pos": {"minimum": 0}}})");
    return std::nullopt;
  };
  CompiledSchema s = compile(json::parse(R"({
    "$id": "http://example.com/root.json",
    "properties": {
      "a": {"$ref": "defs.json#/definitions/pos"},
      "b": {"$ref": "#item"},
      "c": {"$ref": "http://example.com/nested/x.json"}
    },
    "definitions": {
      "i": {"$id": "#item", "type": "integer"},
      "n": {"$id": "nested/x.json", "type": "string"}
    }
  })"),
                             resolver);
  auto errors = errors_of(s, R"({"a": -1, "b": "x", "c": 1})");
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].schema_path, "http://example.com/defs.json#/definitions/pos/minimum");
  EXPECT_EQ(errors[1].schema_path, "/definitions/i/type");
  EXPECT_EQ(errors[2].schema_path, "/definitions/n/type");
}

TEST(SchemaValidate, AStringEnumReportsItsTypeAndThenItsValues) {
  // Subschemas of "enum" (strings) and "type" alone are checked inline
  // (Subschema::string_enum): the errors are those of the general path.
  CompiledSchema s = compile(json::parse(R"({
    "properties": {"ph": {"type": "string", "enum": ["X", "B"]}, "k": {"enum": ["a"]}}
  })"));
  EXPECT_TRUE(errors_of(s, R"({"ph": "B", "k": "a"})").empty());
  auto errors = errors_of(s, R"({"ph": 1, "k": "b"})");  // properties in the schema's (sorted) order
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].instance_pointer, "/k");
  EXPECT_EQ(errors[0].schema_path, "/properties/k/enum");
  EXPECT_EQ(errors[1].schema_path, "/properties/ph/type");
  EXPECT_EQ(errors[1].message, "expected string, got integer 1");
  EXPECT_EQ(errors[2].schema_path, "/properties/ph/enum");
  EXPECT_EQ(errors[2].message, "1 is not one of [\"X\", \"B\"]");
  errors = errors_of(s, R"({"ph": "Q"})");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].schema_path, "/properties/ph/enum");
  // The same at the root.
  CompiledSchema root = compile(json::parse(R"({"type": "string", "enum": ["a"]})"));
  EXPECT_TRUE(errors_of(root, R"("a")").empty());
  EXPECT_EQ(errors_of(root, "null").size(), 2u);
  EXPECT_EQ(errors_of(root, R"("b")").at(0).schema_path, "/enum");
}

TEST(SchemaAt, APlaceValidatesAsARefToItCompiledOnItsOwn) {
  const json document = json::parse(R"({
    "type": "object",
    "properties": {
      "ts": {"type": "number", "minimum": 0},
      "args": {"$ref": "#/definitions/args"},
      "a~1b": {"type": "object", "required": ["x"], "additionalProperties": {"type": "string"}}
    },
    "definitions": {"args": {"type": "array", "items": {"type": "integer"}}}
  })");
  const CompiledSchema whole = compile(document);
  const std::vector<std::string> instances = {"1", "-1", "\"x\"", "[1, 2]", "[1, 2.5, \"z\"]", "{}",
                                              R"({"x": "a", "y": 3})", "null"};
  for (const char* place : {"/properties/ts", "/properties/args", "/definitions/args",
                            "/definitions/args/items", "/properties/a~01b"}) {
    SCOPED_TRACE(place);
    std::optional<CompiledSchema> part = whole.at(place);
    ASSERT_TRUE(part.has_value());
    json alone = document;  // $ref's siblings are ignored: only the ref decides
    alone["$ref"] = std::string("#") + place;
    const CompiledSchema reference = compile(alone);
    for (const std::string& text : instances) {
      SCOPED_TRACE(text);
      const std::vector<SchemaError> got = errors_of(*part, text), want = errors_of(reference, text);
      ASSERT_EQ(got.size(), want.size());
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i].instance_pointer, want[i].instance_pointer);
        EXPECT_EQ(got[i].schema_path, want[i].schema_path);
        EXPECT_EQ(got[i].message, want[i].message);
      }
    }
  }
  // The whole schema is untouched by the parts taken from it.
  EXPECT_EQ(errors_of(whole, R"({"ts": -1})").at(0).schema_path, "/properties/ts/minimum");
}

TEST(SchemaAt, PlacesInOtherDocumentsAreNamedByTheirUri) {
  Resolver resolver = [](const std::string& uri) -> std::optional<json> {
    if (uri == "http://example.com/defs.json") return json::parse(R"({"type": "integer", "minimum": 3})");
    return std::nullopt;
  };
  const CompiledSchema whole =
      compile(json::parse(R"({"$id": "http://example.com/root.json", "items": {"$ref": "defs.json"}})"), resolver);
  std::optional<CompiledSchema> other = whole.at("http://example.com/defs.json#");
  ASSERT_TRUE(other.has_value());
  EXPECT_TRUE(errors_of(*other, "4").empty());
  auto errors = errors_of(*other, "2");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].schema_path, "http://example.com/defs.json#/minimum");
  EXPECT_TRUE(whole.at("/items").has_value());
}

TEST(SchemaAt, AnUncompiledPlaceIsNone) {
  const CompiledSchema whole = compile(json::parse(R"({"properties": {"a": {"type": "string"}}})"));
  EXPECT_FALSE(whole.at("/properties/b").has_value());
  EXPECT_FALSE(whole.at("/properties").has_value());  // a keyword's value, not a schema
  EXPECT_FALSE(whole.at("properties/a").has_value());
  EXPECT_TRUE(whole.at("").has_value());
}

TEST(SchemaValidate, TheMetaschemaIsBuiltIn) {
  CompiledSchema meta = compile(json::parse(R"({"$ref": "http://json-schema.org/draft-07/schema#"})"));
  EXPECT_TRUE(errors_of(meta, R"({"type": "object", "properties": {"a": {"minimum": 1}}})").empty());
  auto errors = errors_of(meta, R"({"minLength": -1, "type": "strin"})");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].instance_pointer, "/minLength");
  EXPECT_EQ(errors[0].schema_path,
            "http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger/minimum");
  EXPECT_EQ(errors[1].instance_pointer, "/type");
  EXPECT_EQ(errors[1].schema_path, "http://json-schema.org/draft-07/schema#/properties/type/anyOf");
}

TEST(SchemaValidate, RecursionWithoutProgressIsStopped) {
  CompiledSchema s = compile(json::parse(R"({"allOf": [{"$ref": "#"}]})"));
  auto errors = errors_of(s, "1");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "the schema recurses 200 times here without going deeper into the value");
}

// Branches that recurse at one place would double the work at each of the
// 200 levels: the evaluations there are counted in all and stopped, with
// and without errors, whatever keyword branches.
TEST(SchemaValidate, BranchingRecursionWithoutProgressIsStopped) {
  for (const char* text : {R"({"anyOf": [{"$ref": "#"}, {"$ref": "#"}]})",
                           R"({"oneOf": [{"$ref": "#"}, {"$ref": "#"}, {"$ref": "#"}]})",
                           R"({"not": {"anyOf": [{"$ref": "#"}, {"$ref": "#"}]}})",
                           R"({"allOf": [{"$ref": "#"}, {"$ref": "#"}]})",
                           R"({"if": {"$ref": "#"}, "then": {"$ref": "#"}, "else": {"$ref": "#"}})",
                           R"({"items": {"anyOf": [{"$ref": "#/items"}, {"$ref": "#/items"}]}})"}) {
    SCOPED_TRACE(text);
    CompiledSchema s = compile(json::parse(text));
    simdjson::dom::parser parser;
    for (const char* instance : {"1", "[1]"}) {
      simdjson::dom::element e = parser.parse(simdjson::padded_string(std::string(instance))).value();
      s.validate(e);  // returns: the verdict is whatever the limits leave
      std::vector<SchemaError> errors;
      s.validate(e, &errors, 100);
      EXPECT_LE(errors.size(), 100u);
      errors.clear();
      s.validate(e, &errors);  // every error: as many as the evaluations allowed, at most
      EXPECT_LE(errors.size(), 100000u + 1000u);
    }
  }
  CompiledSchema twice = compile(json::parse(R"({"anyOf": [{"$ref": "#"}, {"$ref": "#"}]})"));
  auto errors = errors_of(twice, "1");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].message.find("the schema takes more than 100000 evaluations here"), std::string::npos)
      << errors[0].message;
}

TEST(SchemaValidate, RecursiveSchemasFollowDeepInstances) {
  // 1000 nested arrays, close to simdjson's depth limit (1024); each level
  // costs several nested evaluations (allOf, two $refs, items). ASan's
  // frames are many times larger: there the stack guard stops at ~400.
#if defined(__SANITIZE_ADDRESS__)
  constexpr size_t kDepth = 250;
#else
  constexpr size_t kDepth = 1000;
#endif
  std::string deep = std::string(kDepth, '[') + "1" + std::string(kDepth, ']');
  CompiledSchema s = compile(json::parse(R"({
    "$ref": "#/definitions/a",
    "definitions": {
      "a": {"allOf": [{"$ref": "#/definitions/b"}]},
      "b": {"items": {"$ref": "#/definitions/a"}, "type": ["array", "integer"], "maximum": 1}
    }
  })"));
  EXPECT_TRUE(errors_of(s, deep).empty());
  std::string bad = std::string(kDepth, '[') + "2" + std::string(kDepth, ']');
  auto errors = errors_of(s, bad);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "2 is greater than the maximum 1");
  EXPECT_EQ(errors[0].instance_pointer.size(), 2 * kDepth);  // "/0" at every level
}

TEST(SchemaValidate, DeepRecursionStopsBeforeTheStackEnds) {
  // On a 512 KB thread stack, 1000 nested arrays under a recursive schema
  // cannot all be evaluated: the result is an error, not a crash.
  CompiledSchema s = compile(json::parse(R"({"items": {"allOf": [{"$ref": "#"}]}})"));
  Instance deep(std::string(1000, '[') + std::string(1000, ']'));
  struct Job {
    const CompiledSchema* schema;
    simdjson::dom::element element;
    std::vector<SchemaError> errors;
    bool ok = true;
  } job{&s, deep.element(), {}};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 512 << 10);
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attr,
                [](void* p) -> void* {
                  auto* j = static_cast<Job*>(p);
                  j->ok = j->schema->validate(j->element, &j->errors);
                  return nullptr;
                },
                &job),
            0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  EXPECT_FALSE(job.ok);
  ASSERT_EQ(job.errors.size(), 1u);
  EXPECT_NE(job.errors[0].message.find("too deep for the stack"), std::string::npos) << job.errors[0].message;
}

TEST(SchemaCompile, LoadErrorsNameTheirPlace) {
  EXPECT_EQ(load_error(json::parse(R"({"properties": {"a": {"type": "strin"}}})")),
            "/properties/a/type: unknown type \"strin\" (draft 7 knows null, boolean, integer, number, string, "
            "array, object)");
  EXPECT_EQ(load_error(json::parse(R"({"minLength": -1})")), "/minLength: must be a non-negative integer, not -1");
  EXPECT_EQ(load_error(json::parse(R"({"multipleOf": 0})")),
            "/multipleOf: multipleOf must be a number above 0, not 0");
  EXPECT_EQ(load_error(json::parse(R"({"items": [1]})")),
            "/items/0: a schema must be an object or a boolean, not 1");
  EXPECT_EQ(load_error(json::parse(R"({"$ref": "#/definitions/missing"})")),
            "/$ref: $ref \"#/definitions/missing\": the pointer names nothing (no \"definitions\")");
  EXPECT_EQ(load_error(json::parse(R"({"$ref": "http://example.com/x.json"})")),
            "/$ref: $ref names \"http://example.com/x.json\", which no schema document provides (remote documents "
            "come only from the resolver)");
  EXPECT_EQ(load_error(json::parse(
                R"({"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}}})")),
            "/definitions/a/$ref: circular $ref: this chain of $refs leads back to itself");
  EXPECT_NE(load_error(json::parse(R"j({"patternProperties": {"(?!x)": {}}})j"))
                .find("/patternProperties/(?!x): pattern"),
            std::string::npos);
  EXPECT_NE(
      load_error(json::parse(R"({"$schema": "http://json-schema.org/draft-04/schema#"})")).find("not supported"),
      std::string::npos);
}

TEST(SchemaCompile, ListsUnknownKeywords) {
  CompiledSchema s =
      compile(json::parse(R"({"requried": ["a"], "properties": {"a": {"tpye": "string", "title": "x"}}})"));
  std::vector<std::string> unknown = s.unknown_keywords();
  std::sort(unknown.begin(), unknown.end());
  EXPECT_EQ(unknown, (std::vector<std::string>{"/properties/a/tpye", "/requried"}));
}

TEST(SchemaCompile, AcceptsIntegralFloatsAsCounts) {
  CompiledSchema s = compile(json::parse(R"({"maxLength": 2.0})"));
  EXPECT_FALSE(errors_of(s, "\"abc\"").empty());
  EXPECT_TRUE(errors_of(compile(json::parse(R"({"maxItems": 1e30})")), "[1, 2]").empty());
  EXPECT_NE(load_error(json::parse(R"({"maxItems": 2.5})")).find("non-negative integer"), std::string::npos);
}

}  // namespace schema_test
}  // namespace tc::schema
