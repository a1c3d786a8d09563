// chrome_writer.cpp and activity_names.cpp without a GPU.
//   cuda_cupti_writer_test OUT.json
// Checks the name helpers, then writes the trace of a made-up run of main.cu
// (the records CUPTI gave on an H100, in the order and shape it gave them:
// runtime calls, GPU activities by correlation id, NVTX start/end markers)
// to OUT.json, for cases/emitters/cuda_cupti.py --check. Exit 0, or 1 with
// each failed check on stderr.
#include <cupti_activity.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "activity_names.h"
#include "chrome_writer.h"

using namespace cupti_trace;

namespace {

int g_failures = 0;

void expect_eq(const std::string& got, const std::string& want, const char* what) {
  if (got == want) return;
  std::fprintf(stderr, "%s: got %s, want %s\n", what, got.c_str(), want.c_str());
  ++g_failures;
}

void check_names() {
  expect_eq(kernel_name("_Z5saxpyifPKfPf"), "saxpy(int, float, float const*, float*)", "mangled kernel");
  expect_eq(kernel_name("saxpy"), "saxpy", "extern \"C\" kernel");
  expect_eq(kernel_name("i"), "i", "a name that reads as a type encoding");
  expect_eq(kernel_name("_Znot a name"), "_Znot a name", "a name that does not demangle");
  expect_eq(runtime_api_name("cudaLaunchKernel_v7000"), "cudaLaunchKernel", "runtime suffix");
  expect_eq(runtime_api_name("cudaLaunchKernel_ptsz_v7000"), "cudaLaunchKernel_ptsz", "ptsz runtime suffix");
  expect_eq(runtime_api_name("cudaFoo_vBar"), "cudaFoo_vBar", "no version suffix");
  expect_eq(memcpy_name(CUPTI_ACTIVITY_MEMCPY_KIND_DTOH, CUPTI_ACTIVITY_MEMORY_KIND_DEVICE,
                        CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE),
            "Memcpy DtoH (Device -> Pageable)", "memcpy");
  expect_eq(memset_name(CUPTI_ACTIVITY_MEMORY_KIND_DEVICE), "Memset (Device)", "memset");
  expect_eq(micros(1234567), "1234.567", "micros");
  expect_eq(micros(5), "0.005", "micros below 1");
  expect_eq(json_string("a \"b\"\\\n"), "\"a \\\"b\\\"\\\\\\u000a\"", "json_string");
}

constexpr uint32_t kThread = 4242, kStream = 7, kDevice = 0;

Activity runtime(const char* callback, uint32_t correlation, uint64_t start, uint64_t end) {
  Activity a;
  a.name = runtime_api_name(callback);
  a.cat = "cuda_runtime";
  a.start_ns = start;
  a.end_ns = end;
  a.thread = kThread;
  a.correlation = correlation;
  a.args = {{"correlation", std::to_string(correlation)}};
  return a;
}

Activity gpu(std::string name, const char* cat, uint32_t correlation, uint64_t start, uint64_t end) {
  return gpu_activity(std::move(name), cat, start, end, kDevice, kStream, correlation);
}

Marker marker(Marker::Kind kind, uint32_t id, uint64_t ts, std::string name = {}) {
  Marker m;
  m.kind = kind;
  m.id = id;
  m.thread = kThread;
  m.ts_ns = ts;
  m.name = std::move(name);
  return m;
}

// main.cu's run, timestamps in ns from the H100 trace (rounded).
Collected made_up_run() {
  Collected c;
  c.host_pid = 4242;
  const std::string htod = memcpy_name(CUPTI_ACTIVITY_MEMCPY_KIND_HTOD, CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE,
                                       CUPTI_ACTIVITY_MEMORY_KIND_DEVICE);
  const std::string saxpy = kernel_name("_Z5saxpyifPKfPf");
  const uint64_t t = 1'000'000'000;  // CUPTI timestamps are large
  // Runtime records arrive before or after their GPU activity; keep both orders.
  c.activities = {
      runtime("cudaMalloc_v3020", 1, t + 1'000, t + 426'000'000),
      runtime("cudaMalloc_v3020", 2, t + 434'186'000, t + 434'441'000),
      gpu(memset_name(CUPTI_ACTIVITY_MEMORY_KIND_DEVICE), "gpu_memset", 3, t + 434'514'000, t + 434'516'200),
      runtime("cudaMemset_v3020", 3, t + 434'443'400, t + 434'518'200),
      gpu(htod, "gpu_memcpy", 4, t + 434'724'400, t + 435'275'200),
      runtime("cudaMemcpy_v3020", 4, t + 434'526'800, t + 435'263'500),
      runtime("cudaMemcpy_v3020", 5, t + 435'266'100, t + 435'968'000),
      gpu(htod, "gpu_memcpy", 5, t + 435'460'400, t + 435'982'900),
      runtime("cudaLaunchKernel_v7000", 6, t + 436'074'200, t + 436'210'200),
      gpu(saxpy, "kernel", 6, t + 436'202'000, t + 436'206'300),
      gpu(saxpy, "kernel", 7, t + 436'222'100, t + 436'225'700),
      runtime("cudaLaunchKernel_v7000", 7, t + 436'211'700, t + 436'220'500),
      runtime("cudaLaunchKernel_v7000", 8, t + 436'221'300, t + 436'229'200),
      gpu(saxpy, "kernel", 8, t + 436'231'900, t + 436'235'500),
      runtime("cudaGetLastError_v3020", 9, t + 436'229'500, t + 436'229'700),
      runtime("cudaDeviceSynchronize_v3020", 10, t + 436'230'800, t + 436'240'000),
      runtime("cudaMemcpy_v3020", 11, t + 436'250'000, t + 444'630'000),
      gpu(memcpy_name(CUPTI_ACTIVITY_MEMCPY_KIND_DTOH, CUPTI_ACTIVITY_MEMORY_KIND_DEVICE,
                      CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE),
          "gpu_memcpy", 11, t + 436'260'000, t + 444'619'900),
      runtime("cudaFree_v3020", 12, t + 444'700'000, t + 444'900'000),
      runtime("cudaFree_v3020", 13, t + 444'910'000, t + 445'000'000),
  };
  c.markers = {
      marker(Marker::Kind::Start, 1, t + 500, "setup"),
      marker(Marker::Kind::End, 1, t + 435'970'000),
      marker(Marker::Kind::Start, 2, t + 436'000'000, "saxpy \"quoted\" step"),
      marker(Marker::Kind::End, 2, t + 436'241'000),
  };
  DeviceProperties d;
  d.name = "made-up GPU";
  c.devices = {d};
  return c;
}

void check_left_out() {
  Collected c;
  c.markers = {marker(Marker::Kind::Start, 1, 10, "open"), marker(Marker::Kind::End, 2, 20)};
  std::ofstream sink("/dev/null");
  std::vector<std::string> problems = write_chrome_trace(sink, c);
  if (problems.size() != 2) {
    std::fprintf(stderr, "unpaired markers: %zu problems reported, want 2\n", problems.size());
    ++g_failures;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT.json\n", argv[0]);
    return 2;
  }
  check_names();
  check_left_out();
  std::ofstream out(argv[1]);
  std::vector<std::string> problems = write_chrome_trace(out, made_up_run());
  for (const std::string& p : problems) std::fprintf(stderr, "writer: %s\n", p.c_str());
  out.close();
  if (!out || !problems.empty()) ++g_failures;
  return g_failures ? 1 : 0;
}
