#include "cupti_chrome_trace.h"

#include <cupti.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

namespace cupti_trace {
namespace {

struct Event {
  std::string name;
  std::string cat;
  uint64_t start_ns = 0, end_ns = 0;
  uint32_t pid = 0, tid = 0;
  uint32_t correlation = 0;
  bool flow_source = false;  // a runtime launch: source of an ac2g flow
  bool flow_target = false;  // a kernel: target of an ac2g flow
};

std::mutex g_mutex;
std::vector<Event> g_events;
constexpr size_t kBufferSize = 8 << 20;
constexpr uint32_t kHostPid = 0;
constexpr uint32_t kDevicePidBase = 1000;

bool check(CUptiResult r, const char* what) {
  if (r == CUPTI_SUCCESS) return true;
  const char* msg = nullptr;
  cuptiGetResultString(r, &msg);
  std::fprintf(stderr, "cupti: %s failed: %s\n", what, msg ? msg : "unknown error");
  return false;
}

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferSize));
  *size = kBufferSize;
  *max_records = 0;
}

// JSON string escaping for names that may come from user code (NVTX).
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void record(const CUpti_Activity* a) {
  Event e;
  switch (a->kind) {
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
    case CUPTI_ACTIVITY_KIND_KERNEL: {
      auto* k = reinterpret_cast<const CUpti_ActivityKernel9*>(a);
      e = {k->name ? k->name : "kernel", "kernel", k->start, k->end,
           kDevicePidBase + k->deviceId, k->streamId, k->correlationId, false, true};
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(a);
      e = {"Memcpy", "gpu_memcpy", m->start, m->end, kDevicePidBase + m->deviceId, m->streamId,
           m->correlationId, false, false};
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(a);
      e = {"Memset", "gpu_memset", m->start, m->end, kDevicePidBase + m->deviceId, m->streamId,
           m->correlationId, false, false};
      break;
    }
    case CUPTI_ACTIVITY_KIND_RUNTIME: {
      auto* r = reinterpret_cast<const CUpti_ActivityAPI*>(a);
      const char* name = nullptr;
      cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, r->cbid, &name);
      std::string n = name ? name : "cuda_runtime";
      bool launch = n.find("Launch") != std::string::npos;
      e = {n, "cuda_runtime", r->start, r->end, kHostPid, r->threadId, r->correlationId, launch, false};
      break;
    }
    case CUPTI_ACTIVITY_KIND_MARKER: {
      auto* m = reinterpret_cast<const CUpti_ActivityMarker2*>(a);
      // NVTX push/pop and range start/end arrive as two markers; instant
      // markers carry the name. Record them as instants; ranges are paired
      // by the consumer through the id.
      if (!m->name) return;
      e = {m->name, "user_annotation", m->timestamp, m->timestamp, kHostPid, 0, m->id, false, false};
      break;
    }
    default: return;
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  g_events.push_back(std::move(e));
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
  CUpti_Activity* a = nullptr;
  while (cuptiActivityGetNextRecord(buffer, valid, &a) == CUPTI_SUCCESS) record(a);
  std::free(buffer);
}

constexpr CUpti_ActivityKind kKinds[] = {
    CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMSET,
    CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_ACTIVITY_KIND_MARKER};

}  // namespace

bool start() {
  if (!check(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed), "register callbacks"))
    return false;
  for (auto kind : kKinds)
    if (!check(cuptiActivityEnable(kind), "enable activity")) return false;
  return true;
}

bool stop_and_write(const std::string& path) {
  if (!check(cuptiActivityFlushAll(1), "flush")) return false;
  for (auto kind : kKinds) cuptiActivityDisable(kind);
  std::ofstream out(path);
  if (!out) {
    std::fprintf(stderr, "cupti: cannot write %s\n", path.c_str());
    return false;
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  uint64_t origin = UINT64_MAX;
  for (const Event& e : g_events) origin = std::min(origin, e.start_ns);
  auto us = [&](uint64_t ns) { return std::to_string((ns - origin) / 1000) + "." + std::to_string((ns - origin) % 1000 / 100); };
  out << "{\"traceEvents\": [\n";
  out << R"({"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "host"}})";
  for (const Event& e : g_events) {
    out << ",\n{\"ph\": \"X\", \"name\": " << quoted(e.name) << ", \"cat\": \"" << e.cat << "\", \"pid\": "
        << e.pid << ", \"tid\": " << e.tid << ", \"ts\": " << us(e.start_ns)
        << ", \"dur\": " << us(origin + (e.end_ns - e.start_ns)) << ", \"args\": {\"correlation\": "
        << e.correlation << "}}";
    if (e.flow_source || e.flow_target) {
      out << ",\n{\"ph\": \"" << (e.flow_source ? "s" : "f") << "\", \"id\": " << e.correlation
          << ", \"pid\": " << e.pid << ", \"tid\": " << e.tid << ", \"ts\": " << us(e.start_ns)
          << ", \"cat\": \"ac2g\", \"name\": \"ac2g\"" << (e.flow_target ? ", \"bp\": \"e\"" : "") << "}";
    }
  }
  out << "\n], \"displayTimeUnit\": \"ms\"}\n";
  return static_cast<bool>(out);
}

}  // namespace cupti_trace
