// Unified addressing for page-locked host memory, as on a 64-bit Fermi
// (unifiedAddressing = 1): a kernel dereferences the pointer cudaMallocHost
// or cudaHostAlloc returned, with no copy and no cudaHostGetDevicePointer;
// cudaHostGetDevicePointer answers the same pointer (CUDA's rule under UVA);
// host stores before the launch are what the kernel reads, and its stores
// are what the host reads after cudaDeviceSynchronize. Expected values: the
// host's own arithmetic below.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: uva 1
// CHECK-NEXT: same pointer 1
// CHECK-NEXT: attributes host 1
// CHECK-NEXT: mismatches 0
// CHECK-NEXT: counter 256
#include <cstdio>

__global__ void scaleInto(const int *in, int *out, int n, int *counter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = 3 * in[i] + 1;
    atomicAdd(counter, 1);
  }
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("uva %d\n", prop.unifiedAddressing);
  const int n = 256;
  int *in = nullptr, *out = nullptr, *counter = nullptr;
  cudaMallocHost(&in, n * sizeof(int));
  cudaHostAlloc(&out, n * sizeof(int), cudaHostAllocMapped);
  cudaHostAlloc(&counter, sizeof(int), cudaHostAllocDefault);
  void *dOut = nullptr;
  cudaHostGetDevicePointer(&dOut, out, 0);
  printf("same pointer %d\n", dOut == out);
  cudaPointerAttributes attr;
  cudaPointerGetAttributes(&attr, in);
  printf("attributes host %d\n", attr.type == cudaMemoryTypeHost);
  for (int i = 0; i < n; ++i)
    in[i] = i * 7 - 100;
  *counter = 0;
  scaleInto<<<(n + 63) / 64, 64>>>(in, out, n, counter);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  int mismatches = 0;
  for (int i = 0; i < n; ++i)
    mismatches += out[i] != 3 * (i * 7 - 100) + 1;
  printf("mismatches %d\n", mismatches);
  printf("counter %d\n", *counter);
  cudaFreeHost(in);
  cudaFreeHost(out);
  cudaFreeHost(counter);
  return 0;
}
