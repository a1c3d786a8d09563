#include "golden/stability.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

#include "golden/lines.h"
#include "golden/record_diff.h"
#include "golden/unified_diff.h"

namespace tc::golden {
namespace {

using ojson = nlohmann::ordered_json;


void leaves(const ojson& a, const ojson& b, std::vector<std::string>& path,
            std::vector<std::pair<std::vector<std::string>, std::string>>& out) {
  if (a == b) return;
  if (a.is_object() && b.is_object()) {
    for (const auto& [k, v] : a.items()) {
      path.push_back(k);
      if (b.contains(k))
        leaves(v, b.at(k), path, out);
      else
        out.push_back({path, v.dump() + " vs (absent)"});
      path.pop_back();
    }
    for (const auto& [k, v] : b.items())
      if (!a.contains(k)) {
        path.push_back(k);
        out.push_back({path, "(absent) vs " + v.dump()});
        path.pop_back();
      }
    return;
  }
  out.push_back({path, a.dump() + " vs " + b.dump()});
}

std::string dotted(const std::vector<std::string>& p) {
  std::string s;
  for (const auto& k : p) s += (s.empty() ? "" : ".") + k;
  return s;
}

std::string rule_for(const std::vector<std::string>& path, const std::string& value) {
  ojson p = path;
  return "{\"id\": \"S?\", \"op\": \"replace\", \"path\": " + p.dump() + ", \"value\": \"" + value +
         "\", \"why\": \"differs between two captures of the same workload\"}";
}

}  // namespace

StabilityReport compare_captures(std::string_view first, std::string_view second, std::string_view rule_set,
                                 size_t max_lines) {
  StabilityReport r;
  if (first == second) return r;
  r.stable = false;
  std::vector<std::string> out;
  out.push_back(
      "unstable: two captures of the workload, each in a fresh process, gave different scrubbed "
      "results; nothing was written");
  auto a = line_views(first), b = line_views(second);
  std::map<std::vector<std::string>, size_t> fields;      // envelope path -> differing records
  std::map<std::string, std::set<std::string>> per_kind;  // kind -> differing field paths below it
  if (a.size() != b.size()) {
    out.push_back("the two results have " + std::to_string(a.size()) + " and " + std::to_string(b.size()) + " lines:");
    std::string d = unified_diff(first, second, "capture 1", "capture 2", {1, max_lines});
    for (auto l : line_views(d)) out.push_back("  " + std::string(l));
  } else {
    std::string section;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i].starts_with("[") && a[i].ends_with("]")) section = std::string(a[i]);
      if (a[i] == b[i]) continue;
      std::string where = "line " + std::to_string(i + 1) + " " + section;
      ojson ja = ojson::parse(a[i], nullptr, false), jb = ojson::parse(b[i], nullptr, false);
      if (ja.is_discarded() || jb.is_discarded() || !ja.is_object() || !jb.is_object()) {
        out.push_back(where + ": \"" + std::string(a[i]) + "\" vs \"" + std::string(b[i]) + "\"");
        continue;
      }
      // The line as a record of its section, "[name]" without the brackets.
      std::vector<formats::Record> rec =
          trace_records({section.size() > 2 ? section.substr(1, section.size() - 2) : "", {std::string(b[i])}});
      out.push_back(where + " record (" + record_name(rec[0]) + "):");
      std::vector<std::string> path;
      std::vector<std::pair<std::vector<std::string>, std::string>> diffs;
      leaves(ja, jb, path, diffs);
      for (const auto& [p, values] : diffs) {
        out.push_back("  field " + dotted(p) + ": " + values);
        ++fields[p];
        if (p.size() > 1) per_kind[p[0]].insert(dotted(p));
      }
    }
  }
  std::vector<std::string> sugg;
  if (!fields.empty()) {
    sugg.push_back("add a scrub rule to " + std::string(rule_set) + " for the unstable fields, e.g.:");
    std::set<std::string> done;
    for (const auto& [p, n] : fields) {
      if (p.size() > 1 && per_kind[p[0]].size() > 3) {
        if (done.insert(p[0]).second) sugg.push_back("  " + rule_for({p[0]}, "<dynamic>"));
        continue;
      }
      if (sugg.size() < 11) sugg.push_back("  " + rule_for(p, "<dynamic>"));
    }
  }
  size_t shown = std::min(out.size(), max_lines);
  for (size_t k = 0; k < shown; ++k) r.report += out[k] + "\n";
  if (out.size() > shown) r.report += "... " + std::to_string(out.size() - shown) + " more lines not shown\n";
  for (const std::string& l : sugg) r.report += l + "\n";
  return r;
}

}  // namespace tc::golden
