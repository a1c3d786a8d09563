// The Chrome trace (Trace Event Format) and Kineto's extras rules and the profiles of its consumers (diag/rule_catalog.h),
// which the registry adds to the catalog: Format::rules, Format::profiles.
#pragma once

#include <span>
#include <vector>

#include "diag/profile.h"
#include "diag/rule_catalog.h"

namespace tc::formats::chrome_trace {

std::span<const diag::Rule> chrome_trace_rules();
std::vector<diag::Profile> chrome_trace_profiles();

}  // namespace tc::formats::chrome_trace
