#include "scrub/placeholders.h"

namespace tc::scrub {

const std::string& Placeholders::get(std::string_view ns, std::string_view original) {
  auto table = tables_.find(ns);
  if (table == tables_.end()) table = tables_.emplace(std::string(ns), std::unordered_map<std::string, std::string>{}).first;
  auto& entries = table->second;
  auto [it, inserted] = entries.try_emplace(std::string(original));
  if (inserted) it->second = "<" + std::string(ns) + "_" + std::to_string(entries.size()) + ">";
  return it->second;
}

}  // namespace tc::scrub
