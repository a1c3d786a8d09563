// libFuzzer target: tc::json::Parser (simdjson fast path, Python-dialect
// retry, error location) and python_dump of what it accepts. A parse must
// either succeed or give an error offset inside the text, and dumping a
// parsed value then parsing the dump must succeed again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "json/parse.h"
#include "json/python_dump.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  tc::json::Parser parser;
  tc::json::ParseResult r = parser.parse(text);
  if (!r.ok) {
    if (r.error.offset > text.size() || r.error.message.empty()) std::abort();
    tc::json::ParseError e;
    if (parser.validate(text, &e)) std::abort();  // validate() and parse() must agree
    return 0;
  }
  std::string dumped = tc::json::python_dump(r.value);
  tc::json::ParseResult again = parser.parse(dumped);
  if (!again.ok) std::abort();  // what Python's json.dumps writes, json.loads reads back
  return 0;
}
