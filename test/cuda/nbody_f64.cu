// All-pairs gravitational potential energy and accelerations in double
// precision: each thread sums its body's interactions over every other
// body with sqrt and division in f64 (sqrt.rn.f64, div.rn.f64, DFMA), then
// a shared-memory tree reduction adds the block's potentials (f64 in
// shared memory, uniform barriers). Checked against Python's doubles.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK: DFMA
// CHECK: DSETP
// RUN: %python %S/Inputs/apps64.py nbody_f64 > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-2
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 64

extern "C" __global__ void nbody_f64(const double *x, const double *y, const double *z,
                                     const double *m, double *acc, double *potential, int n) {
  __shared__ double part[THREADS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double ax = 0.0, ay = 0.0, az = 0.0, pot = 0.0;
  if (i < n) {
    for (int j = 0; j < n; ++j) {
      if (j == i)
        continue;
      double dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
      double r = __builtin_sqrt(dx * dx + dy * dy + dz * dz); // sqrt.rn.f64
      double inv = 1.0 / r;
      double s = m[j] * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
      pot -= m[i] * m[j] / r;
    }
    acc[3 * i] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
  }
  part[threadIdx.x] = 0.5 * pot;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      part[threadIdx.x] += part[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    potential[blockIdx.x] = part[0];
}

int main() {
  const int n = 200;
  double *d[6];
  for (int k = 0; k < 6; ++k)
    cudaMalloc(&d[k], 3 * n * sizeof(double));
  nbody_f64<<<(n + THREADS - 1) / THREADS, THREADS>>>(d[0], d[1], d[2], d[3], d[4], d[5], n);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
