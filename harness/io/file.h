// Whole files read and written at once, for the small files tracecheck
// keeps (goldens, reports, pages).
//
// Contract: read_file() gives nullopt for a file it cannot open.
// write_file_atomic() creates the target's folder, writes a temp file in it
// and renames that over the target, so a reader sees the old or the new
// file, never half of one; on failure it leaves no temp file and says why in
// `error`.
#pragma once

#include <optional>
#include <string>

namespace tc::io {

std::optional<std::string> read_file(const std::string& path);
bool write_file_atomic(const std::string& path, const std::string& content, std::string& error);

}  // namespace tc::io
