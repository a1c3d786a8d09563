// Where the evaluator stands in the instance, and how a failure becomes a
// SchemaError (internal).
//
// Contract: a Frame lives on the evaluator's stack, one per step into the
// instance, so tracking the path costs no allocation; the JSON pointer is
// only spelled out by report(), i.e. only when something fails and errors
// are wanted.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "schema/adapters.h"
#include "schema/schema.h"

namespace tc::schema::detail {

// Member names are kept as (pointer, size), not std::string_view: GCC
// copied a string_view into the frame through a 16-byte reload of two
// 8-byte stores, a store-forwarding stall on every member of every object.
struct Frame {
  const Frame* parent = nullptr;
  const char* key = nullptr;  // member name, when !is_index
  size_t size = 0;            // its length in bytes, or the array position when is_index
  bool is_index = false;

  static Frame member(const Frame* parent, const char* key, size_t size) { return {parent, key, size, false}; }
  static Frame item(const Frame* parent, size_t index) { return {parent, nullptr, index, true}; }
};

struct Ctx {
  std::vector<SchemaError>* errors = nullptr;  // null: stop at the first failure, report nothing
  int depth = 0;                               // nested subschema evaluations
  size_t max_errors = static_cast<size_t>(-1);  // report() clears `errors` on reaching it
};

// Far beyond any sane schema, well within an 8 MB stack.
constexpr int kMaxDepth = 2000;

std::string instance_pointer(const Frame* f);
void report(Ctx& c, const Frame* f, const std::string& schema_path, std::string message);

// Reports a failure whose message `make()` builds only when errors are
// wanted: silent evaluation (anyOf branches, if) must not format anything.
template <class MakeMessage>
void fail(Ctx& c, const Frame* f, const std::string& schema_path, MakeMessage&& make) {
  if (c.errors) report(c, f, schema_path, make());
}

// A value as shown in a message: compact JSON, cut to about 60 bytes.
std::string shorten(std::string rendered);
// "integer", "string or null", ...
std::string type_names(uint8_t mask);
const char* kind_name(Kind k, bool integral);

}  // namespace tc::schema::detail
