// One-letter severities for the tables of rule defaults (rule_catalog.cpp)
// and profiles (profile.cpp), so a table row reads as its rule and letter.
// Only for those tables: everywhere else, spell Severity::Error.
#pragma once

#include "diag/diagnostic.h"

namespace tc::diag::severity_shorthand {

constexpr auto E = Severity::Error;
constexpr auto W = Severity::Warning;
constexpr auto Off = Severity::Off;  // rules reported only under profiles that turn them on

}  // namespace tc::diag::severity_shorthand
