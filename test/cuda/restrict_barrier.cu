// A cursor in global memory behind __restrict__ parameters, advanced by
// thread 0 between two barriers and read by every thread each step (the
// shape of Rodinia's and HeCBench's b+tree search). nvcc reloads it after
// each __syncthreads(); clang, with restrict as noalias, may not (LLVM
// lets no call touch memory only a restrict parameter reaches, the
// barrier included) and 63 of 64 threads kept the first value at -O3.
// Expected from the host loop below: every thread ends at the cursor's
// third successor, and the per-step sums are the same for all threads.
// RUN: simt-nvcc -O3 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -O1 %s -o %t1 && %t1 | FileCheck %s
// CHECK: host: cursor 3, sum 3
// CHECK: device: 0 of 64 threads wrong
// A restrict below the top level is part of the kernel's mangled name: the
// host's launch and the device's code must name it alike.
// CHECK: nested restrict: 10
#include <cstdio>

__global__ void walk(const int *__restrict__ next, long *__restrict__ cursor, int steps,
                     int *__restrict__ out, int *__restrict__ sums) {
  const int t = threadIdx.x;
  int sum = 0;
  for (int i = 0; i < steps; ++i) {
    const long c = cursor[0]; // every thread reads the cursor
    sum += int(c);
    __syncthreads();
    if (t == 0)
      cursor[0] = next[c]; // thread 0 advances it
    __syncthreads();
  }
  out[t] = int(cursor[0]);
  sums[t] = sum;
}

__global__ void scaleRows(float *__restrict__ *__restrict__ rows, int n) {
  if (threadIdx.x < n)
    rows[0][threadIdx.x] *= 10.0f;
}

int main() {
  const int next[8] = {1, 2, 3, 4, 5, 6, 7, 0};
  const int steps = 3;
  long c = 0;
  int sum = 0;
  for (int i = 0; i < steps; ++i) {
    sum += int(c);
    c = next[c];
  }
  printf("host: cursor %ld, sum %d\n", c, sum);

  int *dNext, *dOut, *dSums;
  long *dCursor, zero = 0;
  cudaMalloc(&dNext, sizeof next);
  cudaMalloc(&dOut, 64 * sizeof(int));
  cudaMalloc(&dSums, 64 * sizeof(int));
  cudaMalloc(&dCursor, sizeof(long));
  cudaMemcpy(dNext, next, sizeof next, cudaMemcpyHostToDevice);
  cudaMemcpy(dCursor, &zero, sizeof zero, cudaMemcpyHostToDevice);
  walk<<<1, 64>>>(dNext, dCursor, steps, dOut, dSums);
  int out[64], sums[64];
  cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(sums, dSums, sizeof sums, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int t = 0; t < 64; ++t)
    wrong += out[t] != c || sums[t] != sum;
  printf("device: %d of 64 threads wrong\n", wrong);

  float ones[8] = {1, 1, 1, 1, 1, 1, 1, 1}, *dRow, **dRows;
  cudaMalloc(&dRow, sizeof ones);
  cudaMalloc(&dRows, sizeof(float *));
  cudaMemcpy(dRow, ones, sizeof ones, cudaMemcpyHostToDevice);
  cudaMemcpy(dRows, &dRow, sizeof dRow, cudaMemcpyHostToDevice);
  scaleRows<<<1, 8>>>(dRows, 8);
  cudaMemcpy(ones, dRow, sizeof ones, cudaMemcpyDeviceToHost);
  printf("nested restrict: %g\n", ones[5]);
  return wrong != 0;
}
