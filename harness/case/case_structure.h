// Structure check of a case file against schemas/case.schema.json.
//
// Contract: returns one message per violation, each naming the field as a
// JSON pointer ("/requires/0/reason: ..."); empty when the document conforms.
// The schema is compiled once with the project's validator
// (harness/schema/), so the file and the loader can never disagree.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tc::cases {

std::vector<std::string> check_case_structure(const nlohmann::json& doc);

}  // namespace tc::cases
