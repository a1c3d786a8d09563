// tracecheck drift FROM TO [--output text|json]: per case, which trace
// sections, record kinds, artifact and record names appeared, disappeared,
// moved or changed count, and which records changed, between two emitters'
// goldens of any format (golden/drift.h), e.g.
//   tracecheck drift torch-2.6.0 torch-2.14.1
// Exit: 0 (a report, drift or not), 2 usage (not emitter ids), 3 when
// neither emitter has any golden.
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "case/emitter_id.h"
#include "cli/command.h"
#include "cli/exit_code.h"
#include "golden/drift.h"
#include "golden/golden_store.h"

namespace tc::cli {
namespace {

struct DriftOptions {
  std::string from, to, output = "text";
};

nlohmann::json items_json(const golden::ItemDrift& d) {
  nlohmann::json counts = nlohmann::json::object();
  for (const auto& [k, n] : d.count_changed) counts[k] = {{"from", n.first}, {"to", n.second}};
  return {{"appeared", d.appeared}, {"disappeared", d.disappeared}, {"moved", d.moved}, {"count_changed", counts}};
}

int run_drift(const DriftOptions& o) {
  for (const std::string* e : {&o.from, &o.to})
    if (!cases::is_emitter_id(*e)) {
      std::fprintf(stderr, "tracecheck drift: '%s' is not an emitter id (e.g. torch-2.6.0)\n", e->c_str());
      return kExitUsage;
    }
  std::string root = golden::default_golden_root();
  if (!golden::emitter_has_goldens(root, o.from) && !golden::emitter_has_goldens(root, o.to)) {
    std::fprintf(stderr, "tracecheck drift: no goldens for %s or %s under %s\n", o.from.c_str(), o.to.c_str(),
                 root.c_str());
    return kExitIo;
  }
  std::vector<golden::CaseDrift> cases = golden::drift(root, o.from, o.to);
  size_t drifted = 0;
  for (const auto& c : cases) drifted += c.drifted();
  if (o.output == "json") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& c : cases) {
      nlohmann::json item = {{"case", c.case_name},
                             {"presence", c.presence},
                             {"drifted", c.drifted()},
                             {"record_kinds", items_json(c.kinds)},
                             {"trace_sections", items_json(c.sections)},
                             {"records_changed", c.changed},
                             {"records_reordered_in", c.reordered}};
      // Record names under their format's noun ("artifacts", "records").
      for (const auto& [noun, d] : c.names) item[noun] = items_json(d);
      list.push_back(std::move(item));
    }
    nlohmann::json doc = {{"from", o.from}, {"to", o.to}, {"cases", list}, {"drifted", drifted}};
    std::printf("%s\n", doc.dump(2).c_str());
    return kExitOk;
  }
  std::printf("drift %s -> %s\n", o.from.c_str(), o.to.c_str());
  for (const auto& c : cases) {
    if (c.presence == "only_from") {
      std::printf("%s: golden only for %s\n", c.case_name.c_str(), o.from.c_str());
      continue;
    }
    if (c.presence == "only_to") {
      std::printf("%s: golden only for %s\n", c.case_name.c_str(), o.to.c_str());
      continue;
    }
    if (!c.drifted()) {
      std::printf("%s: no drift\n", c.case_name.c_str());
      continue;
    }
    std::printf("%s\n%s", c.case_name.c_str(), golden::describe_drift(c).c_str());
  }
  std::printf("%zu case(s), %zu with drift\n", cases.size(), drifted);
  return kExitOk;
}

}  // namespace

TRACECHECK_COMMAND(
    "drift", "Which records appeared, disappeared, moved or changed between two emitters' goldens, for every format",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<DriftOptions>();
      sub.add_option("from", o->from, "The older emitter (e.g. torch-2.6.0)")->required();
      sub.add_option("to", o->to, "The newer emitter (e.g. torch-2.14.1)")->required();
      sub.add_option("--output", o->output, "text (default) or json")->check(CLI::IsMember({"text", "json"}));
      return [o] { return run_drift(*o); };
    });

}  // namespace tc::cli
