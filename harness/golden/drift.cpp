#include "golden/drift.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <tuple>

#include "golden/golden_store.h"
#include "golden/record_diff.h"
#include "formats/registry/registry.h"
#include "io/file.h"

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

struct Side {
  Items kinds, sections;
  std::map<std::string, Items> names;  // by Format::name_noun
  std::map<std::string, std::vector<std::string>> section_lines;  // "trace X" section -> its lines
};

Side side_of(const std::string& text) {
  Side out;
  for (const GoldenSection& s : split_sections(text)) {
    if (!s.name.starts_with("trace ")) continue;
    const std::string label = s.name.substr(6);
    out.sections.add(label);
    out.section_lines[s.name] = s.lines;
    const formats::Format* f = formats::registry::format_of_section(label);
    const std::string noun = f ? f->name_noun : "records";
    for (const formats::Record& r : trace_records(s)) {
      if (r.kind == "?") continue;
      out.kinds.add(r.kind);
      if (!r.name.empty()) out.names[noun].add(r.name);
    }
  }
  return out;
}

// Records of one section present on both sides (the n-th of each key
// paired) whose text differs, counted by kind into `changed`; the number found.
size_t count_changed(const GoldenSection& a, const GoldenSection& b, std::map<std::string, size_t>& changed) {
  using Key = std::tuple<std::string, std::string, std::string>;
  std::map<Key, std::vector<formats::Record>> left;
  for (formats::Record& r : trace_records(a)) left[Key{r.kind, r.name, r.scope}].push_back(std::move(r));
  std::map<Key, size_t> taken;
  size_t n = 0;
  for (const formats::Record& r : trace_records(b)) {
    Key k{r.kind, r.name, r.scope};
    auto it = left.find(k);
    if (it == left.end()) continue;
    size_t& i = taken[k];
    if (i >= it->second.size()) continue;
    const formats::Record& l = it->second[i++];
    if (l.line != r.line || l.payload != r.payload) {
      ++changed[r.kind == "?" ? std::string("(other lines)") : r.kind];
      ++n;
    }
  }
  return n;
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
  Side a = side_of(from), b = side_of(to);
  out.presence = "both";
  out.kinds = compare(a.kinds, b.kinds);
  out.names.clear();
  for (const auto& [noun, items] : a.names) out.names[noun] = compare(items, b.names[noun]);
  for (const auto& [noun, items] : b.names)
    if (!out.names.count(noun)) out.names[noun] = compare(a.names[noun], items);
  out.sections = compare(a.sections, b.sections);
  out.changed.clear();
  out.reordered.clear();
  for (const auto& [name, lines] : b.section_lines) {
    auto it = a.section_lines.find(name);
    if (it == a.section_lines.end() || it->second == lines) continue;
    size_t changed = count_changed(GoldenSection{name, it->second}, GoldenSection{name, lines}, out.changed);
    // Nothing found to explain the difference: counts and pairs agree, so the
    // records stand in another order.
    bool named = false;
    for (const auto& [noun, d] : out.names) named |= !d.empty();
    if (changed == 0 && out.kinds.empty() && !named)
      out.reordered.push_back(name.substr(6));
  }
}

std::string describe_drift(const CaseDrift& d) {
  std::string out;
  constexpr size_t kShown = 12;
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size() && i < kShown; ++i) s += (s.empty() ? "" : ", ") + v[i];
    if (v.size() > kShown) s += " (+" + std::to_string(v.size() - kShown) + " more)";
    return s;
  };
  auto items = [&](const char* what, const ItemDrift& i) {
    if (!i.appeared.empty()) out += std::string("  ") + what + " appeared: " + join(i.appeared) + "\n";
    if (!i.disappeared.empty()) out += std::string("  ") + what + " disappeared: " + join(i.disappeared) + "\n";
    if (!i.moved.empty()) out += std::string("  ") + what + " moved: " + join(i.moved) + "\n";
    if (!i.count_changed.empty()) {
      std::vector<std::string> v;
      for (const auto& [k, n] : i.count_changed)
        v.push_back(k + " " + std::to_string(n.first) + " -> " + std::to_string(n.second));
      out += std::string("  ") + what + " count changed: " + join(v) + "\n";
    }
  };
  items("trace sections", d.sections);
  items("record kinds", d.kinds);
  for (const auto& [noun, i] : d.names) items(noun.c_str(), i);
  if (!d.changed.empty()) {
    std::vector<std::string> v;
    for (const auto& [k, n] : d.changed) v.push_back(k + " (" + std::to_string(n) + ")");
    out += "  records changed: " + join(v) + "\n";
  }
  if (!d.reordered.empty()) out += "  records reordered in: " + join(d.reordered) + "\n";
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
      compare_goldens(io::read_file(golden_path(golden_root, from, name)).value_or(""),
                      io::read_file(golden_path(golden_root, to, name)).value_or(""), d);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace tc::golden
