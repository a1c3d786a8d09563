// Names of CUPTI activities as Kineto (PyTorch's profiler) writes them, so
// that this emitter's traces read like the GPU side of a torch.profiler trace.
//
// Contract: pure functions of their arguments; no CUPTI call, no GPU needed.
//   kernel_name("_Z5saxpyifPKfPf") == "saxpy(int, float, float const*, float*)":
//     an Itanium-mangled name ("_Z...") demangled with abi::__cxa_demangle;
//     any other name (extern "C" kernels) or one that does not demangle as is.
//   runtime_api_name("cudaLaunchKernel_v7000") == "cudaLaunchKernel": the
//     callback name CUPTI gives without its "_vNNNN" version suffix
//     ("cudaLaunchKernel_ptsz_v7000" -> "cudaLaunchKernel_ptsz").
//   memcpy_name(HTOD, PAGEABLE, DEVICE) == "Memcpy HtoD (Pageable -> Device)",
//   memset_name(DEVICE) == "Memset (Device)": kinds by their
//     CUpti_ActivityMemcpyKind / CUpti_ActivityMemoryKind values.
#pragma once

#include <cstdint>
#include <string>

namespace cupti_trace {

std::string kernel_name(const char* name);
std::string runtime_api_name(const std::string& callback_name);
std::string memcpy_name(uint32_t copy_kind, uint32_t src_kind, uint32_t dst_kind);
std::string memset_name(uint32_t memory_kind);

}  // namespace cupti_trace
