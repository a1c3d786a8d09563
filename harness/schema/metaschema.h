// The draft-07 metaschema, built in so that {"$ref":
// "http://json-schema.org/draft-07/schema#"} resolves without a network or
// a Resolver. The committed file is schemas/meta/draft-07-schema.json.
#pragma once

#include <string_view>

namespace tc::schema {

// The metaschema's JSON text, byte for byte the committed file.
std::string_view draft07_metaschema_text();

// True for http(s)://json-schema.org/draft-07/schema, with or without "#".
bool is_draft07_metaschema_uri(std::string_view uri);

}  // namespace tc::schema
