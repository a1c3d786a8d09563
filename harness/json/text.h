// Positions inside a JSON text, for diagnostics: json::Value keeps no
// offsets, so the (rare) diagnostic that needs a column or a JSON pointer
// walks the text once more here.
//
// Contract: the text is one that json::Parser accepted (Python's dialect:
// NaN, Infinity, -Infinity allowed); on other text the functions stop at the
// first token they do not understand and report what they found so far.
// Pointers follow RFC 6901 ("/a/0/b", '~' and '/' escaped as ~0 and ~1).
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tc::json {

struct JsonTextFinding {
  enum class Kind { DuplicateKey, NonFinite, OutOfRange, LoneSurrogate, BigInteger };
  Kind kind;
  std::string pointer;  // the duplicated member, or the number's place
  size_t offset = 0;    // byte offset of the key or the literal
  std::string detail;   // the key or the literal as written (the escape, for a lone surrogate)
};

// Duplicate keys, NaN/Infinity literals, floats beyond double range and
// lone surrogate escapes (in keys or values), in text order, at most `limit`
// of them.
std::vector<JsonTextFinding> find_json_quirks(std::string_view text, size_t limit = 64);

// Integer literals (no fraction, no exponent) beyond 64 bits (below
// INT64_MIN or above UINT64_MAX), which simdjson rejects and Python and
// JSON.parse read (exactly, or as the nearest double): Kind::BigInteger, the
// one kind find_json_quirks does not look for. At most `limit` of them.
std::vector<JsonTextFinding> find_big_integers(std::string_view text, size_t limit = 16);

// Byte offset where the value at `pointer` starts ("" is the whole text);
// for a duplicated key, the last occurrence (the one Python keeps).
// npos when there is no such value.
size_t locate_json_pointer(std::string_view text, std::string_view pointer);

// True when some object in `value` repeats a key (simdjson's DOM keeps every
// member; Python keeps the last value). The fast test on parsed values:
// find_json_quirks then locates the duplicates in the text. `scratch` is
// working memory, reused across calls (left as it was found).
bool has_duplicate_keys(simdjson::dom::element value, std::vector<std::string_view>& scratch);

// Appends `value` as minified JSON the way JSON.parse and Python read a
// repeated key: each object's key once, in the place of its first
// occurrence, with the value of its last. Parsing the result gives checks
// the values every consumer keeps.
void append_last_values(simdjson::dom::element value, std::string& out);

// Appends "/" + the escaped token to a pointer.
void append_pointer_token(std::string& pointer, std::string_view token);

}  // namespace tc::json
