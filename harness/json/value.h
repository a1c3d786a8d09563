// An ordered JSON value with Python's json.loads semantics.
//
// Contract:
//  - objects keep keys in first-seen order and hold each key once: a
//    duplicate key keeps its first position and takes the last value, as a
//    Python dict does;
//  - integers keep their digits as written (arbitrary size, "-0" becomes
//    "0"), floats are IEEE doubles (out-of-range literals become +-inf, as
//    float() makes them), so rendering with python_dump.h reproduces what
//    Python's json.dumps would print after json.loads;
//  - strings hold UTF-8; a lone surrogate escape is kept as WTF-8 bytes so it
//    renders back to the same escape.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tc::json {

namespace detail {
class Builder;  // json/parse.cpp: rebuilds a recycled Value in place
}

enum class Kind : uint8_t { Null, Bool, Integer, Float, String, Array, Object };

class Value {
 public:
  using Member = std::pair<std::string, Value>;

  Value() = default;  // null
  static Value null() { return Value(); }
  static Value boolean(bool b);
  static Value integer(std::string digits);  // decimal digits, optional '-'
  static Value integer(int64_t n);
  static Value floating(double d);
  static Value string(std::string utf8);
  static Value array();
  static Value object();

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::Null; }
  bool is_object() const { return kind_ == Kind::Object; }
  bool is_array() const { return kind_ == Kind::Array; }
  bool is_string() const { return kind_ == Kind::String; }
  bool is_number() const { return kind_ == Kind::Integer || kind_ == Kind::Float; }

  bool as_bool() const { return bool_; }
  double as_double() const;                      // Integer or Float
  const std::string& text() const { return text_; }  // String: UTF-8; Integer: digits
  // Integer that fits in int64 (false when absent, not an integer or too big).
  bool get_int64(int64_t& out) const;

  // Arrays.
  std::vector<Value>& items() { return items_; }
  const std::vector<Value>& items() const { return items_; }
  void push_back(Value v) { items_.push_back(std::move(v)); }

  // Objects (Python dict semantics).
  std::vector<Member>& members() { return members_; }
  const std::vector<Member>& members() const { return members_; }
  const Value* find(std::string_view key) const;
  Value* find(std::string_view key);
  // Replaces the value in place when the key exists, else appends it.
  // Returns true when the key already existed.
  bool set(std::string_view key, Value v);
  bool erase(std::string_view key);
  // Key of the first member, or empty for an empty object.
  std::string_view first_key() const;

  friend bool operator==(const Value& a, const Value& b);

 private:
  friend class detail::Builder;

  Kind kind_ = Kind::Null;
  bool bool_ = false;
  double number_ = 0;
  std::string text_;
  std::vector<Value> items_;
  std::vector<Member> members_;
};

const char* kind_name(Kind k);

}  // namespace tc::json
