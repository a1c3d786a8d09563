#include "json/value.h"

#include <charconv>
#include <cstdlib>

namespace tc::json {

Value Value::boolean(bool b) {
  Value v;
  v.kind_ = Kind::Bool;
  v.bool_ = b;
  return v;
}

Value Value::integer(std::string digits) {
  Value v;
  v.kind_ = Kind::Integer;
  // Python's int("-0") is 0, so "-0", "-00" render as "0".
  if (!digits.empty() && digits[0] == '-' &&
      digits.find_first_not_of('0', 1) == std::string::npos) {
    digits = "0";
  }
  v.text_ = std::move(digits);
  return v;
}

Value Value::integer(int64_t n) { return integer(std::to_string(n)); }

Value Value::floating(double d) {
  Value v;
  v.kind_ = Kind::Float;
  v.number_ = d;
  return v;
}

Value Value::string(std::string utf8) {
  Value v;
  v.kind_ = Kind::String;
  v.text_ = std::move(utf8);
  return v;
}

Value Value::array() {
  Value v;
  v.kind_ = Kind::Array;
  return v;
}

Value Value::object() {
  Value v;
  v.kind_ = Kind::Object;
  return v;
}

double Value::as_double() const {
  if (kind_ == Kind::Float) return number_;
  if (kind_ == Kind::Integer) return std::strtod(text_.c_str(), nullptr);
  return 0;
}

bool Value::get_int64(int64_t& out) const {
  if (kind_ != Kind::Integer) return false;
  const char* b = text_.data();
  const char* e = b + text_.size();
  auto [p, ec] = std::from_chars(b, e, out);
  return ec == std::errc() && p == e;
}

const Value* Value::find(std::string_view key) const {
  for (const auto& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

Value* Value::find(std::string_view key) {
  for (auto& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

bool Value::set(std::string_view key, Value v) {
  if (Value* existing = find(key)) {
    *existing = std::move(v);
    return true;
  }
  members_.emplace_back(std::string(key), std::move(v));
  return false;
}

bool Value::erase(std::string_view key) {
  for (auto it = members_.begin(); it != members_.end(); ++it) {
    if (it->first == key) {
      members_.erase(it);
      return true;
    }
  }
  return false;
}

std::string_view Value::first_key() const {
  return members_.empty() ? std::string_view() : std::string_view(members_.front().first);
}

bool operator==(const Value& a, const Value& b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case Kind::Null: return true;
    case Kind::Bool: return a.bool_ == b.bool_;
    case Kind::Integer:
    case Kind::String: return a.text_ == b.text_;
    case Kind::Float: return a.number_ == b.number_ || (a.number_ != a.number_ && b.number_ != b.number_);
    case Kind::Array: return a.items_ == b.items_;
    case Kind::Object: return a.members_ == b.members_;
  }
  return false;
}

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Null: return "null";
    case Kind::Bool: return "boolean";
    case Kind::Integer: return "integer";
    case Kind::Float: return "number";
    case Kind::String: return "string";
    case Kind::Array: return "array";
    case Kind::Object: return "object";
  }
  return "?";
}

}  // namespace tc::json
