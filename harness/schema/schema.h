// A JSON Schema draft-07 validator of our own.
//
// A schema (an nlohmann::json document) is compiled once into a program, a
// tree of small check nodes (schema/program.h); the program then validates
// any number of instances: simdjson DOM elements on the hot path, or
// tc::json::Value (big integers, NaN) where simdjson gives up.
//
// Contract:
//  - all of draft 7's validation keywords; "format" is an annotation only
//    (never rejects), as draft 7 allows; content* likewise;
//  - pattern/patternProperties run on RE2 (schema/ecma_regex.h): a pattern
//    RE2 cannot express is a SchemaLoadError that says why;
//  - $ref resolves against $id base URIs, JSON pointers (~0, ~1, percent
//    escapes) and plain-name fragments; documents other than the root come
//    from the built-in draft-07 metaschema or from the Resolver, never from
//    the network; $ref siblings are ignored, as draft 7 says;
//  - numbers compare exactly across int64/uint64/double (1 == 1.0, 1.0 is
//    an integer); multipleOf is decided on decimal values (schema/number.h);
//    string lengths count code points;
//  - validate() is const and thread-safe; with `errors` null it stops at the
//    first failure and allocates nothing on the way (uniqueItems on arrays of
//    more than 32 items excepted); with `errors` set it reports every failing
//    keyword (anyOf/oneOf/not/if report one error for the keyword, not their
//    branches' errors; when no branch matches, the message names the closest
//    branch and its first error);
//  - recursion is bounded: a schema that recurses 200 times without stepping
//    into the instance, or takes more than 100000 evaluations at one place
//    of it (branches that recurse: {"anyOf": [{"$ref": "#"}, {"$ref": "#"}]}),
//    or evaluation that nears the end of the thread's stack, fails with an
//    error saying so, never a crash or a hang.
#pragma once

#include <simdjson.h>

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "json/value.h"

namespace tc::schema {

struct SchemaError {
  std::string instance_pointer;  // RFC 6901 pointer into the instance; "" is the instance itself
  // The failing keyword's place in the schema: a JSON pointer into the root
  // schema ("/properties/ts/minimum"), or "URI#/pointer" in another document.
  std::string schema_path;
  std::string message;
};

// A schema that cannot be compiled: wrong keyword value, unresolvable $ref,
// a pattern RE2 cannot run, an unsupported $schema dialect.
class SchemaLoadError : public std::runtime_error {
 public:
  SchemaLoadError(std::string location, const std::string& message)
      : std::runtime_error(message), location_(std::move(location)) {}
  // Where in the schema, in the form of SchemaError::schema_path.
  const std::string& location() const { return location_; }

 private:
  std::string location_;
};

// Returns the schema document named by an absolute URI (without fragment),
// or nullopt when it knows none. It may throw SchemaLoadError.
using Resolver = std::function<std::optional<nlohmann::json>(const std::string& uri)>;

struct CompileOptions {
  // Base URI of a root schema without $id (relative $refs resolve against
  // it), e.g. "file:///abs/path/schema.json".
  std::string base_uri;
};

namespace detail {
struct Program;
struct Subschema;
}

class CompiledSchema {
 public:
  // With `errors`, reporting stops once it holds `max_errors` entries (the
  // verdict is still right: false).
  bool validate(simdjson::dom::element instance, std::vector<SchemaError>* errors = nullptr,
                size_t max_errors = kAllErrors) const;
  bool validate(const tc::json::Value& instance, std::vector<SchemaError>* errors = nullptr,
                size_t max_errors = kAllErrors) const;
  static constexpr size_t kAllErrors = static_cast<size_t>(-1);

  // Locations of keywords draft 7 does not define (ignored while validating).
  const std::vector<std::string>& unknown_keywords() const;

  // The schema at `location`, a place this one compiled: a JSON pointer
  // into the root document ("/properties/ts") or "URI#pointer" in a document
  // it reached ("file:///s/event.schema.json#" is that document's root). It
  // shares this one's program, so many entry points into one file cost one
  // compile; it validates as {"$ref": "#" + location} (or the URI's
  // location) compiled on its own would, and its errors name the same
  // keywords; its unknown_keywords() are the whole program's. nullopt when
  // nothing was compiled there (a place under an unknown keyword, or a
  // $ref's ignored siblings).
  std::optional<CompiledSchema> at(std::string_view location) const;

 private:
  friend CompiledSchema compile(nlohmann::json, Resolver, CompileOptions);
  friend class ElementPlanner;  // schema/element_plan.h walks the program
  friend class SchemaPart;      // schema/schema_part.h reads one place of it
  std::shared_ptr<const detail::Program> program_;
  const detail::Subschema* root_ = nullptr;  // where validation starts: the program's root, or at()'s place
};

// Throws SchemaLoadError.
CompiledSchema compile(nlohmann::json schema, Resolver resolver = {}, CompileOptions options = {});

}  // namespace tc::schema
