// Managed memory (cudaMallocManaged), as the CUDA blog's first program uses
// it: the host fills it, a kernel reads and writes it through the same
// pointer, and after cudaDeviceSynchronize the host reads the results (here
// each y[i] = x[i] + y[i] with x = i, y = 2i: 3i, checked on the host).
// Prefetching and advice on it succeed and move nothing; the pointer's
// attributes say managed; cudaFree frees it, and cudaHostGetFlags and
// cudaFreeHost refuse it (it is not page-locked host memory),
// as does a size of 0; memcheck sees the block's end.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: not simt-sanitizer --error-exitcode 1 %t oob 2>&1 | FileCheck %s --check-prefix=OOB
#include <cstdio>
#include <cstring>

__global__ void add(int n, const float *x, float *y) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    y[i] = x[i] + y[i];
}

__global__ void pastEnd(int *v, int n) { v[n + threadIdx.x] = 1; }

int main(int argc, char **argv) {
  const int n = 5000;
  float *x, *y;
  if (cudaMallocManaged(&x, n * sizeof(float)) != cudaSuccess ||
      cudaMallocManaged(&y, n * sizeof(float), cudaMemAttachGlobal) != cudaSuccess)
    return 1;
  if (argc > 1 && !strcmp(argv[1], "oob")) {
    int *v;
    cudaMallocManaged(&v, 64 * sizeof(int));
    pastEnd<<<1, 4>>>(v, 64);
    return cudaDeviceSynchronize() != cudaSuccess;
  }
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 2.0f * i;
  }
  int device = 0;
  cudaGetDevice(&device);
  printf("prefetch %d\n", cudaMemPrefetchAsync(x, n * sizeof(float), device));
  printf("advise %d\n",
         cudaMemAdvise(y, n * sizeof(float), cudaMemAdviseSetPreferredLocation, device));
  printf("prefetch past the block %d\n", cudaMemPrefetchAsync(x, 2 * n * sizeof(float), device));
  // CUDA 13's forms (CUDA 12.2's _v2): a location, the device or the host;
  // flags must be 0 (cudaErrorInvalidValue, 1, otherwise).
  cudaMemLocation here = {cudaMemLocationTypeDevice, device}, host = {cudaMemLocationTypeHost, 0};
  printf("prefetch to a location %d %d\n", cudaMemPrefetchAsync(x, n * sizeof(float), here, 0),
         cudaMemPrefetchAsync(x, n * sizeof(float), host, 0, 0));
  cudaMemLocation bad = {cudaMemLocationTypeDevice, -1};
  printf("a device location of id -1 %d\n", cudaMemPrefetchAsync(x, n * sizeof(float), bad, 0));
  printf("advise a location %d; flags %d\n",
         cudaMemAdvise(y, n * sizeof(float), cudaMemAdviseSetAccessedBy, here),
         cudaMemPrefetchAsync_v2(x, n * sizeof(float), here, 1, 0));
  add<<<8, 128>>>(n, x, y);
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += y[i] != 3.0f * i;
  printf("%d wrong\n", wrong);
  cudaPointerAttributes a;
  cudaPointerGetAttributes(&a, y + 10);
  printf("managed %d same %d\n", a.type == cudaMemoryTypeManaged, a.devicePointer == y + 10);
  int attr = 0;
  cudaDeviceGetAttribute(&attr, cudaDevAttrManagedMemory, device);
  printf("attribute %d\n", attr);
  unsigned hostFlags = 0;
  printf("cudaHostGetFlags %d\n", cudaHostGetFlags(&hostFlags, y));
  printf("cudaFreeHost %d\n", cudaFreeHost(y));
  cudaGetLastError();
  printf("cudaFree %d %d\n", cudaFree(x), cudaFree(y));
  printf("size 0 %d\n", cudaMallocManaged(&x, 0));
  return 0;
}
// CHECK:      prefetch 0
// CHECK-NEXT: advise 0
// CHECK-NEXT: prefetch past the block 1
// CHECK-NEXT: prefetch to a location 0 0
// CHECK-NEXT: a device location of id -1 101
// CHECK-NEXT: advise a location 0; flags 1
// CHECK-NEXT: 0 wrong
// CHECK-NEXT: managed 1 same 1
// CHECK-NEXT: attribute 1
// CHECK-NEXT: cudaHostGetFlags 1
// CHECK-NEXT: cudaFreeHost 1
// CHECK-NEXT: cudaFree 0 0
// CHECK-NEXT: size 0 1
// OOB: Invalid __global__ write of size 4 bytes
// OOB: by thread (0,0,0) in block (0,0,0)
// OOB: is 1 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 256 bytes
