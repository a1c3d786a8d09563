// tracecheck validate --schema S.json [--jsonl | --json] [--max-errors N] FILE...
//
// Validates JSON files, or JSON-lines files (one document per line; picked
// automatically when the first line holds a whole value and more follows),
// against a JSON Schema draft 7 (harness/schema). Each problem is printed
// on stdout as
//   FILE:LINE:COL: error[schema-violation]: message at /instance/pointer (schema: /keyword/path)
// and a summary goes to stderr. Exit: 0 every document valid, 1 a document
// invalid or not JSON, 2 usage or a schema that does not compile, 3 a file
// that cannot be read (schema included).
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "diag/exit_code.h"
#include "schema/document_validator.h"
#include "schema/schema_file.h"

namespace tc::cli {
namespace {

struct ValidateOptions {
  std::string schema;
  bool jsonl = false;
  bool json = false;
  size_t max_errors = 100;
  std::vector<std::string> files;
};

// A pointer to the whole document reads better as "(root)" than as nothing.
std::string shown(const std::string& pointer) {
  return pointer.empty() ? "(root)" : pointer;
}

void print_finding(const std::string& file, const schema::Finding& f) {
  std::string line;
  if (f.kind == schema::Finding::Kind::Syntax) {
    line = fmt::format("{}:{}:{}: error[json-syntax]: {}\n", file, f.line, f.column, f.message);
  } else {
    line = fmt::format("{}:{}:{}: error[schema-violation]: {} at {} (schema: {})\n", file, f.line, f.column,
                       f.message, shown(f.instance_pointer), shown(f.schema_path));
  }
  std::fwrite(line.data(), 1, line.size(), stdout);
}

int run_validate(const ValidateOptions& o) {
  if (o.json && o.jsonl) {
    std::fprintf(stderr, "tracecheck validate: --json and --jsonl exclude each other\n");
    return kExitUsage;
  }
  schema::SchemaFile loaded = schema::load_schema_file(o.schema);
  if (loaded.status == schema::SchemaFile::Status::Unreadable) {
    std::fprintf(stderr, "tracecheck validate: %s: %s\n", o.schema.c_str(), loaded.problem.message.c_str());
    return kExitIo;
  }
  if (loaded.status == schema::SchemaFile::Status::Invalid) {
    std::string at = loaded.problem.location.empty() ? "" : " (schema: " + shown(loaded.problem.location) + ")";
    std::printf("%s:%llu:%llu: error[schema-invalid]: %s%s\n", o.schema.c_str(),
                static_cast<unsigned long long>(loaded.problem.line),
                static_cast<unsigned long long>(loaded.problem.column), loaded.problem.message.c_str(),
                at.c_str());
    return kExitUsage;
  }
  for (const auto& w : loaded.unknown_keywords)
    std::printf("%s:%llu:%llu: warning[schema-unknown-key]: %s (schema: %s)\n", o.schema.c_str(),
                static_cast<unsigned long long>(w.line), static_cast<unsigned long long>(w.column),
                w.message.c_str(), w.location.c_str());

  auto mode = o.jsonl  ? schema::DocumentValidator::Mode::JsonLines
              : o.json ? schema::DocumentValidator::Mode::Json
                       : schema::DocumentValidator::Mode::Auto;
  schema::DocumentValidator validator(*loaded.schema, o.max_errors);
  bool io_failed = false, failed = false;
  schema::DocumentStats total;
  for (const std::string& file : o.files) {
    simdjson::padded_string text;
    if (simdjson::padded_string::load(file).get(text) != simdjson::SUCCESS) {
      std::fprintf(stderr, "tracecheck validate: cannot read %s\n", file.c_str());
      io_failed = true;
      continue;
    }
    schema::DocumentStats s =
        validator.run(std::string_view(text), mode, [&](const schema::Finding& f) { print_finding(file, f); });
    if (s.capped)
      std::fprintf(stderr, "%s: %llu documents stopped reporting after %zu errors (--max-errors)\n", file.c_str(),
                   static_cast<unsigned long long>(s.capped), o.max_errors);
    failed |= s.invalid > 0 || s.syntax_errors > 0;
    total.documents += s.documents;
    total.invalid += s.invalid;
    total.syntax_errors += s.syntax_errors;
    total.violations += s.violations;
  }
  std::fflush(stdout);
  std::fprintf(stderr, "%llu documents: %llu invalid (%llu errors), %llu not JSON\n",
               static_cast<unsigned long long>(total.documents), static_cast<unsigned long long>(total.invalid),
               static_cast<unsigned long long>(total.violations),
               static_cast<unsigned long long>(total.syntax_errors));
  if (io_failed) return kExitIo;
  return failed ? kExitErrors : kExitOk;
}

TRACECHECK_COMMAND("validate", "Validate JSON or JSON-lines files against a JSON Schema (draft 7)",
                   [](CLI::App& sub) -> std::function<int()> {
                     auto o = std::make_shared<ValidateOptions>();
                     sub.add_option("--schema", o->schema, "The JSON Schema (draft 7) file")->required();
                     sub.add_flag("--jsonl", o->jsonl, "Read every file as JSON lines (one document per line)");
                     sub.add_flag("--json", o->json, "Read every file as one JSON document");
                     sub.add_option("--max-errors", o->max_errors, "Errors reported per document (default 100)")
                         ->check(CLI::PositiveNumber);
                     sub.add_option("files", o->files, "JSON or JSON-lines files")->required();
                     return [o] { return run_validate(*o); };
                   });

}  // namespace
}  // namespace tc::cli
