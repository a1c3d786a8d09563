// Reads this process's mount table (/proc/self/mountinfo).
//
// Contract: mount_points_below(dir) lists every mount point equal to `dir` or
// below it, as absolute paths with mountinfo's octal escapes (\040 ...)
// decoded, in table order. `dir` is compared lexically after
// weakly_canonical(), so "/a/b" is below "/a" but "/a/bc" is not. An
// unreadable table yields an empty list and sets *error.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tc::runner {

// The mount points of a mountinfo text (one mount per line; field 5).
std::vector<std::string> parse_mount_points(std::string_view mountinfo);

std::vector<std::string> mount_points_below(const std::filesystem::path& dir,
                                            std::string& error);

}  // namespace tc::runner
