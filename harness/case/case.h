// A case: one live workload and what tracecheck checks about its traces
// (cases/README.md, schemas/case.schema.json).
//
// Contract: a loaded Case has passed the schema's structure, its name equals
// its file's path below the cases root, its driver exists, every profile and
// external parser it names is known, and its name is a safe relative path
// (no "..", not absolute), so golden/<emitter>/<name>.txt never leaves golden/.
#pragma once

#include <string>
#include <vector>

namespace tc::cases {

struct Requirement {
  std::string feature;  // "cuda", "distributed", "torch>=X.Y", "torch<X.Y"
  std::string reason;   // printed when the case is skipped for it
};

// What a case's golden keeps (schemas/case.schema.json "golden";
// golden/golden_doc.h). Full: findings per file and the scrubbed trace.
// Verdicts: per profile only the verdict and the distinct (severity, rule)
// pairs, for emitters whose trace content depends on timing (a browser's
// startup trace), so nothing that varies with it can reach the golden.
enum class GoldenMode { Full, Verdicts };

struct Case {
  std::string name;         // e.g. "structured/example_fn"
  std::string description;
  std::string file;         // absolute path of the case file
  std::string driver;       // relative to the cases root
  std::vector<std::string> args;
  std::vector<std::string> formats;
  std::string rules;        // scrub rule set, e.g. "torch_trace/pytorch_test"
  std::vector<std::string> profiles;          // names as written in the case
  std::vector<std::string> external_parsers;  // preset names
  std::vector<Requirement> requires_;
  int timeout_s = 0;
  // Pinned emitter environment ("host", "trixie", "sid"), "" when the caller
  // chooses (run --env). "host" runs Debian's /usr/bin/python3: the tools
  // of third-party emitter cases are installed on the host.
  std::string environment;
  GoldenMode golden = GoldenMode::Full;  // "golden": "full" (default) | "verdicts"
};

}  // namespace tc::cases
