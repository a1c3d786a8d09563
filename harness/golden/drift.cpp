#include "golden/drift.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "golden/golden_store.h"
#include "golden/record_diff.h"

namespace tc::golden {
namespace fs = std::filesystem;
namespace {

struct Items {
  std::vector<std::string> order;  // first appearance
  std::map<std::string, size_t> count;
  void add(const std::string& item) {
    if (count[item]++ == 0) order.push_back(item);
  }
};

void items_of(const std::string& text, Items& kinds, Items& artifacts) {
  for (const GoldenSection& s : split_sections(text)) {
    if (!s.name.starts_with("trace ")) continue;
    for (const format::Record& r : trace_records(s)) {
      if (r.kind == "?") continue;
      kinds.add(r.kind);
      if (!r.name.empty()) artifacts.add(r.name);
    }
  }
}

ItemDrift compare(const Items& a, const Items& b) {
  ItemDrift d;
  for (const auto& k : a.order)
    if (!b.count.count(k)) d.disappeared.push_back(k);
  for (const auto& k : b.order)
    if (!a.count.count(k)) d.appeared.push_back(k);
  std::vector<std::string> ca, cb;
  for (const auto& k : a.order)
    if (b.count.count(k)) ca.push_back(k);
  for (const auto& k : b.order)
    if (a.count.count(k)) cb.push_back(k);
  // LCS of the common items' first-appearance orders (small: distinct kinds).
  std::vector<std::vector<size_t>> L(ca.size() + 1, std::vector<size_t>(cb.size() + 1, 0));
  for (size_t i = ca.size(); i-- > 0;)
    for (size_t j = cb.size(); j-- > 0;)
      L[i][j] = ca[i] == cb[j] ? L[i + 1][j + 1] + 1 : std::max(L[i + 1][j], L[i][j + 1]);
  std::set<std::string> kept;
  for (size_t i = 0, j = 0; i < ca.size() && j < cb.size();) {
    if (ca[i] == cb[j])
      kept.insert(ca[i]), ++i, ++j;
    else if (L[i + 1][j] >= L[i][j + 1])
      ++i;
    else
      ++j;
  }
  for (const auto& k : cb)
    if (!kept.count(k)) d.moved.push_back(k);
  for (const auto& k : ca) {
    size_t x = a.count.at(k), y = b.count.at(k);
    if (x != y) d.count_changed[k] = {x, y};
  }
  return d;
}

std::set<std::string> cases_under(const fs::path& dir) {
  std::set<std::string> out;
  std::error_code ec;
  auto it = fs::recursive_directory_iterator(dir, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_directory() && it->path().extension() == ".raw") {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".txt")
      out.insert(fs::relative(it->path(), dir, ec).replace_extension().generic_string());
  }
  return out;
}

}  // namespace

void compare_goldens(const std::string& from, const std::string& to, CaseDrift& out) {
  Items ka, aa, kb, ab;
  items_of(from, ka, aa);
  items_of(to, kb, ab);
  out.presence = "both";
  out.kinds = compare(ka, kb);
  out.artifacts = compare(aa, ab);
}

std::string describe_drift(const CaseDrift& d) {
  std::string out;
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
  };
  auto items = [&](const char* what, const ItemDrift& i) {
    if (!i.appeared.empty()) out += std::string("  ") + what + " appeared: " + join(i.appeared) + "\n";
    if (!i.disappeared.empty()) out += std::string("  ") + what + " disappeared: " + join(i.disappeared) + "\n";
    if (!i.moved.empty()) out += std::string("  ") + what + " moved: " + join(i.moved) + "\n";
    if (!i.count_changed.empty()) {
      std::string s;
      for (const auto& [k, n] : i.count_changed)
        s += (s.empty() ? "" : ", ") + k + " " + std::to_string(n.first) + " -> " + std::to_string(n.second);
      out += std::string("  ") + what + " count changed: " + s + "\n";
    }
  };
  items("record kinds", d.kinds);
  items("artifacts", d.artifacts);
  return out;
}

std::vector<CaseDrift> drift(const std::string& golden_root, const std::string& from, const std::string& to) {
  std::set<std::string> a = cases_under(fs::path(golden_root) / from), b = cases_under(fs::path(golden_root) / to);
  std::set<std::string> all = a;
  all.insert(b.begin(), b.end());
  std::vector<CaseDrift> out;
  for (const std::string& name : all) {
    CaseDrift d;
    d.case_name = name;
    if (!b.count(name))
      d.presence = "only_from";
    else if (!a.count(name))
      d.presence = "only_to";
    else
      compare_goldens(read_file(golden_path(golden_root, from, name)).value_or(""),
                      read_file(golden_path(golden_root, to, name)).value_or(""), d);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace tc::golden
