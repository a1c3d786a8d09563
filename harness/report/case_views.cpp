#include "report/case_views.h"

#include <nlohmann/json.hpp>

#include "formats/registry/registry.h"
#include "golden/lines.h"
#include "golden/record_diff.h"
#include "report/excerpts.h"

namespace tc::report {
namespace {

using ojson = nlohmann::ordered_json;

ojson node_json(const formats::DrawnNode& n) {
  ojson j = {{"l", n.label}};
  if (!n.mark.empty()) j["m"] = n.mark;
  if (!n.detail.empty()) j["d"] = n.detail;
  if (!n.children.empty()) {
    ojson children = ojson::array();
    for (const formats::DrawnNode& c : n.children) children.push_back(node_json(c));
    j["c"] = std::move(children);
  }
  return j;
}

std::string dump(const ojson& j) { return j.dump(-1, ' ', false, ojson::error_handler_t::replace); }

}  // namespace

std::string drawings_json(const std::vector<golden::TraceSection>& traces, size_t budget) {
  ojson out = ojson::array();
  size_t left = budget;
  for (const golden::TraceSection& t : traces) {
    if (t.text.empty()) continue;
    std::optional<formats::Drawing> d = formats::registry::draw_section(t.label, golden::lines_of(t.text), left);
    if (!d || (d->roots.empty() && d->not_drawn == 0)) continue;
    left -= std::min(left, formats::count_nodes(d->roots));
    ojson roots = ojson::array();
    for (const formats::DrawnNode& n : d->roots) roots.push_back(node_json(n));
    out.push_back({{"section", d->section}, {"style", d->style}, {"not_drawn", d->not_drawn}, {"roots", roots}});
  }
  return out.empty() ? "" : dump(out);
}

std::string excerpts_json(const std::string& findings_text, size_t max) {
  ojson out = ojson::array();
  for (const Excerpt& e : read_excerpts(places_in_findings(findings_text, max)))
    out.push_back({{"file", e.at.file}, {"line", e.at.line}, {"column", e.at.column}, {"text", e.text}, {"mark", e.mark}});
  return out.empty() ? "" : dump(out);
}

}  // namespace tc::report
