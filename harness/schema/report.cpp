#include "schema/report.h"

#include <pthread.h>

#include <algorithm>

#include "json/pointer.h"
#include "schema/program.h"

namespace tc::schema::detail {

const char* stack_floor() {
  thread_local const char* floor = [] {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return static_cast<const char*>(nullptr);
    void* low = nullptr;
    size_t size = 0;
    int rc = pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_destroy(&attr);
    if (rc != 0 || size <= kStackReserve) return static_cast<const char*>(nullptr);
    return static_cast<const char*>(low) + kStackReserve;  // stacks grow down on every Linux target
  }();
  return floor;
}

std::string instance_pointer(const Frame* f) {
  std::vector<const Frame*> steps;
  for (; f; f = f->parent) steps.push_back(f);
  std::string out;
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    if ((*it)->is_index)
      tc::json::pointer::append_index(out, (*it)->size);
    else
      tc::json::pointer::append_token(out, std::string_view((*it)->key, (*it)->size));
  }
  return out;
}

void report(Ctx& c, const Frame* f, const std::string& schema_path, std::string message) {
  if (!c.errors) return;
  c.errors->push_back(SchemaError{instance_pointer(f), schema_path, std::move(message)});
  // Enough: evaluate the rest fail-fast (every caller returns false at once).
  if (c.errors->size() >= c.max_errors) c.errors = nullptr;
}

std::string shorten(std::string s) {
  constexpr size_t kMax = 60;
  if (s.size() <= kMax) return s;
  size_t cut = kMax - 3;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 characters
  s.resize(cut);
  return s + "...";
}

std::string type_names(uint8_t mask) {
  static constexpr std::pair<uint8_t, const char*> kNames[] = {
      {kObjectBit, "object"},   {kArrayBit, "array"},  {kStringBit, "string"}, {kNumberBit, "number"},
      {kIntegerBit, "integer"}, {kBoolBit, "boolean"}, {kNullBit, "null"},
  };
  if (mask & kNumberBit) mask &= static_cast<uint8_t>(~kIntegerBit);  // "number" covers integers
  std::vector<const char*> names;
  for (auto [bit, name] : kNames)
    if (mask & bit) names.push_back(name);
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

const char* kind_name(Kind k, bool integral) {
  switch (k) {
    case Kind::Null: return "null";
    case Kind::Bool: return "boolean";
    case Kind::Number: return integral ? "integer" : "number";
    case Kind::String: return "string";
    case Kind::Array: return "array";
    case Kind::Object: return "object";
  }
  return "?";
}

}  // namespace tc::schema::detail
