// Stability check before a golden is written: the scrubbed results of two
// captures of the same workload, each in its own process with fresh
// TORCH_TRACE and cache folders, must be byte-identical.
//
// Contract: stable when the two texts are equal. Otherwise `report` names
// every differing line (golden line number, section, record kind and compile
// id) and, for JSON records, every differing field as a path from the
// record's top level with both values; it ends with scrub rules for the rule
// set that would replace those fields (one rule per field, or one for a
// whole record-kind object when more than three of its fields differ).
// Bounded: at most `max_lines` report lines.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tc::golden {

struct StabilityReport {
  bool stable = true;
  std::string report;
};

StabilityReport compare_captures(std::string_view first, std::string_view second, std::string_view rule_set,
                                 size_t max_lines = 60);

}  // namespace tc::golden
