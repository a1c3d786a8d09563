// Invariants of an inductor debug-trace directory, as PyTorch's
// test_debug_trace asserts them: at least one graph folder; in each, the six
// files with their minimum sizes; and, when the capture's
// debug_trace_log.txt is there, exactly one "WARNING... debug trace: <dir>"
// line naming an existing graph folder of this directory.
//
// Contract: findings name the file (root/<relative path>) and a pointer of
// the form /<relative path>; a path in the log line is resolved inside
// `root` from its "torch_compile_debug/" part (or its run_ folder), so a
// replayed capture in another place still resolves. Each file may also be
// kept gzipped (stored_file.h): sizes are then its content's.
#pragma once

#include <string>

#include "diag/reporter.h"
#include "formats/debug_dir/layout.h"

namespace tc::formats::debug_dir {

void check_debug_dir(const std::string& root, const DebugDirScan& scan, diag::Reporter& reporter);

}  // namespace tc::formats::debug_dir
