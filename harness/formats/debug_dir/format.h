// The debug_dir format as the registry (formats/registry/registry.cpp) lists it:
// its detection, reader, checks and canonical text, defined in
// formats/debug_dir/format.cpp.
#pragma once

#include "formats/format.h"

namespace tc::formats::debug_dir {

Format debug_dir_format();

}  // namespace tc::formats::debug_dir
