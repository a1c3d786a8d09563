// The Chrome trace this emitter writes, from activities already read out of
// CUPTI's records (cupti_chrome_trace.cpp). No CUPTI call, no GPU: a test
// can feed it records it made up.
//
// Contract of write_chrome_trace(out, c) (what cases/emitters/cuda_cupti.py
// checks on real runs):
//   - one object {"traceEvents": [...], "deviceProperties": [...],
//     "displayTimeUnit": "ms"}; names JSON-escaped (quotes, backslashes,
//     control characters);
//   - ts and dur in microseconds with three decimals (nanosecond precision),
//     ts relative to the earliest timestamp of the trace; an activity whose
//     end is before its start gets dur 0;
//   - host activities (runtime calls, NVTX ranges) on pid c.host_pid and
//     their thread id; GPU activities on pid = device id and tid = stream
//     id, as Kineto lays them out (so a host pid equal to a device id, only
//     possible in a small PID namespace, would share that device's process);
//     "M" events name every process ("host", "GPU N") and thread ("thread
//     T", "stream S");
//   - NVTX markers: a start and the end with the same id become one
//     complete event ("X", cat "user_annotation") from start to end on the
//     start's thread, named by the start; an instant marker becomes an
//     "i" event (scope "t"); a start without its end or an end without its
//     start is left out and reported in the returned list;
//   - a runtime call and the GPU activity it produced (the same correlation
//     id; the first in start order where several share one) are joined by a
//     flow (cat and name "ac2g", id = correlation): "s" at the runtime call's
//     start on its thread, "f" with bp "e" at the GPU activity's start on
//     its stream. No flow where either side is missing.
// Events are written in order of start time. Returns the problems it left
// out (one line each); writing errors show in the stream's state.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace cupti_trace {

// One JSON member of an event's "args": the key and its rendered value.
using Arg = std::pair<std::string, std::string>;

struct Activity {
  enum class Side { Host, Gpu };
  Side side = Side::Host;
  std::string name, cat;
  uint64_t start_ns = 0, end_ns = 0;
  uint32_t thread = 0;       // host: the thread id
  uint32_t device = 0;       // GPU: device id (the pid)
  uint32_t stream = 0;       // GPU: stream id (the tid)
  uint32_t correlation = 0;  // CUPTI correlation id; 0: none
  std::vector<Arg> args;
};

// A GPU activity (kernel, memcpy, memset) as the emitter records it, with
// Kineto's args device, stream and correlation.
Activity gpu_activity(std::string name, const char* cat, uint64_t start_ns, uint64_t end_ns, uint32_t device,
                      uint32_t stream, uint32_t correlation);

struct Marker {
  enum class Kind { Start, End, Instant };
  Kind kind = Kind::Instant;
  uint32_t id = 0;
  uint32_t thread = 0;
  uint64_t ts_ns = 0;
  std::string name;  // start and instant markers only
};

// The members of one deviceProperties entry Kineto writes.
struct DeviceProperties {
  uint32_t id = 0;
  std::string name;
  uint64_t total_global_mem = 0, shared_mem_per_block = 0, shared_mem_per_sm = 0, shared_mem_per_block_optin = 0;
  int compute_major = 0, compute_minor = 0, num_sms = 0, max_threads_per_block = 0, max_threads_per_sm = 0,
      regs_per_block = 0, regs_per_sm = 0, warp_size = 0;
};

struct Collected {
  uint32_t host_pid = 0;
  std::vector<Activity> activities;
  std::vector<Marker> markers;
  std::vector<DeviceProperties> devices;
};

std::vector<std::string> write_chrome_trace(std::ostream& out, const Collected& c);

// Helpers the record readers share: a JSON string literal, and a
// microsecond value with three decimals from nanoseconds.
std::string json_string(const std::string& s);
std::string micros(uint64_t ns);

}  // namespace cupti_trace
