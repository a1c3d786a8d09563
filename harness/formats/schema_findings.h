// How a schema validation error becomes a finding, for every format: a key
// a closed schema does not know (a failing additionalProperties: false) is
// drift, reported as the warning schema-unknown-key; anything else is the
// error schema-violation, or, inside a record whose format checks its
// fields itself (Chrome events, execution-trace nodes), a fact that the
// format's own finding claims (SchemaFacts) or its rule for what the schema
// alone constrains.
//
// Contract: pure functions of the SchemaError; messages name the record kind
// and the schema location as formats/schema_set.h displays it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "schema/schema.h"

namespace tc::formats {

inline constexpr std::string_view kUnknownKeyHint =
    "format drift: a newer emitter added the key, or it is misspelled; consumers that follow the schema ignore "
    "or reject it";
inline constexpr std::string_view kViolationHint =
    "consumers that rely on the schema's contract may misread or reject the record";

bool is_unknown_key(const schema::SchemaError& e);

// The last reference token of a JSON pointer, unescaped ("/a/b~1c" -> "b/c").
std::string last_token(std::string_view pointer);

// "<owner> has a key its schema does not know: "<key>" (schema <where>)".
std::string unknown_key_message(std::string_view owner, const schema::SchemaError& e, std::string_view schema_at);
// "<validator message> (schema <where>)".
std::string violation_message(const schema::SchemaError& e, std::string_view schema_at);

// A finding reported for a schema failure itself (Diagnostic::breaks_schema set).
diag::Diagnostic schema_finding(std::string_view rule, diag::Location where, std::string message,
                                std::string_view kind, std::string pointer, std::string_view hint = {});

// A schema error's place among a record's fields: its instance pointer
// without the leading '/', with the missing property appended for a failing
// `required` ("args" for an M event without args); "" for the record as a
// whole (a failing anyOf at its top).
std::string fact_path(const schema::SchemaError& e);

// One record's schema failures, held while the format's own checks run, so
// that one fact is reported once: a finding of the format's own rule about
// a field claims the failures at or below (or above) that field, and only
// the unclaimed ones are reported as schema findings. Unknown keys are
// never claimed.
class SchemaFacts {
 public:
  struct Fact {
    schema::SchemaError error;
    std::string path;  // fact_path(error), under `prefix` when one was given
    bool unknown_key = false;
    bool claimed = false;
  };

  void clear() { facts_.clear(); }
  void add(schema::SchemaError e, std::string_view prefix = {});
  bool empty() const { return facts_.empty(); }
  // Claims the facts `path` covers: the same field, one below it or one
  // above it, and the record-level ones; true when it claimed any, i.e. the
  // schema rejects what the finding is about.
  bool claim(std::string_view path);
  const std::vector<Fact>& facts() const { return facts_; }

 private:
  std::vector<Fact> facts_;
};

}  // namespace tc::formats
