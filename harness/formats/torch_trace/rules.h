// The TORCH_TRACE (structured compile trace) rules and the profiles of its consumers (diag/rule_catalog.h),
// which the registry adds to the catalog: Format::rules, Format::profiles.
#pragma once

#include <span>
#include <vector>

#include "diag/profile.h"
#include "diag/rule_catalog.h"

namespace tc::formats::torch_trace {

std::span<const diag::Rule> torch_trace_rules();
std::vector<diag::Profile> torch_trace_profiles();

}  // namespace tc::formats::torch_trace
