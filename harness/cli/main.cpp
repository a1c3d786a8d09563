// tracecheck: trace-conformance checks for PyTorch's trace formats.
#include <algorithm>
#include <cstdio>
#include <exception>

#include "cli/command.h"
#include "cli/exit_code.h"

namespace tc::cli {
std::vector<Command>& registry() {
  static std::vector<Command> commands;
  return commands;
}
}  // namespace tc::cli

int main(int argc, char** argv) {
  CLI::App app{"tracecheck: conformance checks for PyTorch trace formats and their emitters"};
  app.set_version_flag("--version", TRACECHECK_VERSION);
  app.require_subcommand(1);
  auto& commands = tc::cli::registry();
  std::sort(commands.begin(), commands.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  std::function<int()> run;
  for (auto& command : commands) {
    CLI::App* sub = app.add_subcommand(command.name, command.description);
    auto runner = command.setup(*sub);
    sub->callback([&run, runner] { run = runner; });
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return tc::cli::kExitUsage;
  }
  try {
    return run ? run() : tc::cli::kExitUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tracecheck: internal error: %s\n", e.what());
    return tc::cli::kExitErrors;
  }
}
