#include "formats/schema_findings.h"

#include <fmt/format.h>

namespace tc::formats {

bool is_unknown_key(const schema::SchemaError& e) {
  constexpr std::string_view kAdditional = "/additionalProperties";
  std::string_view p = e.schema_path;
  return p.size() >= kAdditional.size() && p.substr(p.size() - kAdditional.size()) == kAdditional &&
         e.message.rfind("property \"", 0) == 0;
}

std::string last_token(std::string_view pointer) {
  std::string_view token = pointer.substr(pointer.rfind('/') + 1);
  std::string out;
  for (size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size()) {
      out += token[i + 1] == '1' ? '/' : '~';
      ++i;
    } else {
      out += token[i];
    }
  }
  return out;
}

std::string unknown_key_message(std::string_view owner, const schema::SchemaError& e, std::string_view schema_at) {
  return fmt::format("{} has a key its schema does not know: \"{}\" (schema {})", owner, last_token(e.instance_pointer),
                     schema_at);
}

std::string violation_message(const schema::SchemaError& e, std::string_view schema_at) {
  return fmt::format("{} (schema {})", e.message, schema_at);
}

diag::Diagnostic schema_finding(std::string_view rule, diag::Location where, std::string message,
                                std::string_view kind, std::string pointer, std::string_view hint) {
  diag::Diagnostic d = diag::make_diagnostic(rule, std::move(where), std::move(message), std::string(kind),
                                             std::move(pointer), std::string(hint));
  d.breaks_schema = true;
  return d;
}

std::string fact_path(const schema::SchemaError& e) {
  std::string path = e.instance_pointer.empty() ? std::string() : e.instance_pointer.substr(1);
  constexpr std::string_view kRequired = "/required";
  constexpr std::string_view kMissing = "missing required property \"";
  std::string_view sp = e.schema_path;
  if (sp.size() >= kRequired.size() && sp.substr(sp.size() - kRequired.size()) == kRequired &&
      e.message.rfind(kMissing, 0) == 0) {
    size_t end = e.message.find('"', kMissing.size());
    if (end != std::string::npos) {
      if (!path.empty()) path += '/';
      path += e.message.substr(kMissing.size(), end - kMissing.size());
    }
  }
  return path;
}

void SchemaFacts::add(schema::SchemaError e, std::string_view prefix) {
  Fact f;
  f.unknown_key = is_unknown_key(e);
  f.path = fact_path(e);
  if (!prefix.empty()) f.path = f.path.empty() ? std::string(prefix) : std::string(prefix) + "/" + f.path;
  f.error = std::move(e);
  facts_.push_back(std::move(f));
}

namespace {
// `a` is `b`, or a field below it.
bool at_or_below(std::string_view a, std::string_view b) {
  return a == b || (a.size() > b.size() && a.substr(0, b.size()) == b && a[b.size()] == '/');
}
}  // namespace

bool SchemaFacts::claim(std::string_view path) {
  bool any = false;
  for (Fact& f : facts_) {
    if (f.unknown_key) continue;
    if (f.path.empty() || at_or_below(f.path, path) || at_or_below(path, f.path)) {
      f.claimed = true;
      any = true;
    }
  }
  return any;
}

}  // namespace tc::formats
