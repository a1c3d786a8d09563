// tracecheck validate --schema S.json [--jsonl | --json] [--max-errors N]
//                    [--stream auto|always|never] FILE...
//
// Validates JSON files, or JSON-lines files (one document per line; picked
// automatically when the first line holds a whole value and more follows),
// against a JSON Schema draft 7 (harness/schema). Files may be gzipped; "-"
// is stdin. Each problem is printed on stdout as
//   FILE:LINE:COL: error[schema-violation]: message at /instance/pointer (schema: /keyword/path)
// and a summary goes to stderr. Exit: 0 every document valid, 1 a document
// invalid or not JSON, 2 usage or a schema that does not compile, 3 a file
// that cannot be read (schema included).
//
// A Chrome trace or an execution trace (formats/format.h detects them) is
// streamed when the schema allows it (schema/streamed_document.h): memory
// then stays bounded whatever the file's size, where a DOM takes about 3x
// the file. --stream auto does so for files of kStreamFrom bytes or more and
// for gzipped ones; always for every such file; never holds every document
// whole. A file that cannot be streamed is validated whole, with a note on
// stderr saying why; stdin, pipes and FIFOs are always read whole.
#include <fmt/format.h>
#include <sys/stat.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/exit_code.h"
#include "formats/registry/registry.h"
#include "io/input_source.h"
#include "schema/document_validator.h"
#include "schema/schema_file.h"
#include "schema/streamed_document.h"

namespace tc::cli {
namespace {

struct ValidateOptions {
  std::string schema;
  bool jsonl = false;
  bool json = false;
  size_t max_errors = 100;
  std::string stream = "auto";
  std::vector<std::string> files;
};

constexpr uint64_t kStreamFrom = uint64_t{64} << 20;

// The member holding the big array, when `file` is a format whose documents
// stream and --stream wants it; "" otherwise.
std::string stream_key(const ValidateOptions& o, const std::string& file) {
  if (o.jsonl || o.stream == "never") return "";
  // Streaming may read the input twice (schema/streamed_document.h), and
  // stdin, a pipe or a FIFO reads once (io/kept_stream.h): those are read whole.
  struct stat st {};
  if (io::reads_once(file) || ::stat(file.c_str(), &st) != 0) return "";
  std::string why;
  const formats::Format* f = formats::registry::detect_format(file, why);
  std::string key = f ? f->streamed_array : "";
  if (key.empty() || o.stream == "always") return key;
  bool big = static_cast<uint64_t>(st.st_size) >= kStreamFrom;
  std::string error;
  std::unique_ptr<io::InputSource> in = io::open_input(file, error);
  bool gzip = in && in->gzip();
  return big || gzip ? key : "";
}

// The whole (decompressed) input in `text`, followed by simdjson's padding,
// which `size` leaves out; false on a read error. Read straight into the one
// buffer: a copy into a padded_string would move the whole file once more.
bool read_padded(const std::string& file, std::string& text, size_t& size, std::string& error) {
  std::unique_ptr<io::InputSource> in = io::open_input(file, error);
  if (!in) return false;
  struct stat st {};
  if (!in->gzip() && ::stat(file.c_str(), &st) == 0)
    text.reserve(static_cast<size_t>(st.st_size) + simdjson::SIMDJSON_PADDING);
  char buf[1 << 16];
  for (ptrdiff_t n; (n = in->read(buf, sizeof buf)) != 0;) {
    if (n < 0) {
      error = in->error();
      return false;
    }
    text.append(buf, static_cast<size_t>(n));
  }
  size = text.size();
  text.append(simdjson::SIMDJSON_PADDING, '\0');
  return true;
}

void add_stats(schema::DocumentStats& total, const schema::DocumentStats& s) {
  total.documents += s.documents;
  total.invalid += s.invalid;
  total.syntax_errors += s.syntax_errors;
  total.violations += s.violations;
}

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
    auto print = [&](const schema::Finding& f) { print_finding(file, f); };
    std::optional<schema::DocumentStats> streamed_stats;
    if (std::string key = stream_key(o, file); !key.empty()) {
      schema::StreamedDocumentValidator streamed(*loaded.schema, o.max_errors);
      schema::StreamOutcome r = streamed.run(
          [&](std::string& error) { return io::open_input(file, error); }, key, print);
      if (r.status == schema::StreamOutcome::Status::IoError) {
        std::fprintf(stderr, "tracecheck validate: cannot read %s: %s\n", file.c_str(), r.why.c_str());
        io_failed = true;
        continue;
      }
      if (r.status == schema::StreamOutcome::Status::Streamed)
        streamed_stats = r.stats;
      else
        std::fprintf(stderr, "%s: validated whole, not streamed: %s\n", file.c_str(), r.why.c_str());
    }
    schema::DocumentStats s;
    if (streamed_stats) {
      s = *streamed_stats;
    } else {
      std::string text, error;
      size_t size = 0;
      if (!read_padded(file, text, size, error)) {
        std::fprintf(stderr, "tracecheck validate: cannot read %s: %s\n", file.c_str(), error.c_str());
        io_failed = true;
        continue;
      }
      s = validator.run(std::string_view(text.data(), size), mode, print);
    }
    if (s.capped)
      std::fprintf(stderr, "%s: %llu documents stopped reporting after %zu errors (--max-errors)\n", file.c_str(),
                   static_cast<unsigned long long>(s.capped), o.max_errors);
    failed |= s.invalid > 0 || s.syntax_errors > 0;
    add_stats(total, s);
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
                     sub.add_option("--stream", o->stream,
                                    "Stream Chrome and execution traces instead of holding them: auto (64 MiB "
                                    "and more, or gzipped), always, never")
                         ->check(CLI::IsMember({"auto", "always", "never"}));
                     sub.add_option("files", o->files, "JSON or JSON-lines files, plain or gzipped (- for stdin)")->required();
                     return [o] { return run_validate(*o); };
                   });

}  // namespace
}  // namespace tc::cli
