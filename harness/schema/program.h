// The compiled form of a schema: a tree of small check nodes (internal).
//
// A Subschema holds its checks split by the instance type they apply to,
// so evaluation looks at the instance's type once and runs only relevant
// checks. Check payloads are plain data: the evaluator (schema/evaluator.h)
// switches on Check::op; there is no virtual dispatch on the hot path.
// Every check carries its keyword's location for error reports, made at
// compile time so a failure costs no path building on the schema side.
#pragma once

#include <re2/re2.h>

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "schema/key_index.h"
#include "schema/number.h"
#include "schema/type_bits.h"

namespace tc::schema::detail {

// Grouped by the instance type they apply to; the evaluator dispatches on
// the group boundaries (Ref, MultipleOf, Pattern, UniqueItems), so keep
// each group together and those four last in theirs.
enum class Op : uint8_t {
  // Any type.
  Enum,
  EnumStrings,
  Const,
  AllOf,
  AnyOf,
  OneOf,
  Not,
  IfThenElse,
  Ref,
  // Numbers.
  Minimum,
  Maximum,
  ExclusiveMinimum,
  ExclusiveMaximum,
  MultipleOf,
  // Strings.
  MinLength,
  MaxLength,
  Pattern,
  // Arrays.
  Items,
  TupleItems,
  Contains,
  MinItems,
  MaxItems,
  UniqueItems,
  // Objects.
  Object,
  PropertyNames,
  Dependencies,
  MinProperties,
  MaxProperties,
};

struct Subschema;

struct Check {
  explicit Check(Op o, std::string p) : op(o), path(std::move(p)) {}
  virtual ~Check() = default;  // ownership only; evaluation switches on op
  Op op;
  std::string path;  // the keyword's location, e.g. "/properties/ts/minimum"
};

struct BoundCheck : Check {  // minimum, maximum, exclusive*
  using Check::Check;
  Number bound;
};

struct MultipleOfCheck : Check {
  using Check::Check;
  Number divisor;
  MultipleOf test;
};

struct CountCheck : Check {  // min/max Length, Items, Properties
  using Check::Check;
  uint64_t limit = 0;
};

struct PatternCheck : Check {
  using Check::Check;
  std::unique_ptr<RE2> re;
  std::string source;
};

struct EnumCheck : Check {  // enum (any values) and const (one value)
  using Check::Check;
  std::vector<nlohmann::json> values;
};

struct EnumStringsCheck : Check {  // enum whose values are all strings
  using Check::Check;
  KeyIndex index;
  std::vector<nlohmann::json> values;  // for messages
};

struct SubCheck : Check {  // not, $ref, contains, propertyNames, items (one schema)
  using Check::Check;
  const Subschema* sub = nullptr;
};

// An allOf whose every branch is {"if": {"properties": {K: {"enum" or
// "const": strings}}, "required"?: [K]}, "then": S} with one key K (Chrome
// events by "ph", execution traces by "schema"): on an object, the branches
// whose `if` holds are known from the string at K, so one lookup picks their
// `then`s instead of evaluating every `if` (schema/dispatch.cpp builds it).
struct Dispatch {
  std::string key;                                      // K
  KeyIndex values;                                      // string at K -> position in by_value
  std::vector<std::vector<const Subschema*>> by_value;  // the `then`s that apply, in allOf order
  std::vector<const Subschema*> when_missing;           // `then`s of ifs that do not require K
};

struct SubsCheck : Check {  // allOf, anyOf, oneOf
  using Check::Check;
  std::vector<const Subschema*> subs;
  std::unique_ptr<Dispatch> dispatch;  // allOf only, when its branches have that form
};

struct IfCheck : Check {
  using Check::Check;
  const Subschema* if_ = nullptr;
  const Subschema* then_ = nullptr;  // null: no constraint
  const Subschema* else_ = nullptr;
};

struct TupleItemsCheck : Check {  // items: [...] with additionalItems
  using Check::Check;
  std::vector<const Subschema*> items;
  const Subschema* additional = nullptr;  // null: anything goes
};

// properties, patternProperties, additionalProperties and required fused
// into one pass over the instance's members.
struct ObjectCheck : Check {
  using Check::Check;
  struct Property {
    std::string name;
    const Subschema* schema = nullptr;  // null: only named by required
    bool required = false;
  };
  struct PatternProperty {
    std::unique_ptr<RE2> re;
    const Subschema* schema = nullptr;
  };
  std::vector<Property> properties;
  KeyIndex index;  // name -> position in properties
  std::vector<PatternProperty> patterns;
  const Subschema* additional = nullptr;  // null: no additionalProperties
  std::vector<uint32_t> required;         // positions in properties
  std::string required_path;
  // Few named properties and nothing for the others: look each one up
  // instead of walking every member (if/then schemas name one or two).
  bool lookup = false;
};

struct DependenciesCheck : Check {
  using Check::Check;
  struct Dependency {
    std::string name;
    std::vector<std::string> required;  // array form
    const Subschema* schema = nullptr;  // schema form
    std::string path;                   // "/dependencies/name"
  };
  std::vector<Dependency> dependencies;
};

using CheckList = std::vector<std::unique_ptr<Check>>;

struct Subschema {
  std::string location;   // JSON pointer (root document) or "URI#pointer"
  bool is_false = false;  // the schema false
  // "type", folded in: the cheapest check and the most common one.
  uint8_t types = kAnyTypeBits;
  std::string type_path;
  // Checks by the instance type they apply to (owned here)...
  CheckList any, number, string, array, object;
  // ...and what runs for each instance Kind (adapters.h order): `any`
  // first, then that kind's list. One loop per evaluation.
  std::vector<const Check*> plan[6];
  void make_plan();
  // Nothing but (maybe) "type": evaluated inline by the caller. Set once
  // the subschema is complete (make_plan, or compile() for booleans).
  bool leaf = false;
  bool type_only() const { return leaf; }
  // Its "enum" when that (all strings) and "type" are all it says: checked
  // inline by the caller as well (a Chrome event's "ph", Kineto's flags).
  const EnumStringsCheck* string_enum = nullptr;
};

struct Program {
  std::deque<Subschema> subschemas;  // stable addresses; [0] is the root
  const Subschema* root = nullptr;
  // Every place compiled, by its SchemaNode::location ("/a/b" in the root
  // document, "URI#/a/b" elsewhere): a $ref's place names its target.
  // CompiledSchema::at() starts evaluation there.
  std::unordered_map<std::string, const Subschema*> by_location;
  std::vector<std::string> unknown_keywords;
};

// Gives every allOf of the discriminated form above its Dispatch; run once
// the whole program is compiled (branches may be cycles until then).
void add_dispatch(Program& program);

// Seals every KeyIndex of the program (lookups without probing); run last,
// once nothing more is added to them.
void seal_indexes(Program& program);

}  // namespace tc::schema::detail
