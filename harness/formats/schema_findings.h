// How a schema validation error becomes a finding, for every format: a key
// a closed schema does not know (a failing additionalProperties: false) is
// drift, reported as the warning schema-unknown-key; anything else is the
// error schema-violation.
//
// Contract: pure functions of the SchemaError; messages name the record kind
// and the schema location as formats/schema_set.h displays it.
#pragma once

#include <string>
#include <string_view>

#include "schema/schema.h"

namespace tc::checks {

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

}  // namespace tc::checks
