// cudaHostRegister maps the program's own memory, as under CUDA's unified
// addressing: a kernel dereferences the malloc'ed pointer (also through
// cudaHostGetDevicePointer, which answers the same pointer), the host sees
// the kernel's stores after synchronising and the kernel sees the host's
// before the launch; cudaPointerGetAttributes calls it host memory; it does
// not count against the device's memory; cudaFree refuses it; after
// cudaHostUnregister a kernel's access is an illegal address, reported at
// the launch's synchronisation. Expected values: the host's arithmetic.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=FAULT < %t.err
// CHECK: register: cudaSuccess
// CHECK-NEXT: device pointer: cudaSuccess same 1
// CHECK-NEXT: attributes: host 1 device pointer same 1
// CHECK-NEXT: free memory unchanged: 1
// CHECK-NEXT: sum of 3i+1 over 1000: 1499500, kernel wrote 1499500
// CHECK-NEXT: host stores seen: 1
// CHECK-NEXT: cudaFree: cudaErrorInvalidValue
// CHECK-NEXT: unregister: cudaSuccess
// CHECK-NEXT: after unregister: cudaErrorIllegalAddress
// FAULT: global load of 4 bytes at 0x{{[0-9a-f]+}}: {{.*}}outside every allocation
#include <cstdio>
#include <cstdlib>

__global__ void triple(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 3 * p[i] + 1;
}

__global__ void sum(const int *p, int n, unsigned long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, (unsigned long long)p[i]);
}

int main() {
  const int n = 1000;
  int *host = static_cast<int *>(malloc(n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    host[i] = i;
  size_t freeBefore, freeAfter, total;
  cudaMemGetInfo(&freeBefore, &total);
  printf("register: %s\n", cudaGetErrorName(cudaHostRegister(host, n * sizeof(int),
                                                               cudaHostRegisterMapped)));
  int *dev = nullptr;
  cudaError_t e = cudaHostGetDevicePointer((void **)&dev, host, 0);
  printf("device pointer: %s same %d\n", cudaGetErrorName(e), dev == host);
  cudaPointerAttributes attr;
  cudaPointerGetAttributes(&attr, host + 10);
  printf("attributes: host %d device pointer same %d\n", attr.type == cudaMemoryTypeHost,
         attr.devicePointer == host + 10);
  cudaMemGetInfo(&freeAfter, &total);
  printf("free memory unchanged: %d\n", freeBefore == freeAfter);

  triple<<<(n + 255) / 256, 256>>>(host, n);
  cudaDeviceSynchronize();
  long long want = 0, wrote = 0;
  for (int i = 0; i < n; ++i)
    want += 3LL * i + 1, wrote += host[i];
  printf("sum of 3i+1 over %d: %lld, kernel wrote %lld\n", n, want, wrote);

  // Host stores before a launch are what the kernel reads.
  for (int i = 0; i < n; ++i)
    host[i] = 2;
  unsigned long long *dSum, total2 = 0;
  cudaMalloc(&dSum, sizeof *dSum);
  cudaMemset(dSum, 0, sizeof *dSum);
  sum<<<(n + 255) / 256, 256>>>(dev, n, dSum);
  cudaMemcpy(&total2, dSum, sizeof total2, cudaMemcpyDeviceToHost);
  printf("host stores seen: %d\n", total2 == 2ULL * n);

  printf("cudaFree: %s\n", cudaGetErrorName(cudaFree(host)));
  cudaGetLastError();
  printf("unregister: %s\n", cudaGetErrorName(cudaHostUnregister(host)));
  sum<<<1, 32>>>(host, 32, dSum);
  printf("after unregister: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  free(host);
  return 0;
}
