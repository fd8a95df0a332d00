// racecheck: a shared-memory histogram whose threads increment the bins
// with a plain read-modify-write instead of atomicAdd: threads of one warp
// with equal values write one bin in the same instruction, and threads of
// other warps read and write it with no barrier between. Bins lose counts.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool racecheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <cstdio>

__global__ void histogram(const unsigned char *data, int n, unsigned *bins) {
  __shared__ unsigned local[16];
  if (threadIdx.x < 16)
    local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    local[data[i] % 16]++; // BUG: threads with equal values race
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main() {
  const int n = 1024;
  unsigned char h[n];
  for (int i = 0; i < n; ++i)
    h[i] = (unsigned char)(i * 7);
  unsigned char *d;
  unsigned *bins, out[16];
  cudaMalloc(&d, n);
  cudaMalloc(&bins, sizeof out);
  cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
  cudaMemset(bins, 0, sizeof out);
  histogram<<<2, 64>>>(d, n, bins);
  cudaMemcpy(out, bins, sizeof out, cudaMemcpyDeviceToHost);
  unsigned total = 0;
  for (int b = 0; b < 16; ++b)
    total += out[b];
  printf("total %u of %d\n", total, n);
  cudaFree(d);
  cudaFree(bins);
  return 0;
}

// Every hazard is on line 17: one record per location, in the code's
// order (the read, then the write), each with a line per location racing
// with it; a record is an Error when any of its hazards is one.
// CHECK:      ========= SIMT-SANITIZER
// CHECK-NEXT: ========= Error: Race reported between Read access at histogram(const unsigned char *, int, unsigned int *)+0x{{[0-9a-f]+}} in {{.*}}race_histogram.cu:17
// CHECK-NEXT: =========     and Write access at histogram(const unsigned char *, int, unsigned int *)+0x{{[0-9a-f]+}} in {{.*}}race_histogram.cu:17 [{{[0-9]+}} hazards]
// CHECK-NEXT: =========
// CHECK-NEXT: ========= Error: Race reported between Write access at histogram{{.*}}+0x{{[0-9a-f]+}} in {{.*}}race_histogram.cu:17
// CHECK-NEXT: =========     and Write access at histogram{{.*}}+0x{{[0-9a-f]+}} in {{.*}}race_histogram.cu:17
// racecheck ends with its own summary alone, as compute-sanitizer's does.
// CHECK:      ========= RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings)
// CHECK-NOT:  SUMMARY
// The bins lost counts: a real race, not only a report.
// OUT-NOT: total 1024 of
// OUT: total {{[0-9]+}} of 1024
