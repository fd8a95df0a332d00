// cudaDeviceReset from one host thread while another copies, launches and
// synchronises in a loop: every call of the other thread either works or
// returns an error (its pointer and stream are gone after a reset), and the
// process neither crashes nor hangs; afterwards the device works.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t 2>/dev/null | FileCheck %s
// CHECK: every call answered
// CHECK-NEXT: health OK
#include <cuda_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

__global__ void bump(int *p) { p[blockIdx.x * blockDim.x + threadIdx.x] += 1; }

int main() {
  const size_t bytes = size_t(1) << 20;
  int *d = nullptr;
  cudaMalloc(&d, bytes);
  std::vector<char> h(bytes);
  std::atomic<bool> stop{false};
  std::atomic<long> answered{0};
  std::thread worker([&] {
    cudaStream_t s;
    cudaStreamCreate(&s);
    while (!stop) {
      cudaMemcpyAsync(d, h.data(), bytes, cudaMemcpyHostToDevice, s);
      bump<<<8, 32, 0, s>>>(d);
      cudaMemcpy(h.data(), d, bytes, cudaMemcpyDeviceToHost);
      cudaStreamSynchronize(s);
      ++answered;
    }
  });
  for (int i = 0; i < 50; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    cudaDeviceReset();
  }
  stop = true;
  worker.join();
  printf("%s\n", answered > 0 ? "every call answered" : "the worker made no call");
  cudaGetLastError();
  int *e = nullptr, out[64] = {};
  if (cudaMalloc(&e, sizeof out) != cudaSuccess)
    return printf("health FAILED\n"), 1;
  cudaMemset(e, 0, sizeof out);
  bump<<<2, 32>>>(e);
  if (cudaMemcpy(out, e, sizeof out, cudaMemcpyDeviceToHost) != cudaSuccess || out[63] != 1)
    return printf("health FAILED\n"), 1;
  printf("health OK\n");
  return 0;
}
