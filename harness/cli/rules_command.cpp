// tracecheck rules [--output text|markdown|json] [RULE...]
//
// Documents every rule id: what it means, why it matters, an example, and
// its severity under each consumer profile. Generated from the code
// (diag/rule_doc.h), so it cannot drift. Exit: 0, or 1 when a named rule is
// unknown.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/exit_code.h"
#include "diag/rule_catalog.h"
#include "diag/rule_doc.h"
#include "formats/registry/registry.h"

namespace tc::cli {
namespace {

struct RulesOptions {
  std::string output = "text";
  std::vector<std::string> ids;
};

int run_rules(const RulesOptions& o) {
  const diag::Catalog& catalog = formats::registry::catalog();
  std::string out;
  if (o.output == "markdown") {
    out = diag::rule_doc_markdown(catalog);
  } else if (o.output == "json") {
    out = diag::rule_doc_json(catalog);
  } else {
    std::vector<std::string> ids = o.ids;
    if (ids.empty())
      for (const diag::Rule& r : catalog.rules()) ids.emplace_back(r.id);
    for (const std::string& id : ids) {
      std::string text = diag::rule_doc_text(catalog, id);
      if (text.empty()) {
        std::fprintf(stderr, "tracecheck rules: unknown rule '%s'\n", id.c_str());
        return kExitErrors;
      }
      out += text;
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return kExitOk;
}

TRACECHECK_COMMAND("rules", "Explain rule ids: meaning, reason, example, severity per consumer profile",
                   [](CLI::App& sub) -> std::function<int()> {
                     auto o = std::make_shared<RulesOptions>();
                     sub.add_option("--output", o->output, "text (default), markdown (harness/diag/RULES.md) or json")
                         ->check(CLI::IsMember({"text", "markdown", "json"}));
                     sub.add_option("ids", o->ids, "Rule ids (default: all)");
                     return [o] { return run_rules(*o); };
                   });

}  // namespace
}  // namespace tc::cli
