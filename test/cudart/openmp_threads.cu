// Host threads call the runtime concurrently, as OpenMP host code does:
// each thread allocates, copies, launches into its own stream and checks
// its slice; each has its own last error (one thread's invalid launch is
// not another's). Expected values come from the host loop.
// RUN: simt-nvcc -O2 -Xcompiler -fopenmp %s -o %t
// RUN: env OMP_NUM_THREADS=4 %t | FileCheck %s
// Built as for gcc's OpenMP runtime (-lgomp): clang's serves it.
// RUN: simt-nvcc -O2 -Xcompiler -fopenmp -c %s -o %t.o
// RUN: simt-nvcc %t.o -lgomp -o %t.gomp
// RUN: %t.gomp | FileCheck %s
// CHECK: thread errors: 0 0 0 0
// CHECK: PASSED
#include <cstdio>
#include <omp.h>

__global__ void square_plus(int *p, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = p[i] * p[i] + k;
}

int main() {
  const int n = 512, threads = 4;
  int bad[threads] = {0}, lastErrors[threads] = {0};
#pragma omp parallel num_threads(threads)
  {
    int t = omp_get_thread_num();
    int host[n];
    for (int i = 0; i < n; ++i)
      host[i] = i - t * 100;
    int *d;
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaMalloc(&d, sizeof host);
    cudaMemcpyAsync(d, host, sizeof host, cudaMemcpyHostToDevice, s);
    if (t == 1) // an invalid launch on thread 1 only
      square_plus<<<1, 4096, 0, s>>>(d, n, t);
    if (t == 1 && cudaGetLastError() != cudaErrorInvalidConfiguration)
      bad[t]++;
    for (int round = 0; round < 3; ++round)
      square_plus<<<(n + 127) / 128, 128, 0, s>>>(d, n, t + round);
    cudaMemcpyAsync(host, d, sizeof host, cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    lastErrors[t] = cudaGetLastError();
    for (int i = 0; i < n; ++i) {
      long long v = i - t * 100;
      for (int round = 0; round < 3; ++round)
        v = (int)(v * v) + t + round; // the kernel's int arithmetic, wrapping
      if (host[i] != (int)v)
        bad[t]++;
    }
    cudaFree(d);
    cudaStreamDestroy(s);
  }
  printf("thread errors: %d %d %d %d\n", lastErrors[0], lastErrors[1], lastErrors[2],
         lastErrors[3]);
  int total = bad[0] + bad[1] + bad[2] + bad[3];
  printf("%s\n", total ? "FAILED" : "PASSED");
  return total != 0;
}
