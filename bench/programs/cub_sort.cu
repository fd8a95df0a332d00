// CUB's radix sort and reduce against Thrust's host backend on the same
// data (bench/cub_sort.py). Built by simt-nvcc -arch=sm_35: CUB's
// DeviceRadixSort::SortKeys and DeviceReduce::Sum on the emulated device.
// Built by the host compiler with -DHOST_BACKEND (THRUST_DEVICE_SYSTEM_CPP):
// thrust::sort and thrust::reduce of the same keys on the host. Either way
// the result is checked against std::sort / a plain sum, and the program
// prints "seconds S ok" (the wall clock of the algorithm alone: the copies
// to and from the device stay outside).
//   cub_sort sort|reduce N SEED
#ifdef HOST_BACKEND
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#else
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// TOOLS.md's random(SEED): splitmix64, keys of 32 bits.
static std::vector<uint32_t> keys(size_t n, uint64_t state) {
  std::vector<uint32_t> out(n);
  for (uint32_t &k : out) {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    k = uint32_t(z ^ (z >> 31));
  }
  return out;
}

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char **argv) {
  if (argc != 4)
    return fprintf(stderr, "usage: cub_sort sort|reduce N SEED\n"), 2;
  const bool sort = !strcmp(argv[1], "sort");
  const size_t n = strtoull(argv[2], nullptr, 0);
  const std::vector<uint32_t> in = keys(n, strtoull(argv[3], nullptr, 0));
  std::vector<uint32_t> sorted;
  uint64_t sum = 0; // reduced modulo 2^32, as the device's 32-bit sum
  double seconds = 0;
#ifdef HOST_BACKEND
  thrust::device_vector<uint32_t> d(in.begin(), in.end());
  const double t0 = now();
  if (sort)
    thrust::sort(d.begin(), d.end());
  else
    sum = thrust::reduce(d.begin(), d.end(), uint32_t(0));
  seconds = now() - t0;
  if (sort)
    sorted.assign(d.begin(), d.end());
#else
  uint32_t *dIn, *dOut;
  cudaMalloc(&dIn, n * sizeof(uint32_t));
  cudaMalloc(&dOut, n * sizeof(uint32_t));
  cudaMemcpy(dIn, in.data(), n * sizeof(uint32_t), cudaMemcpyHostToDevice);
  size_t tempBytes = 0;
  void *temp = nullptr;
  if (sort)
    cub::DeviceRadixSort::SortKeys(temp, tempBytes, dIn, dOut, int(n));
  else
    cub::DeviceReduce::Sum(temp, tempBytes, dIn, dOut, int(n));
  cudaMalloc(&temp, tempBytes);
  cudaDeviceSynchronize();
  const double t0 = now();
  if (sort)
    cub::DeviceRadixSort::SortKeys(temp, tempBytes, dIn, dOut, int(n));
  else
    cub::DeviceReduce::Sum(temp, tempBytes, dIn, dOut, int(n));
  if (cudaDeviceSynchronize() != cudaSuccess)
    return fprintf(stderr, "the device failed: %s\n", cudaGetErrorString(cudaGetLastError())), 1;
  seconds = now() - t0;
  if (sort) {
    sorted.resize(n);
    cudaMemcpy(sorted.data(), dOut, n * sizeof(uint32_t), cudaMemcpyDeviceToHost);
  } else {
    uint32_t s;
    cudaMemcpy(&s, dOut, sizeof s, cudaMemcpyDeviceToHost);
    sum = s;
  }
#endif
  bool ok;
  if (sort) {
    std::vector<uint32_t> want = in;
    std::sort(want.begin(), want.end());
    ok = sorted == want;
  } else {
    uint32_t want = 0;
    for (uint32_t k : in)
      want += k;
    ok = uint32_t(sum) == want;
  }
  printf("seconds %.6f %s\n", seconds, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
