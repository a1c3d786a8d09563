#include "formats/schema_findings.h"

#include <fmt/format.h>

namespace tc::checks {

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

}  // namespace tc::checks
