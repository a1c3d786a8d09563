// Case names and other relative paths that end up below golden/ or cases/.
//
// Contract: a safe relative path is non-empty, relative, made of segments of
// [A-Za-z0-9_.-] separated by single '/', with no segment "." or "..", so
// joining it to a root can never leave that root.
#pragma once

#include <string_view>

namespace tc::cases {

bool is_safe_relative_path(std::string_view path);

}  // namespace tc::cases
