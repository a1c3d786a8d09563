// The closed JSON Schemas of the TORCH_TRACE format (schemas/torch_trace/),
// compiled once per process.
//
// Contract:
//  - torch_trace_schemas() loads envelope.schema.json (which $refs kinds/
//    and common.schema.json), payloads/chromium_event.schema.json and every
//    payloads/artifacts/<name>.schema.json on first use; later calls return
//    the same object (thread-safe, never reloaded);
//  - the directory is $TRACECHECK_SCHEMA_DIR when set, else the source
//    tree's schemas/ (TRACECHECK_SOURCE_DIR);
//  - a file that cannot be read or compiled leaves `error` set (naming the
//    file, line and column) and the schemas empty: checks then report that
//    once instead of validating.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "schema/schema.h"
#include "schema/schema_file.h"

namespace tc::formats {

struct TorchTraceSchemas {
  std::string root;   // the schemas/ directory used, ends without '/'
  std::string error;  // set when loading failed
  std::optional<schema::CompiledSchema> envelope;
  std::optional<schema::CompiledSchema> chromium_event;
  std::map<std::string, schema::CompiledSchema, std::less<>> artifacts;  // by artifact name

  // The payload schema of a json artifact, or null when its shape is not known.
  const schema::CompiledSchema* artifact(std::string_view name) const {
    auto it = artifacts.find(name);
    return it == artifacts.end() ? nullptr : &it->second;
  }
};

const TorchTraceSchemas& torch_trace_schemas();

// The schemas/ directory: $TRACECHECK_SCHEMA_DIR or the source tree's.
std::string schema_root();

// The schema file at `path`, or the subschema at JSON pointer `fragment`
// of it (schema::load_schema_file); false, with `error` set to
// "path:line:column: message", when it cannot be loaded.
bool compile_into(const std::string& path, const std::string& fragment, std::optional<schema::CompiledSchema>& out,
                  std::string& error);
// The same of a file loaded already (schema::schema_file_part): many
// fragments of one file, one compile.
bool part_into(const schema::SchemaFile& file, const std::string& path, const std::string& fragment,
               std::optional<schema::CompiledSchema>& out, std::string& error);

// A SchemaError::schema_path as shown to users: a file URI inside the
// schemas/ directory becomes "torch_trace/kinds/x.schema.json#/required",
// and that document's root "torch_trace/kinds/x.schema.json".
std::string display_schema_path(std::string_view schema_path, std::string_view root, std::string_view root_file);

}  // namespace tc::formats
