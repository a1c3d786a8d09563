// Runs a compiled Program over an instance (internal). Templated on the
// instance adapter (schema/adapters.h) and instantiated by
// validate_simd.cpp and validate_value.cpp.
//
// Contract: with Ctx::errors null, evaluation returns at the first failure
// and allocates nothing (uniqueItems on arrays above 32 items and messages
// excepted); with errors set it keeps going and reports every failing
// keyword. Branches whose failure is not itself an error (anyOf, oneOf,
// not, if, contains) are evaluated silently.
#pragma once

#include <fmt/format.h>

#include "schema/ecma_regex.h"
#include "schema/equality.h"
#include "schema/evaluate_containers.h"
#include "schema/program.h"
#include "schema/report.h"

namespace tc::schema::detail {

template <class A>
struct Eval {
  using E = typename A::Elem;

  static bool schema(const Subschema& s, E e, const Frame* f, Ctx& c) {
    if (s.type_only()) return type_ok(s, e, f, c);  // most leaves: no call chain
    if (s.string_enum) return string_enum_ok(s, e, f, c);
    if (s.is_false) {
      fail(c, f, s.location, [&] { return "no value is allowed here (the schema is false)"; });
      return false;
    }
    if (c.stalled >= kMaxStalled || near_stack_end(c)) [[unlikely]] {
      fail(c, f, s.location, [&] {
        return c.stalled >= kMaxStalled
                   ? fmt::format("the schema recurses {} times here without going deeper into the value",
                                 kMaxStalled)
                   : fmt::format("the schema nests {} evaluations deep here, too deep for the stack", c.depth);
      });
      return false;
    }
    if (c.evaluated && ++*c.evaluated > kMaxEvaluatedHere) [[unlikely]] {
      fail(c, f, s.location, [&] {
        return fmt::format("the schema takes more than {} evaluations here without going deeper into the value",
                           kMaxEvaluatedHere);
      });
      return false;
    }
    ++c.depth;
    ++c.stalled;
    bool ok = run(s, e, f, c);
    --c.stalled;
    --c.depth;
    return ok;
  }

  static bool silent(const Subschema& s, E e, const Frame* f, Ctx& c) {
    Ctx quiet{.depth = c.depth, .stalled = c.stalled, .stack_floor = c.stack_floor, .evaluated = c.evaluated};
    return schema(s, e, f, quiet);
  }

  // Evaluates a member, item or key: one step deeper into the instance.
  template <class Adapter = A>
  static inline __attribute__((always_inline)) bool child(const Subschema& s, typename Adapter::Elem e,
                                                          const Frame* here, Ctx& c) {
    if (s.type_only()) return Eval<Adapter>::type_ok(s, e, here, c);  // no calls for leaves
    if (s.string_enum) return Eval<Adapter>::string_enum_ok(s, e, here, c);
    int stalled = c.stalled;
    uint64_t* evaluated = c.evaluated;
    uint64_t evaluated_there = 0;
    c.stalled = 0;
    c.evaluated = &evaluated_there;
    bool ok = Eval<Adapter>::schema(s, e, here, c);
    c.stalled = stalled;
    c.evaluated = evaluated;
    return ok;
  }

  // The folded "type" keyword: one AND of the value's type bits
  // (type_bits.h), and a look at the value only for a float under
  // "integer" alone.
  static inline __attribute__((always_inline)) bool type_ok(const Subschema& s, E e, const Frame* f, Ctx& c) {
    const uint8_t bits = A::type_bits(e);
    if (s.types & bits) [[likely]]
      return true;
    if (bits == kNumberBit && (s.types & kIntegerBit) && A::number(e).is_integral()) return true;
    fail(c, f, s.type_path, [&] { return fmt::format("expected {}, got {}", type_names(s.types), describe(e)); });
    return false;
  }

  // A subschema that is a string "enum" and maybe "type": what run() would
  // find and report (the type first), without its call chain. Nothing in it
  // recurses, so, as for a type-only leaf, the limits schema() keeps are
  // not applied, and it is not counted toward kMaxEvaluatedHere.
  static inline __attribute__((always_inline)) bool string_enum_ok(const Subschema& s, E e, const Frame* f,
                                                                   Ctx& c) {
    const bool typed = type_ok(s, e, f, c);
    if (!typed && !c.errors) return false;
    return enum_strings(*s.string_enum, e, f, c) && typed;
  }

 private:
  static bool enum_strings(const EnumStringsCheck& en, E e, const Frame* f, Ctx& c) {
    if (A::kind(e) == Kind::String && A::find_in(en.index, A::string(e)) >= 0) return true;
    fail(c, f, en.path,
         [&] { return fmt::format("{} is not one of {}", shorten(A::render(e)), enum_list(en.values)); });
    return false;
  }

  static bool run(const Subschema& s, E e, const Frame* f, Ctx& c) {
    Kind k = A::kind(e);
    bool ok = type_ok(s, e, f, c);
    if (!ok && !c.errors) return false;
    const std::vector<const Check*>& plan = s.plan[static_cast<size_t>(k)];
    if (plan.empty()) return ok;
    Number n;
    std::string_view str;
    if (k == Kind::Number)
      n = A::number(e);
    else if (k == Kind::String)
      str = A::string(e);
    for (const Check* check : plan) {
      bool passed;
      if (check->op <= Op::Ref)
        passed = any(*check, e, f, c);
      else if (check->op <= Op::MultipleOf)
        passed = number(*check, n, f, c);
      else if (check->op <= Op::Pattern)
        passed = string(*check, str, e, f, c);
      else if (check->op <= Op::UniqueItems)
        passed = Containers<A, Eval>::array(*check, e, f, c);
      else
        passed = Containers<A, Eval>::object(*check, e, f, c);
      if (!passed) {
        if (!c.errors) return false;
        ok = false;
      }
    }
    return ok;
  }

  static std::string describe(E e) {
    Kind k = A::kind(e);
    bool integral = k == Kind::Number && A::number(e).is_integral();
    return fmt::format("{} {}", kind_name(k, integral), shorten(A::render(e)));
  }

  static bool any(const Check& check, E e, const Frame* f, Ctx& c) {
    switch (check.op) {
      case Op::EnumStrings: return enum_strings(static_cast<const EnumStringsCheck&>(check), e, f, c);
      case Op::Enum:
      case Op::Const: {
        const auto& en = static_cast<const EnumCheck&>(check);
        for (const auto& v : en.values)
          if (equals_const<A>(v, e)) return true;
        fail(c, f, check.path, [&] {
          return check.op == Op::Const
                     ? fmt::format("{} is not the constant {}", shorten(A::render(e)),
                                   shorten(en.values[0].dump()))
                     : fmt::format("{} is not one of {}", shorten(A::render(e)), enum_list(en.values));
        });
        return false;
      }
      case Op::Ref: return schema(*static_cast<const SubCheck&>(check).sub, e, f, c);
      case Op::AllOf: {
        const auto& all = static_cast<const SubsCheck&>(check);
        // Fail-fast only: with errors wanted the general loop below reports
        // exactly what it always did.
        if (all.dispatch && !c.errors && A::kind(e) == Kind::Object) return dispatched(*all.dispatch, e, f, c);
        bool ok = true;
        for (const Subschema* sub : all.subs) {
          if (!schema(*sub, e, f, c)) {
            if (!c.errors) return false;
            ok = false;
          }
        }
        return ok;
      }
      case Op::AnyOf: {
        const auto& subs = static_cast<const SubsCheck&>(check).subs;
        for (const Subschema* sub : subs)
          if (silent(*sub, e, f, c)) return true;
        fail(c, f, check.path, [&] {
          return fmt::format("matches none of the {} schemas in anyOf{}", subs.size(), closest(subs, e, f, c));
        });
        return false;
      }
      case Op::OneOf: {
        const auto& subs = static_cast<const SubsCheck&>(check).subs;
        size_t first = subs.size();
        for (size_t i = 0; i < subs.size(); ++i) {
          if (!silent(*subs[i], e, f, c)) continue;
          if (first == subs.size()) {
            first = i;
            continue;
          }
          fail(c, f, check.path, [&] {
            return fmt::format("matches more than one schema in oneOf (at least #{} and #{})", first, i);
          });
          return false;
        }
        if (first < subs.size()) return true;
        fail(c, f, check.path, [&] {
          return fmt::format("matches none of the {} schemas in oneOf{}", subs.size(), closest(subs, e, f, c));
        });
        return false;
      }
      case Op::Not:
        if (!silent(*static_cast<const SubCheck&>(check).sub, e, f, c)) return true;
        fail(c, f, check.path, [&] { return "matches the schema in not"; });
        return false;
      case Op::IfThenElse: {
        const auto& cond = static_cast<const IfCheck&>(check);
        const Subschema* branch = silent(*cond.if_, e, f, c) ? cond.then_ : cond.else_;
        return branch == nullptr || schema(*branch, e, f, c);
      }
      default: return true;
    }
  }

  // allOf of if/then branches keyed by one member (Dispatch): the `then`s
  // whose `if` holds, found with one lookup; the same verdict as evaluating
  // every branch, since each `if` holds exactly when K is absent and not
  // required there, or K's value is one of that `if`'s strings.
  static bool dispatched(const Dispatch& d, E e, const Frame* f, Ctx& c) {
    E value;
    const std::vector<const Subschema*>* thens = &d.when_missing;
    if (A::find_member(e, d.key, &value)) {
      if (A::kind(value) != Kind::String) return true;
      int32_t pos = A::find_in(d.values, A::string(value));
      if (pos < 0) return true;
      thens = &d.by_value[static_cast<size_t>(pos)];
    }
    for (const Subschema* sub : *thens)
      if (!schema(*sub, e, f, c)) return false;
    return true;
  }

  // For a message about anyOf/oneOf matching nothing: the branch with the
  // fewest errors and its first one, which usually says what is wrong
  // ("; closest is #1: 1 error: expected number, got string at /ts").
  // Error path only: it re-evaluates every branch, collecting errors, but
  // not recursively (a probe does not probe), so nested anyOfs stay linear.
  static std::string closest(const std::vector<const Subschema*>& subs, E e, const Frame* f, const Ctx& c) {
    if (c.probing) return {};
    constexpr size_t kEnough = 16;
    size_t best = subs.size();
    std::vector<SchemaError> best_errors;
    for (size_t i = 0; i < subs.size(); ++i) {
      std::vector<SchemaError> errors;
      Ctx probe{.errors = &errors, .depth = c.depth, .stalled = c.stalled, .max_errors = kEnough,
                .stack_floor = c.stack_floor, .probing = true, .evaluated = c.evaluated};
      schema(*subs[i], e, f, probe);
      if (!errors.empty() && (best == subs.size() || errors.size() < best_errors.size())) {
        best = i;
        best_errors = std::move(errors);
      }
    }
    if (best == subs.size()) return {};
    const SchemaError& first = best_errors[0];
    return fmt::format("; closest is #{} with {}{} error{}, the first: {} at {}", best,
                       best_errors.size() >= kEnough ? "at least " : "", best_errors.size(),
                       best_errors.size() == 1 ? "" : "s", first.message,
                       first.instance_pointer.empty() ? "(root)" : first.instance_pointer);
  }

  static std::string enum_list(const std::vector<nlohmann::json>& values) {
    std::string out = "[";
    for (size_t i = 0; i < values.size(); ++i) {
      if (i == 6) {
        out += fmt::format(", ... ({} values)", values.size());
        break;
      }
      if (i) out += ", ";
      out += shorten(values[i].dump());
    }
    return out + "]";
  }

  static bool number(const Check& check, const Number& n, const Frame* f, Ctx& c) {
    const char* fault = nullptr;
    switch (check.op) {
      case Op::Minimum:
        if (compare(n, static_cast<const BoundCheck&>(check).bound) == Order::Less)
          fault = "less than the minimum";
        break;
      case Op::ExclusiveMinimum: {
        Order o = compare(n, static_cast<const BoundCheck&>(check).bound);
        if (o == Order::Less || o == Order::Equal) fault = "not greater than the exclusive minimum";
        break;
      }
      case Op::Maximum:
        if (compare(n, static_cast<const BoundCheck&>(check).bound) == Order::Greater)
          fault = "greater than the maximum";
        break;
      case Op::ExclusiveMaximum: {
        Order o = compare(n, static_cast<const BoundCheck&>(check).bound);
        if (o == Order::Greater || o == Order::Equal) fault = "not less than the exclusive maximum";
        break;
      }
      case Op::MultipleOf: {
        const auto& m = static_cast<const MultipleOfCheck&>(check);
        if (m.test.divides(n)) return true;
        fail(c, f, check.path,
             [&] { return fmt::format("{} is not a multiple of {}", n.to_string(), m.divisor.to_string()); });
        return false;
      }
      default: break;
    }
    if (!fault) return true;
    fail(c, f, check.path, [&] {
      return fmt::format("{} is {} {}", n.to_string(), fault,
                         static_cast<const BoundCheck&>(check).bound.to_string());
    });
    return false;
  }

  static size_t code_points(std::string_view s) {
    size_t n = 0;
    for (char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return n;
  }

  static bool string(const Check& check, std::string_view s, E e, const Frame* f, Ctx& c) {
    switch (check.op) {
      case Op::MinLength: {
        uint64_t limit = static_cast<const CountCheck&>(check).limit;
        // A code point takes 1 to 4 bytes: decide from the byte length when possible.
        if (s.size() >= limit * 4 && limit < (uint64_t{1} << 60)) return true;
        size_t n = code_points(s);
        if (n >= limit) return true;
        fail(c, f, check.path,
             [&] { return fmt::format("string of {} characters is shorter than minLength {}", n, limit); });
        return false;
      }
      case Op::MaxLength: {
        uint64_t limit = static_cast<const CountCheck&>(check).limit;
        if (s.size() <= limit) return true;
        size_t n = code_points(s);
        if (n <= limit) return true;
        fail(c, f, check.path,
             [&] { return fmt::format("string of {} characters is longer than maxLength {}", n, limit); });
        return false;
      }
      case Op::Pattern: {
        const auto& p = static_cast<const PatternCheck&>(check);
        if (regex_search(*p.re, s)) return true;
        fail(c, f, check.path,
             [&] { return fmt::format("{} does not match the pattern \"{}\"", shorten(A::render(e)), p.source); });
        return false;
      }
      default: return true;
    }
  }
};

}  // namespace tc::schema::detail
