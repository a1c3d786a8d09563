#include "schema/number.h"

#include <fmt/format.h>

#include <cmath>

namespace tc::schema {
namespace {

constexpr double kTwo63 = 9223372036854775808.0;
constexpr double kTwo64 = 18446744073709551616.0;

Order sign_order(int c) {
  return c < 0 ? Order::Less : c > 0 ? Order::Greater : Order::Equal;
}

Order flip(Order o) {
  if (o == Order::Less) return Order::Greater;
  if (o == Order::Greater) return Order::Less;
  return o;
}

// Exact int64 vs double.
Order cmp_int_double(int64_t a, double b) {
  if (std::isnan(b)) return Order::Unordered;
  if (b >= kTwo63) return Order::Less;
  if (b < -kTwo63) return Order::Greater;
  double t = std::trunc(b);
  auto ib = static_cast<int64_t>(t);
  if (a != ib) return a < ib ? Order::Less : Order::Greater;
  double frac = b - t;
  return frac > 0 ? Order::Less : frac < 0 ? Order::Greater : Order::Equal;
}

Order cmp_uint_double(uint64_t a, double b) {
  if (std::isnan(b)) return Order::Unordered;
  if (b >= kTwo64) return Order::Less;
  if (b < 0) return Order::Greater;
  double t = std::trunc(b);
  auto ib = static_cast<uint64_t>(t);
  if (a != ib) return a < ib ? Order::Less : Order::Greater;
  return b > t ? Order::Less : Order::Equal;
}

Order cmp_int_uint(int64_t a, uint64_t b) {
  if (a < 0) return Order::Less;
  auto ua = static_cast<uint64_t>(a);
  return ua < b ? Order::Less : ua > b ? Order::Greater : Order::Equal;
}

// |x| as mantissa * 10^exponent, from the shortest decimal form of x.
struct Decimal {
  uint64_t mantissa = 0;
  int exponent = 0;
};

bool to_decimal(const Number& x, Decimal& out) {
  if (x.tag == Number::Tag::Int) {
    out.mantissa = x.i < 0 ? 0 - static_cast<uint64_t>(x.i) : static_cast<uint64_t>(x.i);
    out.exponent = 0;
    return true;
  }
  if (x.tag == Number::Tag::Uint) {
    out = {x.u, 0};
    return true;
  }
  if (!std::isfinite(x.d)) return false;
  char buf[64];
  auto res = fmt::format_to_n(buf, sizeof buf - 1, "{}", std::fabs(x.d));
  const char* p = buf;
  const char* end = res.out;
  uint64_t m = 0;
  int exp = 0, digits = 0;
  bool after_point = false;
  for (; p < end && *p != 'e' && *p != 'E'; ++p) {
    if (*p == '.') {
      after_point = true;
      continue;
    }
    if (m == 0 && *p == '0') {
      if (after_point) --exp;
      continue;
    }
    if (digits >= 19) return false;  // shortest form never has more than 17
    m = m * 10 + static_cast<uint64_t>(*p - '0');
    ++digits;
    if (after_point) --exp;
  }
  if (p < end) {
    int e = 0;
    bool neg = false;
    for (++p; p < end; ++p) {
      if (*p == '-')
        neg = true;
      else if (*p >= '0' && *p <= '9')
        e = e * 10 + (*p - '0');
    }
    exp += neg ? -e : e;
  }
  out = {m, exp};
  return true;
}

using u128 = unsigned __int128;

uint64_t pow10_mod(int k, uint64_t mod) {
  u128 result = 1 % mod, base = 10 % mod;
  while (k > 0) {
    if (k & 1) result = result * base % mod;
    base = base * base % mod;
    k >>= 1;
  }
  return static_cast<uint64_t>(result);
}

}  // namespace

bool Number::is_integral() const {
  if (tag != Tag::Float) return true;
  return std::isfinite(d) && std::trunc(d) == d;
}

double Number::to_double() const {
  switch (tag) {
    case Tag::Int: return static_cast<double>(i);
    case Tag::Uint: return static_cast<double>(u);
    case Tag::Float: return d;
  }
  return 0;
}

std::string Number::to_string() const {
  switch (tag) {
    case Tag::Int: return fmt::format("{}", i);
    case Tag::Uint: return fmt::format("{}", u);
    case Tag::Float: return fmt::format("{}", d);
  }
  return {};
}

Order compare(const Number& a, const Number& b) {
  using T = Number::Tag;
  if (a.tag == T::Int && b.tag == T::Int) return sign_order((a.i > b.i) - (a.i < b.i));
  if (a.tag == T::Uint && b.tag == T::Uint) return sign_order((a.u > b.u) - (a.u < b.u));
  if (a.tag == T::Float && b.tag == T::Float) {
    if (std::isnan(a.d) || std::isnan(b.d)) return Order::Unordered;
    return sign_order((a.d > b.d) - (a.d < b.d));
  }
  if (a.tag == T::Int && b.tag == T::Float) return cmp_int_double(a.i, b.d);
  if (a.tag == T::Float && b.tag == T::Int) return flip(cmp_int_double(b.i, a.d));
  if (a.tag == T::Uint && b.tag == T::Float) return cmp_uint_double(a.u, b.d);
  if (a.tag == T::Float && b.tag == T::Uint) return flip(cmp_uint_double(b.u, a.d));
  if (a.tag == T::Int) return cmp_int_uint(a.i, b.u);
  return flip(cmp_int_uint(b.i, a.u));
}

bool MultipleOf::set(const Number& divisor) {
  if (divisor.tag == Number::Tag::Float && !(divisor.d > 0 && std::isfinite(divisor.d))) return false;
  if (divisor.tag == Number::Tag::Int && divisor.i <= 0) return false;
  if (divisor.tag == Number::Tag::Uint && divisor.u == 0) return false;
  Decimal dec;
  if (!to_decimal(divisor, dec) || dec.mantissa == 0) return false;
  // Strip trailing zeros so the mantissa stays small (10000 = 1e4).
  while (dec.mantissa % 10 == 0) {
    dec.mantissa /= 10;
    ++dec.exponent;
  }
  mantissa_ = dec.mantissa;
  exponent_ = dec.exponent;
  return true;
}

bool MultipleOf::divides(const Number& x) const {
  // Integer fast path: the common "multipleOf": 8 on integer instances.
  if (exponent_ == 0 && x.tag == Number::Tag::Int) {
    uint64_t mag = x.i < 0 ? 0 - static_cast<uint64_t>(x.i) : static_cast<uint64_t>(x.i);
    return mag % mantissa_ == 0;
  }
  Decimal dx;
  if (!to_decimal(x, dx)) return false;  // NaN and infinities are multiples of nothing
  if (dx.mantissa == 0) return true;
  if (dx.exponent >= exponent_) {
    // x / d = mx * 10^k / md
    int k = dx.exponent - exponent_;
    u128 r = (dx.mantissa % mantissa_);
    return r * pow10_mod(k, mantissa_) % mantissa_ == 0;
  }
  // x / d = mx / (md * 10^k): md * 10^k must divide mx < 2^64 < 10^20.
  int k = exponent_ - dx.exponent;
  if (k > 19) return false;
  u128 denominator = mantissa_;
  for (int j = 0; j < k; ++j) denominator *= 10;
  return static_cast<u128>(dx.mantissa) % denominator == 0;
}

}  // namespace tc::schema
