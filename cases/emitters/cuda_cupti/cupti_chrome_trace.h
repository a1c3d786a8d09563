// Records CUDA activity with CUPTI and writes it as a Chrome trace.
//
// Contract:
//   start() must run before the program's first NVTX call. It routes NVTX to
//   CUPTI (NVTX3 reads NVTX_INJECTION64_PATH at its first call; start() sets
//   it to the libcupti this program loaded, unless the caller set it: then
//   NVTX goes where the caller said, and a note says so on stderr), sets
//   CUPTI's thread ids to the system's (gettid, as Kineto does), and enables
//   activity records for kernels, memcpys, memsets, runtime API calls and
//   NVTX markers.
//   stop_and_write(path) flushes the records, disables them and writes the
//   trace chrome_writer.h describes: kernels (demangled names, cat "kernel"),
//   memcpys ("Memcpy HtoD (Pageable -> Device)", cat "gpu_memcpy") and
//   memsets ("Memset (Device)", cat "gpu_memset") on pid = device, tid =
//   stream; runtime calls ("cudaLaunchKernel", cat "cuda_runtime") and NVTX
//   push/pop ranges (complete events, cat "user_annotation") on the host pid
//   and the calling thread's id; an "ac2g" flow from each runtime call to the
//   GPU activity it produced (launch, memcpy, memset), by correlation id; and
//   deviceProperties for every device with activity.
// Both return false after printing the failure on stderr; stop_and_write
// also prints, without failing, what the records lacked (dropped records,
// NVTX ranges never closed).
#pragma once

#include <string>

namespace cupti_trace {

bool start();
bool stop_and_write(const std::string& path);

}  // namespace cupti_trace
