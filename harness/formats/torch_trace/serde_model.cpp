#include "formats/torch_trace/serde_model.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "json/text.h"

namespace tc::formats::torch_trace::serde {
namespace {

const char* expected_name(const Type& t) {
  switch (t.kind) {
    case Kind::Any:
      return "any value";
    case Kind::Bool:
      return "a boolean";
    case Kind::U32:
      return "u32";
    case Kind::U64:
      return "u64";
    case Kind::I32:
      return "i32";
    case Kind::I64:
      return "i64";
    case Kind::F64:
      return "f64";
    case Kind::String:
      return "a string";
    case Kind::SymInt:
      return "an integer or a string (SymInt)";
    case Kind::Option:
      return "an optional value";
    case Kind::Vec:
      return "a sequence";
    case Kind::Map:
      return "a map";
    case Kind::Tuple:
      return "a tuple";
    case Kind::Struct:
      return t.name;
  }
  return "?";
}

// serde_json reads an integer literal as u64, else i64, else (beyond both) f64.
enum class IntClass { U64, I64, Float };

IntClass classify(const json::Value& v, uint64_t& u, int64_t& i) {
  const std::string& d = v.text();
  const char* b = d.data();
  const char* e = b + d.size();
  if (!d.empty() && d[0] != '-') {
    auto [p, ec] = std::from_chars(b, e, u);
    if (ec == std::errc() && p == e) return IntClass::U64;
    return IntClass::Float;
  }
  auto [p, ec] = std::from_chars(b, e, i);
  if (ec == std::errc() && p == e) return IntClass::I64;
  return IntClass::Float;
}

bool huge_integer(const json::Value& v) {
  // Beyond double range serde_json fails the number itself.
  return v.text().size() > 300 && std::isinf(std::strtod(v.text().c_str(), nullptr));
}

// The path to the value being checked, turned into a JSON pointer only when
// something fails (most values pass, and building pointers would dominate).
class Path {
 public:
  explicit Path(std::string base) : base_(std::move(base)) {}
  struct Step {
    std::string_view key;
    size_t index;
    bool is_index;
  };
  void push(std::string_view key) { steps_.push_back({key, 0, false}); }
  void push(size_t index) { steps_.push_back({{}, index, true}); }
  void pop() { steps_.pop_back(); }
  std::string pointer() const {
    std::string p = base_;
    for (const Step& s : steps_)
      json::append_pointer_token(p, s.is_index ? std::to_string(s.index) : std::string(s.key));
    return p;
  }

 private:
  std::string base_;
  std::vector<Step> steps_;
};

class Checker {
 public:
  Checker(Context& ctx, std::string base) : ctx_(ctx), path_(std::move(base)) {}

  // Checks the value at the current path.
  bool check(const json::Value& v, const Type& t) {
    switch (t.kind) {
      case Kind::Any:
        return true;
      case Kind::Bool:
        return v.kind() == json::Kind::Bool || invalid_type(v, t);
      case Kind::U32:
        return integer(v, t, 0, std::numeric_limits<uint32_t>::max());
      case Kind::U64:
        return integer(v, t, 0, std::numeric_limits<uint64_t>::max());
      case Kind::I32:
        return integer(v, t, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
      case Kind::I64:
        return integer(v, t, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
      case Kind::F64:
        if (v.kind() == json::Kind::Float) {
          // Buffered: the reader already reported the literal (serde_json
          // fails on it before any type is looked at).
          if (!std::isfinite(v.as_double()) && ctx_.mode == Mode::Direct) return fail("number out of range");
          return true;
        }
        if (v.kind() == json::Kind::Integer) return !huge_integer(v) || fail("number out of range");
        return invalid_type(v, t);
      case Kind::String:
        return v.is_string() || invalid_type(v, t);
      case Kind::SymInt: {
        if (v.is_string()) return true;
        uint64_t u = 0;
        int64_t i = 0;
        if (v.kind() == json::Kind::Integer) {
          IntClass c = classify(v, u, i);
          if (c == IntClass::I64 || (c == IntClass::U64 && u <= uint64_t(std::numeric_limits<int64_t>::max())))
            return true;
        }
        return fail(fmt::format("data did not match any variant of untagged enum SymInt ({})", describe(v)));
      }
      case Kind::Option:
        return v.is_null() || check(v, *t.inner);
      case Kind::Vec: {
        if (!v.is_array()) return invalid_type(v, t);
        bool ok = true;
        for (size_t k = 0; k < v.items().size(); ++k) ok &= check_child(v.items()[k], *t.inner, k);
        return ok;
      }
      case Kind::Map: {
        if (!v.is_object()) return invalid_type(v, t);
        bool ok = true;
        for (const auto& [key, value] : v.members()) ok &= check_child(value, *t.inner, std::string_view(key));
        return ok;
      }
      case Kind::Tuple: {
        if (!v.is_array()) return invalid_type(v, t);
        if (v.items().size() != t.field_count)
          return fail(fmt::format("invalid length {}, expected a tuple of size {}", v.items().size(), t.field_count));
        bool ok = true;
        for (size_t k = 0; k < t.field_count; ++k) ok &= check_child(v.items()[k], *t.fields[k].type, k);
        return ok;
      }
      case Kind::Struct:
        return check_struct(v, t);
    }
    return true;
  }

 private:
  // Records a failure at the current path.
  bool fail(std::string message) {
    if (ctx_.failures.size() < ctx_.max_failures) ctx_.failures.push_back({path_.pointer(), std::move(message)});
    return false;
  }

  bool invalid_type(const json::Value& v, const Type& t) {
    return fail(fmt::format("invalid type: {}, expected {}", describe(v), expected_name(t)));
  }

  bool integer(const json::Value& v, const Type& t, int64_t lo, uint64_t hi) {
    if (v.kind() != json::Kind::Integer) return invalid_type(v, t);
    uint64_t u = 0;
    int64_t i = 0;
    switch (classify(v, u, i)) {
      case IntClass::Float:
        return fail(
            fmt::format("invalid type: floating point {}, expected {} (the integer does not fit "
                        "64 bits)",
                        v.text(), expected_name(t)));
      case IntClass::U64:
        if (u > hi) return fail(fmt::format("invalid value: integer {}, expected {}", v.text(), expected_name(t)));
        return true;
      case IntClass::I64:
        if (i < lo) return fail(fmt::format("invalid value: integer {}, expected {}", v.text(), expected_name(t)));
        return true;
    }
    return true;
  }

  bool duplicated() const {
    if (!ctx_.duplicates || ctx_.duplicates->empty()) return false;
    std::string pointer = path_.pointer();
    return std::find(ctx_.duplicates->begin(), ctx_.duplicates->end(), pointer) != ctx_.duplicates->end();
  }

  template <typename Key>
  bool check_child(const json::Value& v, const Type& t, Key key) {
    path_.push(key);
    bool ok = check(v, t);
    path_.pop();
    return ok;
  }

  bool check_struct(const json::Value& v, const Type& t) {
    const Field* fields = t.fields;
    const Field* end = t.fields + t.field_count;
    if (v.is_array()) {
      // derive(Deserialize)'s visit_seq: one element per field, in order.
      if (t.has_flatten) return invalid_type(v, t);
      if (v.items().size() != t.field_count)
        return fail(fmt::format("invalid length {}, expected struct {} with {} elements", v.items().size(), t.name,
                                t.field_count));
      bool ok = true;
      for (size_t k = 0; k < t.field_count; ++k) ok &= check_child(v.items()[k], *fields[k].type, k);
      return ok;
    }
    if (!v.is_object()) return invalid_type(v, t);
    bool ok = true;
    for (const auto& [key, value] : v.members()) {
      // A named copy of the binding: clang 14 (the fuzz build) cannot capture a structured binding.
      const auto& name = key;
      const Field* f = std::find_if(fields, end, [&](const Field& x) { return name == x.name; });
      if (f == end) continue;  // unknown fields are ignored (no deny_unknown_fields)
      path_.push(std::string_view(key));
      if (duplicated()) ok = fail(fmt::format("duplicate field `{}`", key));
      ok &= check(value, *f->type);
      path_.pop();
    }
    for (const Field* f = fields; f != end; ++f) {
      if (f->type->kind == Kind::Option || f->has_default) continue;
      if (!v.find(f->name)) ok = fail(fmt::format("missing field `{}` in {}", f->name, t.name));
    }
    return ok;
  }

  Context& ctx_;
  Path path_;
};

void buffered_walk(const json::Value& v, Context& ctx, Path& path, int depth, bool& reported_depth) {
  if (ctx.failures.size() >= ctx.max_failures) return;
  bool container = v.is_array() || v.is_object();
  if (container && depth + 1 > kMaxDepth && !reported_depth) {
    reported_depth = true;
    ctx.failures.push_back(
        {path.pointer(), fmt::format("nested deeper than serde_json's recursion limit ({} levels)", kMaxDepth)});
    return;
  }
  if (v.kind() == json::Kind::Integer && huge_integer(v)) {
    ctx.failures.push_back({path.pointer(), "number out of range"});
    return;
  }
  if (v.is_array()) {
    for (size_t k = 0; k < v.items().size(); ++k) {
      path.push(k);
      buffered_walk(v.items()[k], ctx, path, depth + 1, reported_depth);
      path.pop();
    }
  } else if (v.is_object()) {
    for (const auto& [key, value] : v.members()) {
      path.push(std::string_view(key));
      buffered_walk(value, ctx, path, depth + 1, reported_depth);
      path.pop();
    }
  }
}

}  // namespace

std::string describe(const json::Value& v) {
  switch (v.kind()) {
    case json::Kind::Null:
      return "null";
    case json::Kind::Bool:
      return v.as_bool() ? "boolean `true`" : "boolean `false`";
    case json::Kind::Integer:
      return "integer " + v.text();
    case json::Kind::Float:
      return fmt::format("floating point {}", v.as_double());
    case json::Kind::String: {
      std::string s = v.text().substr(0, 40);
      return fmt::format("string \"{}\"{}", s, v.text().size() > 40 ? "..." : "");
    }
    case json::Kind::Array:
      return "a sequence";
    case json::Kind::Object:
      return "a map";
  }
  return "?";
}

bool check(const json::Value& value, const Type& type, Context& ctx, std::string pointer) {
  return Checker(ctx, std::move(pointer)).check(value, type);
}

void check_buffered_values(const json::Value& value, Context& ctx, std::string pointer) {
  bool reported_depth = false;
  Path path(std::move(pointer));
  buffered_walk(value, ctx, path, 0, reported_depth);
}

}  // namespace tc::formats::torch_trace::serde
