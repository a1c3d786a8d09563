// CUPTI's side of the emitter: routes NVTX to CUPTI, receives activity
// buffers, reads each record into chrome_writer.h's plain activities, and
// hands them to the writer. Record versions are CUDA 13's (CUPTI_API_VERSION
// 130001): CUpti_ActivityKernel10, Memcpy6, Memset4, API, Marker2.
#include "cupti_chrome_trace.h"

#include <cuda_runtime_api.h>
#include <cupti.h>
#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "activity_names.h"
#include "chrome_writer.h"

namespace cupti_trace {
namespace {

std::mutex g_mutex;  // CUPTI may complete buffers on its own thread
Collected g_collected;
size_t g_dropped = 0;
uint32_t g_start_thread = 0;  // NVTX markers not tied to a thread land here
constexpr size_t kBufferSize = 8 << 20;

constexpr CUpti_ActivityKind kKinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                                         CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_RUNTIME,
                                         CUPTI_ACTIVITY_KIND_MARKER};

bool check(CUptiResult r, const char* what) {
  if (r == CUPTI_SUCCESS) return true;
  const char* msg = nullptr;
  cuptiGetResultString(r, &msg);
  std::fprintf(stderr, "cupti: %s failed: %s\n", what, msg ? msg : "unknown error");
  return false;
}

std::string number(uint64_t n) { return std::to_string(n); }

// NVTX3 loads the library NVTX_INJECTION64_PATH names at its first call and
// calls its InitializeInjectionNvtx2; CUPTI's documented NVTX setup is to
// name the libcupti in use. The path is that of the library defining that
// entry point in this process (dlsym finds the definition itself; the
// address of a linked function such as cuptiActivityEnable may be a PLT
// stub in the executable, whose path dladdr would give).
bool route_nvtx_to_cupti() {
  if (const char* set = std::getenv("NVTX_INJECTION64_PATH")) {
    std::fprintf(
        stderr, "cupti: NVTX_INJECTION64_PATH is set (%s): NVTX ranges go there, not necessarily to this trace\n", set);
    return true;
  }
  void* entry = dlsym(RTLD_DEFAULT, "InitializeInjectionNvtx2");
  Dl_info info{};
  if (!entry || !dladdr(entry, &info) || !info.dli_fname || !*info.dli_fname) {
    std::fprintf(stderr, "cupti: no loaded library defines InitializeInjectionNvtx2: NVTX ranges would be lost\n");
    return false;
  }
  if (setenv("NVTX_INJECTION64_PATH", info.dli_fname, 0) != 0) {
    std::perror("cupti: setenv NVTX_INJECTION64_PATH");
    return false;
  }
  return true;
}

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferSize));  // CUPTI needs 8-byte alignment
  *size = *buffer ? kBufferSize : 0;
  *max_records = 0;
}


// Reads one record; g_mutex is held.
void record(const CUpti_Activity* r) {
  switch (r->kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
      auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(r);
      Activity a =
          gpu_activity(kernel_name(k->name), "kernel", k->start, k->end, k->deviceId, k->streamId, k->correlationId);
      auto triple = [](int32_t x, int32_t y, int32_t z) {
        return "[" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + "]";
      };
      a.args.push_back({"grid", triple(k->gridX, k->gridY, k->gridZ)});
      a.args.push_back({"block", triple(k->blockX, k->blockY, k->blockZ)});
      a.args.push_back({"registers per thread", number(k->registersPerThread)});
      a.args.push_back({"shared memory", std::to_string(k->staticSharedMemory + k->dynamicSharedMemory)});
      g_collected.activities.push_back(std::move(a));
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(r);
      Activity a = gpu_activity(memcpy_name(m->copyKind, m->srcKind, m->dstKind), "gpu_memcpy", m->start, m->end,
                                m->deviceId, m->streamId, m->correlationId);
      a.args.push_back({"bytes", number(m->bytes)});
      g_collected.activities.push_back(std::move(a));
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(r);
      Activity a = gpu_activity(memset_name(m->memoryKind), "gpu_memset", m->start, m->end, m->deviceId, m->streamId,
                                m->correlationId);
      a.args.push_back({"bytes", number(m->bytes)});
      g_collected.activities.push_back(std::move(a));
      break;
    }
    case CUPTI_ACTIVITY_KIND_RUNTIME: {
      auto* api = reinterpret_cast<const CUpti_ActivityAPI*>(r);
      const char* name = nullptr;
      cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, api->cbid, &name);
      Activity a;
      a.name = name ? runtime_api_name(name) : "cuda_runtime " + number(api->cbid);
      a.cat = "cuda_runtime";
      a.start_ns = api->start;
      a.end_ns = api->end;
      a.thread = api->threadId;
      a.correlation = api->correlationId;
      a.args = {{"cbid", number(api->cbid)}, {"correlation", number(api->correlationId)}};
      g_collected.activities.push_back(std::move(a));
      break;
    }
    case CUPTI_ACTIVITY_KIND_MARKER: {
      auto* m = reinterpret_cast<const CUpti_ActivityMarker2*>(r);
      Marker marker;
      if (m->flags & CUPTI_ACTIVITY_FLAG_MARKER_START)
        marker.kind = Marker::Kind::Start;
      else if (m->flags & CUPTI_ACTIVITY_FLAG_MARKER_END)
        marker.kind = Marker::Kind::End;
      else if (m->flags & CUPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS)
        marker.kind = Marker::Kind::Instant;
      else
        return;  // synchronization markers (nvtxSync*) are not ranges
      marker.id = m->id;
      marker.ts_ns = m->timestamp;
      marker.thread = m->objectKind == CUPTI_ACTIVITY_OBJECT_THREAD ? m->objectId.pt.threadId : g_start_thread;
      if (m->name) marker.name = m->name;  // only start and instant markers carry it
      g_collected.markers.push_back(std::move(marker));
      break;
    }
    default:
      break;
  }
}

void CUPTIAPI buffer_completed(CUcontext context, uint32_t stream, uint8_t* buffer, size_t, size_t valid) {
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    CUpti_Activity* r = nullptr;
    while (cuptiActivityGetNextRecord(buffer, valid, &r) == CUPTI_SUCCESS) record(r);
    size_t dropped = 0;
    if (cuptiActivityGetNumDroppedRecords(context, stream, &dropped) == CUPTI_SUCCESS) g_dropped += dropped;
  }
  std::free(buffer);
}

// Kineto's deviceProperties for the devices that have activity.
std::vector<DeviceProperties> query_devices(const std::set<uint32_t>& ids) {
  std::vector<DeviceProperties> devices;
  for (uint32_t id : ids) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, static_cast<int>(id)) != cudaSuccess) continue;
    DeviceProperties d;
    d.id = id;
    d.name = p.name;
    d.total_global_mem = p.totalGlobalMem;
    d.compute_major = p.major;
    d.compute_minor = p.minor;
    d.max_threads_per_block = p.maxThreadsPerBlock;
    d.max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    d.regs_per_block = p.regsPerBlock;
    d.regs_per_sm = p.regsPerMultiprocessor;
    d.warp_size = p.warpSize;
    d.shared_mem_per_block = p.sharedMemPerBlock;
    d.shared_mem_per_sm = p.sharedMemPerMultiprocessor;
    d.shared_mem_per_block_optin = p.sharedMemPerBlockOptin;
    d.num_sms = p.multiProcessorCount;
    devices.push_back(std::move(d));
  }
  return devices;
}

}  // namespace

bool start() {
  if (!route_nvtx_to_cupti()) return false;
  g_collected.host_pid = static_cast<uint32_t>(getpid());
  g_start_thread = static_cast<uint32_t>(syscall(SYS_gettid));
  if (!check(cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM), "set thread id type")) return false;
  if (!check(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed), "register callbacks")) return false;
  for (auto kind : kKinds)
    if (!check(cuptiActivityEnable(kind), "enable activity")) return false;
  return true;
}

bool stop_and_write(const std::string& path) {
  // Disabled first, so that nothing recorded after the flush is lost and
  // the device queries below are not recorded.
  for (auto kind : kKinds) cuptiActivityDisable(kind);
  if (!check(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), "flush")) return false;
  std::set<uint32_t> device_ids;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    for (const Activity& a : g_collected.activities)
      if (a.side == Activity::Side::Gpu) device_ids.insert(a.device);
  }
  // Queried without the lock: a CUDA call may complete a buffer on this thread.
  std::vector<DeviceProperties> devices = query_devices(device_ids);
  std::lock_guard<std::mutex> lock(g_mutex);
  g_collected.devices = std::move(devices);
  if (g_dropped) std::fprintf(stderr, "cupti: %zu activity records were dropped\n", g_dropped);
  std::ofstream out(path);
  if (!out) {
    std::fprintf(stderr, "cupti: cannot write %s\n", path.c_str());
    return false;
  }
  for (const std::string& problem : write_chrome_trace(out, g_collected))
    std::fprintf(stderr, "cupti: %s\n", problem.c_str());
  out.close();
  if (!out) {
    std::fprintf(stderr, "cupti: writing %s failed\n", path.c_str());
    return false;
  }
  return true;
}

}  // namespace cupti_trace
