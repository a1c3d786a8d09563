// A model of serde's derive(Deserialize) reading serde_json, precise enough
// to decide whether tlparse accepts a JSON value as one of its Rust types.
//
// Contract (serde 1.x semantics, checked against tlparse 0.4.3's types.rs):
//  - structs accept an object (unknown keys ignored, a repeated known key is
//    "duplicate field", a missing field that is neither Option nor
//    #[serde(default)] is "missing field") or, without #[serde(flatten)], an
//    array of exactly one element per field;
//  - Option<T> accepts null as None; integers must fit their Rust type (an
//    integer beyond u64/i64 is a float to serde_json); f64 accepts any finite
//    number; SymInt is untagged (i64 or string);
//  - Mode::Buffered is reading inside a struct with #[serde(flatten)]: serde
//    first buffers every value, so every number anywhere must fit a double
//    and nesting must stay under serde_json's recursion limit (127 levels).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "json/value.h"

namespace tc::formats::torch_trace::serde {

enum class Kind : uint8_t { Any, Bool, U32, U64, I32, I64, F64, String, SymInt, Option, Vec, Map, Tuple, Struct };

struct Field;

struct Type {
  Kind kind = Kind::Any;
  const Type* inner = nullptr;    // Option, Vec, Map (value type)
  const Field* fields = nullptr;  // Struct fields, Tuple elements
  size_t field_count = 0;
  bool has_flatten = false;  // Struct with #[serde(flatten)]: no sequence form
  const char* name = "";     // Rust name, for messages
};

struct Field {
  std::string_view name;
  const Type* type;
  bool has_default = false;  // #[serde(default)]
};

enum class Mode { Direct, Buffered };

struct Failure {
  std::string pointer;
  std::string message;
};

struct Context {
  Mode mode = Mode::Direct;
  const std::vector<std::string>* duplicates = nullptr;  // pointers of repeated keys
  std::vector<Failure> failures;
  size_t max_failures = 8;
};

// serde_json's recursion limit: nesting 128 deep fails.
constexpr int kMaxDepth = 127;

// Appends the reasons `value` is not a `type` to ctx.failures (pointers
// relative to `pointer`); true when there is none.
bool check(const json::Value& value, const Type& type, Context& ctx, std::string pointer = {});

// Mode::Buffered's checks of everything: nesting depth and numbers beyond
// double range. Appends to ctx.failures.
void check_buffered_values(const json::Value& value, Context& ctx, std::string pointer = {});

// "integer -1", "string \"x\"", "object", ... as serde names what it found.
std::string describe(const json::Value& v);

}  // namespace tc::formats::torch_trace::serde
