#include "case/shard.h"

#include <algorithm>
#include <charconv>

namespace tc::cases {
namespace {

bool parse_unsigned(std::string_view text, unsigned& out) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

std::vector<std::string> sorted_unique(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace

bool parse_shard(std::string_view text, Shard& out, std::string& why) {
  size_t slash = text.find('/');
  Shard s;
  if (slash == std::string_view::npos || !parse_unsigned(text.substr(0, slash), s.index) ||
      !parse_unsigned(text.substr(slash + 1), s.count)) {
    why = "expected I/N, e.g. 2/4, not '" + std::string(text) + "'";
    return false;
  }
  if (s.count == 0 || s.index == 0 || s.index > s.count) {
    why = "shard " + std::string(text) + ": need 1 <= I <= N";
    return false;
  }
  out = s;
  return true;
}

bool in_shard(const std::vector<std::string>& all_names, const std::string& name, const Shard& shard) {
  std::vector<std::string> names = sorted_unique(all_names);
  auto it = std::lower_bound(names.begin(), names.end(), name);
  if (it == names.end() || *it != name) return false;
  return static_cast<unsigned>((it - names.begin()) % shard.count) + 1 == shard.index;
}

std::vector<Case> select_shard(std::vector<Case> cases, const Shard& shard) {
  if (shard.count <= 1) return cases;
  std::vector<std::string> names;
  names.reserve(cases.size());
  for (const Case& c : cases) names.push_back(c.name);
  names = sorted_unique(std::move(names));
  std::vector<Case> out;
  for (Case& c : cases) {
    size_t k = static_cast<size_t>(std::lower_bound(names.begin(), names.end(), c.name) - names.begin());
    if (k % shard.count + 1 == shard.index) out.push_back(std::move(c));
  }
  return out;
}

}  // namespace tc::cases
