// Renders a Value byte-identically to Python's json.dumps(value) with
// default arguments: separators ", " and ": ", keys in stored order,
// ensure_ascii (\uXXXX, lowercase hex, surrogate pairs above U+FFFF), float
// repr (shortest round-trip; exponent form below 1e-4 and from 1e16 on),
// NaN / Infinity / -Infinity, integers as stored.
#pragma once

#include <string>

#include "json/value.h"

namespace tc::json {

void python_dump(const Value& v, std::string& out);
std::string python_dump(const Value& v);

// Python's repr(float) for a double.
void python_float_repr(double d, std::string& out);
// A JSON string literal with ensure_ascii escaping, quotes included.
void python_string_literal(std::string_view utf8, std::string& out);

}  // namespace tc::json
