// Where tracecheck finds its data at run time: schemas/ and scrubbers/.
//
// Contract: $TRACECHECK_DATA_DIR when set; else <prefix>/share/tracecheck
// when the running executable sits in <prefix>/bin and that folder holds
// schemas/ (an installed tracecheck, `cmake --install`); else the source
// tree it was built from (TRACECHECK_SOURCE_DIR). Computed once.
#pragma once

#include <string>

namespace tc::io {

const std::string& data_root();

}  // namespace tc::io
