// Findings in the formats CI systems read, so emitter authors see them on
// their own pull requests.
//
//   sarif   SARIF 2.1.0, one document for the whole run: the rules that fired
//           (with their documentation link) and one result per finding
//   github  GitHub Actions workflow commands, one line per finding:
//           ::error file=F,line=L,col=C,title=RULE::message
//
// Contract: both are pure functions of the findings (sorted as given), so
// the same findings give the same bytes; every value is escaped as its
// format requires (SARIF is JSON; GitHub's %, CR, LF, and ':' ',' in
// properties).
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.h"

namespace tc::diag {

class Catalog;

// `catalog` describes the rules that fired (formats/registry/registry.h catalog()).
std::string format_sarif(const std::vector<Diagnostic>& findings, const Catalog& catalog);
std::string format_github(const Diagnostic& d);  // one line, no newline

}  // namespace tc::diag
