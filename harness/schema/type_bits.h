// JSON Schema's instance types as a bit set (internal): a Subschema's
// folded "type" keyword is a mask of them, and each adapter gives a value's
// own bits (schema/adapters.h), so the keyword is one AND.
#pragma once

#include <cstdint>

namespace tc::schema::detail {

// "integer" is a subset of "number": the compiler gives "number" both bits,
// and an integer value carries both, so that a mask holds a value exactly
// when they share a bit, except a float under "integer" alone (1.0 is an
// integer: decided by its value).
enum TypeBit : uint8_t {
  kNullBit = 1,
  kBoolBit = 2,
  kIntegerBit = 4,
  kNumberBit = 8,
  kStringBit = 16,
  kArrayBit = 32,
  kObjectBit = 64,
  kAnyTypeBits = 127,
};

}  // namespace tc::schema::detail
