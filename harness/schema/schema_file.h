// Loads a schema from a file for the command line: reads it, compiles it,
// and places any problem at a line and column of the file.
//
// Contract: $refs to other documents resolve relative to the schema file
// through file: URIs (local files only, never the network) and to the
// built-in draft-07 metaschema; unknown keywords come back as warnings
// with their location.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/schema.h"

namespace tc::schema {

struct SchemaFileProblem {
  uint64_t line = 1, column = 1;
  std::string message;
  std::string location;  // JSON pointer (or URI#pointer) in the schema, may be empty
};

struct SchemaFile {
  enum class Status { Ok, Unreadable, Invalid };
  Status status = Status::Invalid;
  std::optional<CompiledSchema> schema;
  SchemaFileProblem problem;                        // when not Ok
  std::vector<SchemaFileProblem> unknown_keywords;  // when Ok
};

SchemaFile load_schema_file(const std::string& path);

// The subschema at JSON pointer `fragment` ("/properties/traceEvents") of the
// schema file at `path`, its $refs resolving as in the file: a place of the
// file's one compile (CompiledSchema::at), or else, for a place that compile
// does not reach, {"$ref": fragment} compiled on its own. An empty fragment
// is the whole file; one the file does not hold is an Invalid problem at 1:1.
SchemaFile load_schema_file(const std::string& path, const std::string& fragment);
// The same of a file loaded already from `path` (many fragments, one
// compile); a file that did not load comes back as it is.
SchemaFile schema_file_part(const SchemaFile& file, const std::string& path, const std::string& fragment);

// "file://" + the absolute path, with '%', '#', '?' and spaces escaped.
std::string file_uri(const std::string& path);

}  // namespace tc::schema
