// The inductor debug-trace directory rules and the profiles of its consumers (diag/rule_catalog.h),
// which the registry adds to the catalog: Format::rules, Format::profiles.
#pragma once

#include <span>
#include <vector>

#include "diag/profile.h"
#include "diag/rule_catalog.h"

namespace tc::formats::debug_dir {

std::span<const diag::Rule> debug_dir_rules();
std::vector<diag::Profile> debug_dir_profiles();

}  // namespace tc::formats::debug_dir
