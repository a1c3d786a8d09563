// A small CUDA emitter for tracecheck: NVTX3 ranges around a memset, two
// memcpys and a SAXPY kernel, traced by CUPTI into a Chrome trace.
//   cuda_cupti_emitter OUT.json     exit 0 on success, 77 when no CUDA device
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

#include <cstdio>
#include <vector>

#include "cupti_chrome_trace.h"

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
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
  nvtxRangePushA("setup");
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemset(dy, 0, n * sizeof(float));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  nvtxRangePop();
  nvtxRangePushA("saxpy \"quoted\" step");
  for (int step = 0; step < 3; ++step) saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
  cudaDeviceSynchronize();
  nvtxRangePop();
  cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
  bool ok = cupti_trace::stop_and_write(argv[1]);
  if (y[0] != 2.0f + 3 * 2.0f) {
    std::fprintf(stderr, "saxpy computed %f, expected 8\n", y[0]);
    return 1;
  }
  return ok ? 0 : 1;
}
