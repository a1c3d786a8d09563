// A tracecheck subcommand. Each command lives in its own cli/<name>_command.cpp
// and registers itself with TRACECHECK_COMMAND, so adding one touches no
// other file. run() returns an ExitCode (cli/exit_code.h).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace tc::cli {

struct Command {
  std::string name;
  std::string description;
  // Adds the command's options to `sub`; returns the function that runs it
  // after parsing.
  std::function<std::function<int()>(CLI::App& sub)> setup;
};

std::vector<Command>& registry();

struct Registrar {
  explicit Registrar(Command c) { registry().push_back(std::move(c)); }
};

}  // namespace tc::cli

#define TRACECHECK_CONCAT_INNER(a, b) a##b
#define TRACECHECK_CONCAT(a, b) TRACECHECK_CONCAT_INNER(a, b)
#define TRACECHECK_COMMAND(...) \
  static ::tc::cli::Registrar TRACECHECK_CONCAT(tracecheck_command_, __LINE__)(::tc::cli::Command{__VA_ARGS__})
