// Numbered placeholders that keep references linked after scrubbing.
//
// Contract: within one table (one render), the same original text in the
// same namespace always gets the same placeholder, "<NS_n>", n counting
// distinct originals from 1 in first-seen order; namespaces count
// independently. Structural and text rules share the table, so a pid
// scrubbed from a JSON field and from a payload line links up when the
// original texts are equal (a JSON string's original is its text, any other
// value's is its json.dumps form).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tc::scrub {

class Placeholders {
 public:
  const std::string& get(std::string_view ns, std::string_view original);
  void clear() { tables_.clear(); }

 private:
  std::map<std::string, std::unordered_map<std::string, std::string>, std::less<>> tables_;
};

}  // namespace tc::scrub
