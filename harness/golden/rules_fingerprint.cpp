#include "golden/rules_fingerprint.h"

#include <openssl/evp.h>

#include <nlohmann/json.hpp>

#include "golden/golden_store.h"
#include "io/file.h"
#include "scrub/load.h"

namespace tc::golden {
namespace {

void strip_docs(nlohmann::json& j) {
  if (j.is_object()) {
    for (const char* key : {"why", "description", "reproduces", "$comment", "$schema"}) j.erase(key);
    for (auto& [k, v] : j.items()) strip_docs(v);
  } else if (j.is_array()) {
    for (auto& v : j) strip_docs(v);
  }
}

std::string md5_hex(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(data.data(), data.size(), digest, &len, EVP_md5(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < len; ++i) out += hex[digest[i] >> 4], out += hex[digest[i] & 15];
  return out;
}

}  // namespace

std::string rules_fingerprint_of_text(std::string_view json_text) {
  nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
  if (j.is_discarded()) return "";
  strip_docs(j);
  return "md5:" + md5_hex(j.dump());
}

std::string rules_fingerprint(std::string_view rule_set_ref) {
  std::string why;
  auto path = scrub::resolve_rule_set(rule_set_ref, why);
  if (!path) return "";
  auto text = io::read_file(*path);
  if (!text) return "";
  // A set that extends another ("extends": "chrome_trace/default") changes
  // when its base does: the base's fingerprint stands in for its name.
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_object() && j.contains("extends") && j["extends"].is_string()) {
    std::string base = j["extends"].get<std::string>();
    if (base == rule_set_ref) return "";
    j["extends"] = base + "@" + rules_fingerprint(base);
    return rules_fingerprint_of_text(j.dump());
  }
  return rules_fingerprint_of_text(*text);
}

}  // namespace tc::golden
