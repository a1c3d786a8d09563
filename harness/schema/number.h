// JSON numbers as the validator compares them.
//
// Contract: comparisons are exact across int64, uint64 and double (no
// rounding through a common type), so 1 == 1.0 and 2^63 compares right;
// a NaN compares unordered, so bounds never reject it (Python's jsonschema
// behaves the same). multipleOf is decided on the decimal values the
// numbers print as (shortest round-trip form), so 0.0075 is a multiple of
// 0.0001 although the binary quotient is 74.99999999999999.
#pragma once

#include <cstdint>
#include <string>

namespace tc::schema {

// 16 bytes, so it travels in registers (a larger one went through memory
// and cost a store-forwarding stall per number validated).
struct Number {
  enum class Tag : uint8_t { Int, Uint, Float };
  Tag tag = Tag::Int;
  union {
    int64_t i = 0;  // Tag::Int
    uint64_t u;     // Tag::Uint (only values above INT64_MAX need it, but any is fine)
    double d;       // Tag::Float
  };

  static Number of(int64_t v) {
    Number n;
    n.i = v;
    return n;
  }
  static Number of(uint64_t v) {
    Number n;
    n.tag = Tag::Uint;
    n.u = v;
    return n;
  }
  static Number of(double v) {
    Number n;
    n.tag = Tag::Float;
    n.d = v;
    return n;
  }

  bool is_integral() const;  // true for integers and finite doubles without fraction
  double to_double() const;
  std::string to_string() const;  // shortest form, for messages
};

enum class Order : int8_t { Less = -1, Equal = 0, Greater = 1, Unordered = 2 };
Order compare(const Number& a, const Number& b);

// A positive divisor prepared once at schema load.
class MultipleOf {
 public:
  // False when `divisor` is not a finite number > 0.
  bool set(const Number& divisor);
  bool divides(const Number& x) const;

 private:
  uint64_t mantissa_ = 1;  // divisor = mantissa_ * 10^exponent_
  int exponent_ = 0;
};

}  // namespace tc::schema
