// Member names of the top-level object, as the splitter (json/array_stream.h)
// reads them: the raw text between the quotes, unescaped.
//
// Contract: never fails. The JSON escapes (\b \f \n \r \t \uXXXX, a
// surrogate pair as one code point, \" \\ \/) become their characters; a
// malformed \u escape is kept as written and any other escaped byte stands
// for itself (the member's value is parsed separately, so a bad key costs
// nothing but its name).
#pragma once

#include <string>
#include <string_view>

namespace tc::json {

std::string unescape_json_key(std::string_view raw);

}  // namespace tc::json
