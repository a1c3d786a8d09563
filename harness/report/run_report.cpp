#include "report/run_report.h"

#include "io/file.h"
#include "report/html_report.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "case/case_loader.h"
#include "golden/golden_store.h"

namespace tc::report {
namespace {

using json = nlohmann::json;

std::string xml_escape(const std::string& s) {
  std::string out;
  for (unsigned char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (ch < 0x20 && ch != '\n' && ch != '\t')
          out += ' ';  // not allowed in XML 1.0
        else
          out += static_cast<char>(ch);
    }
  }
  return out;
}

struct Totals {
  size_t cases = 0, passed = 0, failed = 0, skipped = 0, errors = 0, accepted = 0, pending = 0;
  double seconds = 0;
};

Totals totals_of(const std::vector<CaseResult>& cases) {
  Totals t;
  for (const auto& c : cases) {
    ++t.cases;
    t.seconds += c.seconds;
    if (c.status == "pass")
      ++t.passed;
    else if (c.status == "accepted")
      ++t.accepted, ++t.passed;
    else if (c.status == "skip")
      ++t.skipped;
    else if (c.status == "error")
      ++t.errors;
    else if (c.status == "pending")
      ++t.pending, ++t.failed;
    else
      ++t.failed;
  }
  return t;
}

// JSON text carried in a report as JSON, not as a string (null when "").
json embedded(const std::string& text) { return text.empty() ? json() : json::parse(text, nullptr, false); }

std::string unembedded(const json& c, const char* key) {
  return c.contains(key) && c[key].is_array() ? c[key].dump() : "";
}

std::string fixed(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

}  // namespace

std::map<std::string, std::vector<std::string>> RunReport::dead_rules() const {
  // rule set -> id -> total hits (ids in rule-file order of the first case)
  std::map<std::string, std::vector<std::pair<std::string, uint64_t>>> sums;
  for (const auto& c : cases_) {
    if (c.rule_set.empty() || c.rule_hits.empty()) continue;
    auto& v = sums[c.rule_set];
    for (const auto& h : c.rule_hits) {
      auto it = std::find_if(v.begin(), v.end(), [&](const auto& p) { return p.first == h.id; });
      if (it == v.end())
        v.emplace_back(h.id, h.hits);
      else
        it->second += h.hits;
    }
  }
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& [set, v] : sums) {
    auto& dead = out[set];
    for (const auto& [id, hits] : v)
      if (hits == 0) dead.push_back(id);
  }
  return out;
}

std::string RunReport::to_json() const {
  json cases = json::array();
  json pending = json::array();
  for (const auto& c : cases_) {
    json hits = json::object();
    for (const auto& h : c.rule_hits) hits[h.id] = h.hits;
    cases.push_back({{"case", c.case_name},
                     {"emitter", c.emitter},
                     {"mode", c.mode},
                     {"status", c.status},
                     {"golden_status", c.golden_status},
                     {"golden_file", c.golden_file},
                     {"pending_file", c.pending_file},
                     {"message", c.message},
                     {"diff", c.diff},
                     {"diagnostics", c.diagnostics},
                     {"drift_from", c.drift_from},
                     {"drift", c.drift},
                     {"seconds", c.seconds},
                     {"external_seconds", c.external_seconds},
                     {"harness_seconds", c.harness_seconds},
                     {"exit_code", c.exit_code},
                     {"rule_set", c.rule_set},
                     {"rule_hits", hits},
                     {"workload_seconds", c.workload_seconds},
                     {"facts", c.facts},
                     {"evidence", c.evidence},
                     {"drawings", embedded(c.drawings)},
                     {"excerpts", embedded(c.excerpts)}});
    if (!c.pending_file.empty()) pending.push_back(c.pending_file);
  }
  Totals t = totals_of(cases_);
  json doc = {{"tracecheck_report", 1},
              {"cases", cases},
              {"totals",
               {{"cases", t.cases},
                {"passed", t.passed},
                {"failed", t.failed},
                {"skipped", t.skipped},
                {"errors", t.errors},
                {"accepted", t.accepted},
                {"pending", t.pending},
                {"seconds", t.seconds}}},
              {"dead_rules", dead_rules()},
              {"pending", pending}};
  return doc.dump(2) + "\n";
}

bool RunReport::merge_json(const std::string& text, std::string& error) {
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("cases") || !doc["cases"].is_array()) {
    error = "not a tracecheck JSON report (no \"cases\" array)";
    return false;
  }
  std::vector<CaseResult> add;
  for (const json& j : doc["cases"]) {
    if (!j.is_object() || !j.contains("case") || !j["case"].is_string()) {
      error = "a case entry without a \"case\" name";
      return false;
    }
    CaseResult c;
    auto str = [&](const char* k) { return j.contains(k) && j[k].is_string() ? j[k].get<std::string>() : ""; };
    c.case_name = str("case");
    c.emitter = str("emitter");
    c.mode = str("mode");
    c.status = str("status");
    c.golden_status = str("golden_status");
    c.golden_file = str("golden_file");
    c.pending_file = str("pending_file");
    c.message = str("message");
    c.diff = str("diff");
    c.diagnostics = str("diagnostics");
    c.drift_from = str("drift_from");
    c.drift = str("drift");
    c.rule_set = str("rule_set");
    c.facts = str("facts");
    if (j.contains("evidence") && j["evidence"].is_array())
      for (const json& e : j["evidence"])
        if (e.is_string()) c.evidence.push_back(e.get<std::string>());
    c.drawings = unembedded(j, "drawings");
    c.excerpts = unembedded(j, "excerpts");
    auto number = [&](const char* k, double& out) {
      if (j.contains(k) && j[k].is_number()) out = j[k].get<double>();
    };
    number("seconds", c.seconds);
    number("external_seconds", c.external_seconds);
    number("harness_seconds", c.harness_seconds);
    number("workload_seconds", c.workload_seconds);
    if (j.contains("exit_code") && j["exit_code"].is_number_integer()) c.exit_code = j["exit_code"].get<int>();
    if (j.contains("rule_hits") && j["rule_hits"].is_object())
      for (const auto& [id, n] : j["rule_hits"].items())
        if (n.is_number_unsigned()) c.rule_hits.push_back({id, n.get<uint64_t>()});
    add.push_back(std::move(c));
  }
  cases_.insert(cases_.end(), add.begin(), add.end());
  return true;
}

std::string RunReport::to_junit() const {
  std::map<std::string, std::vector<const CaseResult*>> by_mode;
  for (const auto& c : cases_) by_mode[c.mode.empty() ? "run" : c.mode].push_back(&c);
  Totals all = totals_of(cases_);
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x += "<testsuites name=\"tracecheck\" tests=\"" + std::to_string(all.cases) + "\" failures=\"" +
       std::to_string(all.failed) + "\" errors=\"" + std::to_string(all.errors) + "\" skipped=\"" +
       std::to_string(all.skipped) + "\" time=\"" + fixed(all.seconds) + "\">\n";
  for (const auto& [mode, list] : by_mode) {
    std::vector<CaseResult> copy;
    for (const auto* c : list) copy.push_back(*c);
    Totals t = totals_of(copy);
    x += "  <testsuite name=\"tracecheck." + xml_escape(mode) + "\" tests=\"" + std::to_string(t.cases) +
         "\" failures=\"" + std::to_string(t.failed) + "\" errors=\"" + std::to_string(t.errors) + "\" skipped=\"" +
         std::to_string(t.skipped) + "\" time=\"" + fixed(t.seconds) + "\">\n";
    for (const auto* c : list) {
      x += "    <testcase classname=\"" + xml_escape(mode + "." + (c->emitter.empty() ? "unknown" : c->emitter)) +
           "\" name=\"" + xml_escape(c->case_name) + "\" time=\"" + fixed(c->seconds) + "\"";
      std::string body = c->message + (c->diff.empty() ? "" : "\n" + c->diff);
      if (c->status == "pass" || c->status == "accepted") {
        x += "/>\n";
      } else if (c->status == "skip") {
        x += ">\n      <skipped message=\"" + xml_escape(c->message) + "\"/>\n    </testcase>\n";
      } else if (c->status == "error") {
        x += ">\n      <error message=\"" + xml_escape(c->message.substr(0, c->message.find('\n'))) + "\">" +
             xml_escape(body) + "</error>\n    </testcase>\n";
      } else {
        x += ">\n      <failure message=\"" + xml_escape(c->golden_status.empty() ? c->status : c->golden_status) +
             "\">" + xml_escape(body) + "</failure>\n    </testcase>\n";
      }
    }
    x += "  </testsuite>\n";
  }
  x += "</testsuites>\n";
  return x;
}

void RunReport::print_summary(std::FILE* out) const {
  Totals t = totals_of(cases_);
  std::fprintf(out,
               "summary: %zu case(s): %zu passed (%zu accepted), %zu failed (%zu pending), %zu skipped, %zu errors\n",
               t.cases, t.passed, t.accepted, t.failed, t.pending, t.skipped, t.errors);
  for (const auto& c : cases_)
    if (c.status == "fail" || c.status == "error")
      std::fprintf(out, "  %s %s %s%s\n", c.status == "fail" ? "FAIL" : "ERROR", c.case_name.c_str(), c.emitter.c_str(),
                   c.golden_status.empty() ? "" : (" (" + c.golden_status + ")").c_str());
  std::vector<std::string> pending;
  for (const auto& c : cases_)
    if (!c.pending_file.empty()) pending.push_back(c.pending_file);
  if (!pending.empty()) {
    std::fprintf(out, "pending goldens (review them with: tracecheck review):\n");
    for (const auto& p : pending) std::fprintf(out, "  %s\n", p.c_str());
  }
  for (const auto& [set, dead] : dead_rules()) {
    if (dead.empty()) continue;
    std::string ids;
    for (const auto& id : dead) ids += (ids.empty() ? "" : " ") + id;
    std::fprintf(out, "dead rules in %s (matched nothing in this run): %s\n", set.c_str(), ids.c_str());
  }
  std::vector<const CaseResult*> judged;
  for (const auto& c : cases_)
    if (c.harness_seconds > 0) judged.push_back(&c);
  if (!judged.empty()) {
    std::sort(judged.begin(), judged.end(),
              [](const CaseResult* a, const CaseResult* b) { return a->harness_seconds < b->harness_seconds; });
    const CaseResult& most = *judged.back();
    std::fprintf(out, "harness time per case (workloads and external parsers excluded): median %.0f ms, max %.0f ms (%s)\n",
                 1000 * judged[judged.size() / 2]->harness_seconds, 1000 * most.harness_seconds,
                 most.case_name.c_str());
  }
}

bool write_reports(const RunReport& report, const std::string& json_file, const std::string& junit_file,
                   const std::string& html_file, const std::vector<std::string>& drift_emitters) {
  bool ok = true;
  std::string error_of_html;
  if (!html_file.empty() &&
      !io::write_file_atomic(
          html_file,
          render_html_report(report, default_html_context(golden::default_golden_root(), cases::default_cases_root(),
                                                          drift_emitters)),
          error_of_html)) {
    std::fprintf(stderr, "tracecheck: cannot write the HTML report: %s\n", error_of_html.c_str());
    ok = false;
  }
  std::string error;
  if (!json_file.empty() && !io::write_file_atomic(json_file, report.to_json(), error)) {
    std::fprintf(stderr, "tracecheck: cannot write the JSON report: %s\n", error.c_str());
    ok = false;
  }
  if (!junit_file.empty() && !io::write_file_atomic(junit_file, report.to_junit(), error)) {
    std::fprintf(stderr, "tracecheck: cannot write the JUnit report: %s\n", error.c_str());
    ok = false;
  }
  return ok;
}

}  // namespace tc::report
