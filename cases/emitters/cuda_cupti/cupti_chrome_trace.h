// Records CUDA activity with CUPTI and writes it as a Chrome trace.
//
// Contract: start() enables CUPTI activity records for kernels, memcpys,
// memsets, runtime API calls and NVTX ranges; stop_and_write(path) flushes
// them and writes a Chrome trace object ({"traceEvents": [...]}) with
// complete events ("ph": "X", ts/dur in microseconds), one pid per device
// plus one for the host, thread names as "M" metadata events, and an ac2g
// flow ("s"/"f", cat "ac2g") linking each runtime launch to its kernel by
// CUPTI correlation id. Returns false and prints the CUPTI error otherwise.
#pragma once

#include <string>

namespace cupti_trace {

bool start();
bool stop_and_write(const std::string& path);

}  // namespace cupti_trace
