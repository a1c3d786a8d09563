// A small CUDA emitter for tracecheck: NVTX3 ranges around a memset, two
// memcpys and a SAXPY kernel, traced by CUPTI into a Chrome trace.
//   cuda_cupti_emitter OUT.json     exit 0 on success, 77 when no CUDA device
// What the trace holds (cases/emitters/cuda_cupti.py checks it): the NVTX
// ranges "setup" (a memset and two HtoD memcpys) and `saxpy "quoted" step`
// (three saxpy launches), then one DtoH memcpy.
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

#include <cstdio>
#include <vector>

#include "cupti_chrome_trace.h"

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// Prints a failed CUDA call; true when it succeeded.
bool ok(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return true;
  std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(e));
  return false;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT.json\n", argv[0]);
    return 2;
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "no CUDA device: nothing to trace\n");
    return 77;
  }
  if (!cupti_trace::start()) return 1;
  constexpr int n = 1 << 20;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);
  float *dx = nullptr, *dy = nullptr;
  // start() runs first: NVTX reads its injection at the first NVTX call.
  nvtxRangePushA("setup");
  bool done = ok(cudaMalloc(&dx, n * sizeof(float)), "cudaMalloc") &&
              ok(cudaMalloc(&dy, n * sizeof(float)), "cudaMalloc") &&
              ok(cudaMemset(dy, 0, n * sizeof(float)), "cudaMemset") &&
              ok(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy HtoD") &&
              ok(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy HtoD");
  nvtxRangePop();
  if (done) {
    nvtxRangePushA("saxpy \"quoted\" step");
    for (int step = 0; step < 3; ++step) saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
    done = ok(cudaGetLastError(), "saxpy launch") && ok(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    nvtxRangePop();
  }
  done = done && ok(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy DtoH");
  cudaFree(dx);
  cudaFree(dy);
  bool written = cupti_trace::stop_and_write(argv[1]);
  if (done && y[0] != 2.0f + 3 * 2.0f) {
    std::fprintf(stderr, "saxpy computed %f, expected 8\n", y[0]);
    return 1;
  }
  return done && written ? 0 : 1;
}
