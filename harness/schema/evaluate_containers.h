// Array and object checks of the evaluator (internal; see evaluator.h).
// `Ev` is the evaluator template, so that propertyNames can run it over
// keys (KeyAdapter) and every other check over members and items.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "schema/adapters.h"
#include "schema/equality.h"
#include "schema/program.h"
#include "schema/report.h"

namespace tc::schema::detail {

template <class A, template <class> class Ev>
struct Containers {
  using E = typename A::Elem;
  using Self = Ev<A>;

  static bool array(const Check& check, E e, const Frame* f, Ctx& c) {
    switch (check.op) {
      case Op::Items: {
        const Subschema& sub = *static_cast<const SubCheck&>(check).sub;
        bool ok = true;
        A::each_item(e, [&](size_t i, E item) {
          Frame here = Frame::item(f, i);
          if (Self::child(sub, item, &here, c)) return true;
          ok = false;
          return c.errors != nullptr;
        });
        return ok;
      }
      case Op::TupleItems: {
        const auto& tuple = static_cast<const TupleItemsCheck&>(check);
        bool ok = true;
        A::each_item(e, [&](size_t i, E item) {
          const Subschema* sub = i < tuple.items.size() ? tuple.items[i] : tuple.additional;
          if (!sub) return i < tuple.items.size();  // past the tuple with no additionalItems: done
          Frame here = Frame::item(f, i);
          if (Self::child(*sub, item, &here, c)) return true;
          ok = false;
          return c.errors != nullptr;
        });
        return ok;
      }
      case Op::Contains: {
        const Subschema& sub = *static_cast<const SubCheck&>(check).sub;
        bool found = !A::each_item(e, [&](size_t i, E item) {
          Frame here = Frame::item(f, i);
          uint64_t evaluated = 0;  // silent, and one step deeper
          Ctx quiet{.depth = c.depth, .stack_floor = c.stack_floor, .evaluated = &evaluated};
          return !Self::schema(sub, item, &here, quiet);
        });
        if (!found) fail(c, f, check.path, [&] { return "no item matches the contains schema"; });
        return found;
      }
      case Op::MinItems:
      case Op::MaxItems: {
        uint64_t limit = static_cast<const CountCheck&>(check).limit;
        size_t n = A::array_size(e);
        bool min = check.op == Op::MinItems;
        if (min ? n >= limit : n <= limit) return true;
        fail(c, f, check.path, [&] {
          return fmt::format("array of {} items is {} than {} {}", n, min ? "shorter" : "longer",
                             min ? "minItems" : "maxItems", limit);
        });
        return false;
      }
      case Op::UniqueItems: return unique(check, e, f, c);
      default: return true;
    }
  }

  static bool unique(const Check& check, E e, const Frame* f, Ctx& c) {
    size_t n = A::array_size(e);
    if (n < 2) return true;
    std::vector<E> items;
    items.reserve(n);
    A::each_item(e, [&](size_t, E item) {
      items.push_back(item);
      return true;
    });
    auto duplicate = [&](size_t i, size_t j) {
      fail(c, f, check.path,
           [&] { return fmt::format("items {} and {} are equal (uniqueItems)", std::min(i, j), std::max(i, j)); });
      return false;
    };
    if (n <= 32) {
      for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j)
          if (equals<A>(items[i], items[j])) return duplicate(i, j);
      return true;
    }
    std::vector<std::pair<uint64_t, size_t>> hashes(n);
    for (size_t i = 0; i < n; ++i) hashes[i] = {hash_value<A>(items[i]), i};
    std::sort(hashes.begin(), hashes.end());
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n && hashes[j].first == hashes[i].first; ++j)
        if (equals<A>(items[hashes[i].second], items[hashes[j].second]))
          return duplicate(hashes[i].second, hashes[j].second);
    return true;
  }

  static bool object(const Check& check, E e, const Frame* f, Ctx& c) {
    switch (check.op) {
      case Op::Object: return members(static_cast<const ObjectCheck&>(check), e, f, c);
      case Op::PropertyNames: {
        const Subschema& sub = *static_cast<const SubCheck&>(check).sub;
        bool ok = true;
        A::each_member(e, [&](std::string_view key, E) {
          Frame here = Frame::member(f, key.data(), key.size());
          if (Self::template child<KeyAdapter>(sub, key, &here, c)) return true;
          ok = false;
          return c.errors != nullptr;
        });
        return ok;
      }
      case Op::MinProperties:
      case Op::MaxProperties: {
        uint64_t limit = static_cast<const CountCheck&>(check).limit;
        size_t n = A::object_size(e);
        bool min = check.op == Op::MinProperties;
        if (min ? n >= limit : n <= limit) return true;
        fail(c, f, check.path, [&] {
          return fmt::format("object of {} properties has {} than {} {}", n, min ? "fewer" : "more",
                             min ? "minProperties" : "maxProperties", limit);
        });
        return false;
      }
      case Op::Dependencies: return dependencies(static_cast<const DependenciesCheck&>(check), e, f, c);
      default: return true;
    }
  }

  // properties, patternProperties, additionalProperties and required in
  // one pass over the members.
  static bool members(const ObjectCheck& check, E e, const Frame* f, Ctx& c) {
    if (check.lookup) return lookup(check, e, f, c);
    constexpr size_t kInlineWords = 4;
    uint64_t inline_seen[kInlineWords] = {};
    std::vector<uint64_t> heap_seen;
    uint64_t* seen = inline_seen;
    if (check.properties.size() > kInlineWords * 64) {
      heap_seen.assign((check.properties.size() + 63) / 64, 0);
      seen = heap_seen.data();
    }
    bool ok = true;
    A::each_member(e, [&](std::string_view key, E value) {
      Frame here = Frame::member(f, key.data(), key.size());
      bool matched = false;
      int32_t pos = A::find_in(check.index, key);
      if (pos >= 0) {
        matched = true;
        const ObjectCheck::Property& p = check.properties[static_cast<size_t>(pos)];
        seen[pos >> 6] |= uint64_t{1} << (pos & 63);  // every known name: no branch to mispredict
        if (p.schema && !Self::child(*p.schema, value, &here, c)) {
          ok = false;
          if (!c.errors) return false;
        }
      }
      for (const auto& pp : check.patterns) {
        if (!regex_search(*pp.re, key)) continue;
        matched = true;
        if (!Self::child(*pp.schema, value, &here, c)) {
          ok = false;
          if (!c.errors) return false;
        }
      }
      if (!matched && check.additional) {
        if (check.additional->is_false) {
          ok = false;
          fail(c, &here, check.additional->location, [&] {
            return fmt::format("property \"{}\" is not allowed (additionalProperties is false)",
                               shorten(std::string(key)));
          });
          return c.errors != nullptr;
        }
        if (!Self::child(*check.additional, value, &here, c)) {
          ok = false;
          if (!c.errors) return false;
        }
      }
      return true;
    });
    if (!ok && !c.errors) return false;
    for (uint32_t pos : check.required) {
      if (seen[pos >> 6] & (uint64_t{1} << (pos & 63))) continue;
      ok = false;
      if (!c.errors) return false;
      fail(c, f, check.required_path,
           [&] { return fmt::format("missing required property \"{}\"", check.properties[pos].name); });
    }
    return ok;
  }

  // The same result for an ObjectCheck that names a few properties and
  // says nothing of the others: one lookup per named property.
  static bool lookup(const ObjectCheck& check, E e, const Frame* f, Ctx& c) {
    bool ok = true;
    for (const ObjectCheck::Property& p : check.properties) {
      E value;
      if (!A::find_member(e, p.name, &value)) {
        if (!p.required) continue;
        ok = false;
        if (!c.errors) return false;
        fail(c, f, check.required_path, [&] { return fmt::format("missing required property \"{}\"", p.name); });
        continue;
      }
      Frame here = Frame::member(f, p.name.data(), p.name.size());
      if (p.schema && !Self::child(*p.schema, value, &here, c)) {
        ok = false;
        if (!c.errors) return false;
      }
    }
    return ok;
  }

  static bool dependencies(const DependenciesCheck& check, E e, const Frame* f, Ctx& c) {
    bool ok = true;
    for (const auto& d : check.dependencies) {
      E present;
      if (!A::find_member(e, d.name, &present)) continue;
      for (const std::string& name : d.required) {
        E other;
        if (A::find_member(e, name, &other)) continue;
        ok = false;
        if (!c.errors) return false;
        fail(c, f, d.path,
             [&] { return fmt::format("property \"{}\" requires property \"{}\" (dependencies)", d.name, name); });
      }
      if (d.schema && !Self::schema(*d.schema, e, f, c)) {
        ok = false;
        if (!c.errors) return false;
      }
    }
    return ok;
  }
};

}  // namespace tc::schema::detail
