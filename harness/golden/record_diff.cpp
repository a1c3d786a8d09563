#include "golden/record_diff.h"

#include <map>
#include <nlohmann/json.hpp>

#include "formats/registry/registry.h"
#include "golden/golden_doc.h"

namespace tc::golden {
namespace {

using ojson = nlohmann::ordered_json;

// Python's json.dumps separators, so values read as they do in the golden.
std::string show(const ojson& v) {
  if (v.is_array()) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + show(v[i]);
    return s + "]";
  }
  if (v.is_object()) {
    std::string s = "{";
    bool first = true;
    for (const auto& [k, x] : v.items()) s += (first ? "" : ", ") + ojson(k).dump() + ": " + show(x), first = false;
    return s + "}";
  }
  return v.dump();
}

void diff_values(const ojson& a, const ojson& b, const std::string& path, std::vector<std::string>& out) {
  if (a == b) return;
  if (a.is_object() && b.is_object()) {
    for (const auto& [k, v] : a.items()) {
      std::string p = path.empty() ? k : path + "." + k;
      if (!b.contains(k))
        out.push_back(p + " removed (was " + show(v) + ")");
      else
        diff_values(v, b.at(k), p, out);
    }
    for (const auto& [k, v] : b.items())
      if (!a.contains(k)) out.push_back((path.empty() ? k : path + "." + k) + " added (" + show(v) + ")");
    return;
  }
  out.push_back((path.empty() ? "value" : path) + " changed from " + show(a) + " to " + show(b));
}

void diff_trace(const GoldenSection& a, const GoldenSection& b, std::vector<std::string>& out) {
  std::vector<formats::Record> ra = trace_records(a), rb = trace_records(b);
  auto key_of = [](const formats::Record& r) { return r.kind + "\x1f" + r.name + "\x1f" + r.scope; };
  // n-th occurrence of a key in a <-> n-th in b.
  std::map<std::string, std::vector<size_t>> where_b;
  for (size_t j = 0; j < rb.size(); ++j) where_b[key_of(rb[j])].push_back(j);
  std::map<std::string, size_t> used;
  std::vector<long> match_a(ra.size(), -1), match_b(rb.size(), -1);
  for (size_t i = 0; i < ra.size(); ++i) {
    std::string key = key_of(ra[i]);
    auto it = where_b.find(key);
    size_t& n = used[key];
    if (it != where_b.end() && n < it->second.size()) {
      match_a[i] = static_cast<long>(it->second[n]);
      match_b[it->second[n]] = static_cast<long>(i);
      ++n;
    }
  }
  std::vector<std::string> lines;
  // Walk the actual order; removed records are shown where they were.
  size_t i = 0;
  auto flush_removed = [&](size_t upto) {
    for (; i < upto; ++i)
      if (match_a[i] < 0) lines.push_back("record " + std::to_string(i + 1) + " (" + record_name(ra[i]) + "): removed");
  };
  for (size_t j = 0; j < rb.size(); ++j) {
    if (match_b[j] < 0) {
      lines.push_back("record " + std::to_string(j + 1) + " (" + record_name(rb[j]) + "): added");
      continue;
    }
    size_t ai = static_cast<size_t>(match_b[j]);
    if (ai >= i) flush_removed(ai + 1);
    const formats::Record &x = ra[ai], &y = rb[j];
    std::string head = "record " + std::to_string(j + 1) + " (" + record_name(y) + "): ";
    if (x.line != y.line) {
      ojson jx = ojson::parse(x.line, nullptr, false), jy = ojson::parse(y.line, nullptr, false);
      std::vector<std::string> changes;
      if (jx.is_discarded() || jy.is_discarded()) {
        changes.push_back("line changed from " + x.line + " to " + y.line);
      } else {
        std::string kind = jy.is_object() && !jy.empty() ? jy.begin().key() : "";
        // Inside the kind's object, paths start below it.
        if (!kind.empty() && jx.contains(kind) && jy.contains(kind)) {
          diff_values(jx[kind], jy[kind], "", changes);
          ojson rx = jx, ry = jy;
          rx.erase(kind), ry.erase(kind);
          diff_values(rx, ry, "", changes);
        } else {
          diff_values(jx, jy, "", changes);
        }
      }
      for (const std::string& c : changes) lines.push_back(head + c);
    }
    if (x.payload != y.payload) {
      size_t differ = 0, n = std::max(x.payload.size(), y.payload.size());
      for (size_t k = 0; k < n; ++k)
        if (k >= x.payload.size() || k >= y.payload.size() || x.payload[k] != y.payload[k]) ++differ;
      lines.push_back(head + "payload changed (" + std::to_string(differ) + " of " + std::to_string(n) + " lines)");
    }
  }
  flush_removed(ra.size());
  if (lines.empty()) return;
  out.push_back("[" + b.name + "]");
  out.insert(out.end(), lines.begin(), lines.end());
}

std::string join(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

}  // namespace


std::vector<GoldenSection> split_sections(std::string_view text) {
  std::vector<GoldenSection> out;
  for (std::string& line : lines_of(golden_body(text))) {
    // Section heads are "[name ...]" with a lowercase name; payload lines
    // such as "[0, 1]" are not.
    if (line.size() > 2 && line.front() == '[' && line.back() == ']' && line[1] >= 'a' && line[1] <= 'z' &&
        line.find('"') == std::string::npos) {
      out.push_back({line.substr(1, line.size() - 2), {}});
      continue;
    }
    if (out.empty()) continue;
    out.back().lines.push_back(std::move(line));
  }
  // The blank line before the next section belongs to none.
  for (auto& s : out)
    while (!s.lines.empty() && s.lines.back().empty()) s.lines.pop_back();
  return out;
}

std::vector<formats::Record> trace_records(const GoldenSection& section) {
  std::string_view name = section.name;
  if (!name.starts_with("trace ")) return formats::registry::split_section("", section.lines);
  return formats::registry::split_section(name.substr(6), section.lines);
}

std::string record_name(const formats::Record& r) {
  return r.kind + (r.name.empty() ? "" : ":" + r.name) + ", " + r.scope;
}

std::string record_diff(std::string_view golden, std::string_view actual, const DiffOptions& options) {
  if (golden_body(golden) == golden_body(actual)) return {};
  std::vector<GoldenSection> a = split_sections(golden), b = split_sections(actual);
  std::vector<std::string> out;
  auto find = [](const std::vector<GoldenSection>& v, const std::string& name) -> const GoldenSection* {
    for (const auto& s : v)
      if (s.name == name) return &s;
    return nullptr;
  };
  for (const auto& s : a)
    if (!find(b, s.name)) out.push_back("[" + s.name + "] removed (" + std::to_string(s.lines.size()) + " lines)");
  for (const auto& s : b) {
    const GoldenSection* old = find(a, s.name);
    if (!old) {
      out.push_back("[" + s.name + "] added (" + std::to_string(s.lines.size()) + " lines)");
      continue;
    }
    if (old->lines == s.lines) continue;
    if (s.name.starts_with("trace ")) {
      diff_trace(*old, s, out);
      continue;
    }
    out.push_back("[" + s.name + "]");
    std::string d = unified_diff(join(old->lines), join(s.lines), "golden", "actual", {1, options.max_lines});
    std::vector<std::string> dl = lines_of(d);
    for (size_t k = 2; k < dl.size(); ++k) out.push_back(dl[k]);  // the ---/+++ names say nothing here
  }
  if (out.empty()) return unified_diff(golden_body(golden), golden_body(actual), "golden", "actual", options);
  std::string text;
  size_t shown = std::min(out.size(), options.max_lines);
  for (size_t k = 0; k < shown; ++k) text += out[k] + "\n";
  if (out.size() > shown) text += "... " + std::to_string(out.size() - shown) + " more diff lines not shown\n";
  return text;
}

std::string golden_diff(std::string_view golden, std::string_view actual, std::string_view golden_name,
                        std::string_view diff_mode, const DiffOptions& options) {
  if (diff_mode == "unified") return unified_diff(golden, actual, golden_name, "actual", options);
  return record_diff(golden, actual, options);
}

}  // namespace tc::golden
