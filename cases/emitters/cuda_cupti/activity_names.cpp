#include "activity_names.h"

#include <cupti_activity.h>
#include <cxxabi.h>

#include <cstdlib>
#include <cstring>

namespace cupti_trace {
namespace {

const char* copy_kind_name(uint32_t kind) {
  switch (kind) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
      return "HtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
      return "DtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA:
      return "HtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH:
      return "AtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA:
      return "AtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD:
      return "AtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA:
      return "DtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD:
      return "DtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH:
      return "HtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP:
      return "PtoP";
    default:
      return "<unknown>";
  }
}

const char* memory_kind_name(uint32_t kind) {
  switch (kind) {
    case CUPTI_ACTIVITY_MEMORY_KIND_UNKNOWN:
      return "Unknown";
    case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE:
      return "Pageable";
    case CUPTI_ACTIVITY_MEMORY_KIND_PINNED:
      return "Pinned";
    case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE:
      return "Device";
    case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY:
      return "Array";
    case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED:
      return "Managed";
    case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC:
      return "Device Static";
    case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC:
      return "Managed Static";
    default:
      return "Unrecognized";
  }
}

}  // namespace

std::string kernel_name(const char* name) {
  if (!name) return "kernel";
  // Only "_Z" names are mangled: __cxa_demangle would also read a plain
  // name such as "i" as a type encoding ("int").
  if (std::strncmp(name, "_Z", 2) != 0) return name;
  int status = 0;
  char* demangled = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string out = status == 0 && demangled ? demangled : name;
  std::free(demangled);
  return out;
}

std::string runtime_api_name(const std::string& callback_name) {
  size_t v = callback_name.rfind("_v");
  if (v == std::string::npos || v + 2 == callback_name.size()) return callback_name;
  for (size_t i = v + 2; i < callback_name.size(); ++i)
    if (callback_name[i] < '0' || callback_name[i] > '9') return callback_name;
  return callback_name.substr(0, v);
}

std::string memcpy_name(uint32_t copy_kind, uint32_t src_kind, uint32_t dst_kind) {
  return std::string("Memcpy ") + copy_kind_name(copy_kind) + " (" + memory_kind_name(src_kind) + " -> " +
         memory_kind_name(dst_kind) + ")";
}

std::string memset_name(uint32_t memory_kind) { return std::string("Memset (") + memory_kind_name(memory_kind) + ")"; }

}  // namespace cupti_trace
