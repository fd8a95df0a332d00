// Runtime calls of CUDA 10 to 12 that programs make: the dynamic shared
// memory opt-in (cudaFuncSetAttribute; this device's block limit is 48 KiB,
// so 64 KiB is refused), a host function on a stream (it runs after the
// kernel queued before it, and sees its result), stream-ordered
// allocation, cudaMemset2DAsync, a stream's priority and capture status,
// and the occupancy query with flags (the same answer as without).
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK:      set attribute 32K: 0, 64K: 1, carveout: 0
// CHECK-NEXT: host function saw 42
// CHECK-NEXT: async alloc 0 0 sum 4950
// CHECK-NEXT: memset2D 0: 0x07070707 0x00000000
// CHECK-NEXT: priority 0 0, capturing 0 0
// CHECK-NEXT: occupancy same 1
#include <cstdio>

__global__ void dynamicShared(int *out) {
  extern __shared__ int tile[];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

__global__ void store(int *p, int v) { *p = v; }

__global__ void fill(int *p, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    p[i] = i;
}

__global__ void sum(const int *p, int n, int *total) {
  if (threadIdx.x == 0) {
    int s = 0;
    for (int i = 0; i < n; ++i)
      s += p[i];
    *total = s;
  }
}

struct Seen {
  int *hostCopy;
  int value;
};

void CUDART_CB afterKernel(void *data) {
  Seen *s = static_cast<Seen *>(data);
  s->value = *s->hostCopy;
}

int main() {
  int a = cudaFuncSetAttribute(dynamicShared, cudaFuncAttributeMaxDynamicSharedMemorySize, 32768);
  int b = cudaFuncSetAttribute(dynamicShared, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaGetLastError();
  int c = cudaFuncSetAttribute(dynamicShared, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
  printf("set attribute 32K: %d, 64K: %d, carveout: %d\n", a, b, c);

  cudaStream_t s;
  cudaStreamCreate(&s);
  int *flag, *host;
  cudaMalloc(&flag, sizeof(int));
  cudaMallocHost(&host, sizeof(int));
  *host = 0;
  Seen seen = {host, -1};
  store<<<1, 1, 0, s>>>(flag, 42);
  cudaMemcpyAsync(host, flag, sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaLaunchHostFunc(s, afterKernel, &seen);
  cudaStreamSynchronize(s);
  printf("host function saw %d\n", seen.value);

  int *block, *total, hostTotal = 0;
  int e1 = cudaMallocAsync(&block, 100 * sizeof(int), s);
  cudaMalloc(&total, sizeof(int));
  fill<<<1, 32, 0, s>>>(block, 100);
  sum<<<1, 32, 0, s>>>(block, 100, total);
  int e2 = cudaFreeAsync(block, s);
  cudaMemcpy(&hostTotal, total, sizeof(int), cudaMemcpyDeviceToHost);
  printf("async alloc %d %d sum %d\n", e1, e2, hostTotal);

  size_t pitch;
  int *grid, rows[2][16];
  cudaMallocPitch(&grid, &pitch, 16 * sizeof(int), 2);
  cudaMemset2D(grid, pitch, 0, 16 * sizeof(int), 2);
  int m = cudaMemset2DAsync(grid, pitch, 7, 8 * sizeof(int), 2, s);
  cudaMemcpy2D(rows, 16 * sizeof(int), grid, pitch, 16 * sizeof(int), 2, cudaMemcpyDeviceToHost);
  printf("memset2D %d: 0x%08x 0x%08x\n", m, rows[1][7], rows[1][8]);

  int priority = -5;
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusActive;
  int p = cudaStreamGetPriority(s, &priority);
  int q = cudaStreamIsCapturing(s, &status);
  printf("priority %d %d, capturing %d %d\n", p, priority, q, int(status));

  int plain = 0, flagged = -1;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&plain, fill, 256, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&flagged, fill, 256, 0,
                                                         cudaOccupancyDefault);
  printf("occupancy same %d\n", plain == flagged && plain > 0);
  return 0;
}
