// Where the evaluator stands in the instance, and how a failure becomes a
// SchemaError (internal).
//
// Contract: a Frame lives on the evaluator's stack, one per step into the
// instance, so tracking the path costs no allocation; the JSON pointer is
// only spelled out by report(), i.e. only when something fails and errors
// are wanted.
#pragma once

#include <cstdint>
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
  std::vector<SchemaError>* errors = nullptr;   // null: stop at the first failure, report nothing
  int depth = 0;                                // nested subschema evaluations in all
  int stalled = 0;                              // nested evaluations since the last step into the instance
  size_t max_errors = static_cast<size_t>(-1);  // report() clears `errors` on reaching it
  const char* stack_floor = nullptr;            // evaluation stops below this address
  bool probing = false;  // collecting errors only to pick anyOf/oneOf's closest branch
  // Evaluations at this place of the instance so far, shared with the
  // silent branches (anyOf, oneOf, not, if) evaluated here; null: uncounted.
  uint64_t* evaluated = nullptr;
};

// A schema that recurses without stepping into the instance ({"allOf":
// [{"$ref": "#"}]}) never ends: it is stopped after kMaxStalled nested
// evaluations at one place. Deep instances with recursive schemas are
// bounded by the stack itself: evaluation stops (with an error) when less
// than kStackReserve bytes of this thread's stack remain, whatever the
// frame sizes of the build (sanitizers make them several times larger).
// Branches multiply that: {"anyOf": [{"$ref": "#"}, {"$ref": "#"}]} would
// take 2^200 evaluations, so the evaluations at one place are counted too,
// in all, and stopped past kMaxEvaluatedHere (no real schema comes near: a
// Chrome event takes a few dozen).
constexpr int kMaxStalled = 200;
constexpr uint64_t kMaxEvaluatedHere = 100000;
constexpr size_t kStackReserve = 256 << 10;

// The lowest address evaluation may reach on this thread (computed once
// per thread); null when the stack cannot be found.
const char* stack_floor();

inline bool near_stack_end(const Ctx& c) {
  return static_cast<const char*>(__builtin_frame_address(0)) < c.stack_floor;
}

std::string instance_pointer(const Frame* f);
void report(Ctx& c, const Frame* f, const std::string& schema_path, std::string message);

// Reports a failure whose message `make()` builds only when errors are
// wanted: silent evaluation (anyOf branches, if) must not format anything.
// The message is built out of line (cold), so formatting code never
// bloats the evaluator's hot functions and GCC keeps inlining the rest.
template <class MakeMessage>
[[gnu::noinline, gnu::cold]] void report_with(Ctx& c, const Frame* f, const std::string& schema_path,
                                              MakeMessage& make) {
  report(c, f, schema_path, make());
}
template <class MakeMessage>
inline void fail(Ctx& c, const Frame* f, const std::string& schema_path, MakeMessage&& make) {
  if (c.errors) [[unlikely]]
    report_with(c, f, schema_path, make);
}

// A value as shown in a message: compact JSON, cut to about 60 bytes.
std::string shorten(std::string rendered);
// "integer", "string or null", ...
std::string type_names(uint8_t mask);
const char* kind_name(Kind k, bool integral);

}  // namespace tc::schema::detail
