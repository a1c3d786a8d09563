#include "schema/number.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace tc::schema {
namespace {

TEST(SchemaNumber, ComparesExactlyAcrossRepresentations) {
  EXPECT_EQ(compare(Number::of(int64_t{1}), Number::of(1.0)), Order::Equal);
  EXPECT_EQ(compare(Number::of(uint64_t{1}), Number::of(int64_t{1})), Order::Equal);
  // 2^63 as a double vs INT64_MAX: a naive (double) cast says equal.
  EXPECT_EQ(compare(Number::of(std::numeric_limits<int64_t>::max()), Number::of(9223372036854775808.0)),
            Order::Less);
  EXPECT_EQ(compare(Number::of(uint64_t{18446744073709551615u}), Number::of(18446744073709551616.0)), Order::Less);
  EXPECT_EQ(compare(Number::of(uint64_t{9007199254740993u}), Number::of(9007199254740992.0)), Order::Greater);
  EXPECT_EQ(compare(Number::of(int64_t{-1}), Number::of(uint64_t{0})), Order::Less);
  EXPECT_EQ(compare(Number::of(int64_t{2}), Number::of(2.5)), Order::Less);
  EXPECT_EQ(compare(Number::of(int64_t{-2}), Number::of(-2.5)), Order::Greater);
  EXPECT_EQ(compare(Number::of(std::nan("")), Number::of(int64_t{0})), Order::Unordered);
}

TEST(SchemaNumber, Integrality) {
  EXPECT_TRUE(Number::of(1.0).is_integral());
  EXPECT_TRUE(Number::of(1e300).is_integral());
  EXPECT_FALSE(Number::of(1.5).is_integral());
  EXPECT_FALSE(Number::of(std::numeric_limits<double>::infinity()).is_integral());
  EXPECT_TRUE(Number::of(int64_t{-7}).is_integral());
}

bool multiple(Number x, Number d) {
  MultipleOf m;
  EXPECT_TRUE(m.set(d));
  return m.divides(x);
}

TEST(SchemaNumber, MultipleOfIsDecidedOnDecimalValues) {
  EXPECT_TRUE(multiple(Number::of(0.0075), Number::of(0.0001)));  // 0.0075/0.0001 = 74.99999999999999 in binary
  EXPECT_FALSE(multiple(Number::of(0.00751), Number::of(0.0001)));
  EXPECT_TRUE(multiple(Number::of(4.5), Number::of(1.5)));
  EXPECT_FALSE(multiple(Number::of(35.0), Number::of(1.5)));
  EXPECT_TRUE(multiple(Number::of(0.3), Number::of(0.1)));  // 0.3/0.1 = 2.9999999999999996 in binary
  EXPECT_TRUE(multiple(Number::of(int64_t{10}), Number::of(0.1)));
  EXPECT_TRUE(multiple(Number::of(1e308), Number::of(0.5)));  // the quotient overflows a double
  EXPECT_FALSE(multiple(Number::of(1e-300), Number::of(1e-299)));
  EXPECT_TRUE(multiple(Number::of(1e-299), Number::of(1e-300)));
  EXPECT_TRUE(multiple(Number::of(int64_t{-12}), Number::of(int64_t{4})));
  EXPECT_FALSE(multiple(Number::of(int64_t{7}), Number::of(int64_t{2})));
  EXPECT_TRUE(multiple(Number::of(uint64_t{18446744073709551615u}), Number::of(int64_t{5})));
  EXPECT_TRUE(multiple(Number::of(int64_t{0}), Number::of(0.37)));
  EXPECT_TRUE(multiple(Number::of(1e20), Number::of(int64_t{1000})));
  EXPECT_FALSE(multiple(Number::of(std::nan("")), Number::of(int64_t{1})));
  EXPECT_FALSE(multiple(Number::of(std::numeric_limits<double>::infinity()), Number::of(int64_t{1})));
}

TEST(SchemaNumber, MultipleOfRejectsNonPositiveDivisors) {
  MultipleOf m;
  EXPECT_FALSE(m.set(Number::of(int64_t{0})));
  EXPECT_FALSE(m.set(Number::of(-1.5)));
  EXPECT_FALSE(m.set(Number::of(std::nan(""))));
}

}  // namespace
}  // namespace tc::schema
