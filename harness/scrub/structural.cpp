#include "scrub/structural.h"

#include <vector>

#include "json/python_dump.h"

namespace tc::scrub {
namespace {

std::string dotted(const std::vector<const std::string*>& keys, size_t count) {
  std::string out;
  for (size_t i = 0; i < count; ++i) {
    if (i) out += '.';
    out += *keys[i];
  }
  return out;
}

// What a placeholder is keyed on: a string's text, any other value's json.dumps form.
std::string original_text(const json::Value& v) {
  return v.is_string() ? v.text() : json::python_dump(v);
}

// Applies `edit` to the field at [first] + edit.path below the envelope.
Applied apply_edit(const FieldEdit& edit, const std::string* first, json::Value& envelope,
                   Placeholders& placeholders, std::string& problem) {
  std::vector<const std::string*> keys;
  if (first) keys.push_back(first);
  for (const std::string& k : edit.path) keys.push_back(&k);
  json::Value* parent = &envelope;
  const size_t last = keys.size() - 1;
  for (size_t i = 0; i < last; ++i) {
    json::Value* child = parent->find(*keys[i]);
    if (!child) return Applied::No;
    if (!child->is_object()) {
      if (edit.op == FieldOp::Replace) return Applied::No;
      problem = "cannot set " + dotted(keys, keys.size()) + ": " + dotted(keys, i + 1) + " is " +
                   json::kind_name(child->kind()) + ", not an object";
      return Applied::Failed;
    }
    parent = child;
  }
  json::Value* field = parent->find(*keys[last]);
  if (edit.op == FieldOp::Replace && !field) return Applied::No;
  if (!edit.placeholder.empty()) {
    // Loading allows placeholders only on replace, so `field` exists here.
    *field = json::Value::string(placeholders.get(edit.placeholder, original_text(*field)));
  } else if (field) {
    *field = edit.value;
  } else {
    parent->set(*keys[last], edit.value);
  }
  return Applied::Yes;
}

Applied apply_edits(const StructuralRule& rule, const std::string* first, json::Value& envelope,
                    Placeholders& placeholders, std::string& problem) {
  Applied result = Applied::No;
  for (const FieldEdit& edit : rule.edits) {
    const Applied a = apply_edit(edit, first, envelope, placeholders, problem);
    if (a == Applied::Failed) return a;  // Python stops at the first exception
    if (a == Applied::Yes) result = Applied::Yes;
  }
  return result;
}

}  // namespace

Applied apply_structural(const StructuralRule& rule, json::Value& envelope, Placeholders& placeholders,
                         std::string& problem) {
  if (!envelope.is_object()) return Applied::No;
  if (rule.first_of.empty()) return apply_edits(rule, nullptr, envelope, placeholders, problem);
  for (const std::string& key : rule.first_of)
    if (envelope.find(key)) return apply_edits(rule, &key, envelope, placeholders, problem);
  return Applied::No;
}

}  // namespace tc::scrub
