// cudaDeviceGetLimit reports the device heap the program was compiled with
// (-DSIMT_MALLOC_HEAP_BYTES), and asking for more says how to get it.
// RUN: simt-nvcc -O2 -DSIMT_MALLOC_HEAP_BYTES=65536 %s -o %t
// RUN: %t 2>&1 | FileCheck %s
// RUN: simt-nvcc -O2 %s -o %t.default
// RUN: %t.default 2>&1 | FileCheck %s --check-prefix=DEFAULT
// CHECK: heap limit 65536
// CHECK: simt-cudart: cudaDeviceSetLimit: note: 1048576 bytes asked; the limit is 65536 (set it with -DSIMT_MALLOC_HEAP_BYTES=N when compiling)
// CHECK: set: no error
// CHECK: 1 of 4 allocations of 40000 bytes succeeded
// DEFAULT: heap limit 8388608
// DEFAULT-NOT: note
// DEFAULT: 4 of 4 allocations of 40000 bytes succeeded
#include <cstdio>

__global__ void grab(int *ok) {
  void *p = malloc(40000);
  atomicAdd(ok, p != nullptr);
}

int main() {
  size_t limit = 0;
  cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
  printf("heap limit %zu\n", limit);
  fflush(stdout);
  cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20);
  printf("set: %s\n", cudaGetErrorString(e));
  int *ok, n = 0;
  cudaMalloc(&ok, sizeof(int));
  cudaMemset(ok, 0, sizeof(int));
  grab<<<1, 4>>>(ok);
  cudaMemcpy(&n, ok, sizeof n, cudaMemcpyDeviceToHost);
  printf("%d of 4 allocations of 40000 bytes succeeded\n", n);
  return 0;
}
