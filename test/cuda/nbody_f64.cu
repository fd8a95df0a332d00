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
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <math.h>
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
  const int n = 200, blocks = (n + THREADS - 1) / THREADS;
  double *h = (double *)malloc(4 * n * sizeof(double)), *hx = h, *hy = h + n, *hz = h + 2 * n,
         *hm = h + 3 * n;
  for (int i = 0; i < n; ++i) {
    hx[i] = rand() / (double)RAND_MAX;
    hy[i] = rand() / (double)RAND_MAX;
    hz[i] = rand() / (double)RAND_MAX;
    hm[i] = 0.5 + rand() / (double)RAND_MAX;
  }
  double *d[6];
  for (int k = 0; k < 6; ++k)
    cudaMalloc(&d[k], 3 * n * sizeof(double));
  for (int k = 0; k < 4; ++k)
    cudaMemcpy(d[k], h + k * n, n * sizeof(double), cudaMemcpyHostToDevice);
  nbody_f64<<<(n + THREADS - 1) / THREADS, THREADS>>>(d[0], d[1], d[2], d[3], d[4], d[5], n);
  cudaDeviceSynchronize();
  printf("done\n");
  double *acc = (double *)malloc(3 * n * sizeof(double)), pot[blocks];
  cudaMemcpy(acc, d[4], 3 * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(pot, d[5], sizeof pot, cudaMemcpyDeviceToHost);

  // CPU reference: Newton's pull of every other body, and each block's
  // share of the potential energy (half of each pair's -m_i m_j / r per
  // body). Both sides compute in double, the device with fused multiply-
  // adds and another order of sums: within 1e-12 of the sum of the terms'
  // magnitudes.
  for (int b = 0; b < blocks; ++b) {
    double energy = 0.0, energy_mag = 0.0;
    for (int i = b * THREADS; i < (b + 1) * THREADS && i < n; ++i) {
      double a[3] = {0, 0, 0}, mag[3] = {0, 0, 0};
      for (int j = 0; j < n; ++j) {
        if (j == i)
          continue;
        double r[3] = {hx[j] - hx[i], hy[j] - hy[i], hz[j] - hz[i]};
        double dist = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
        for (int c = 0; c < 3; ++c) {
          a[c] += hm[j] * r[c] / (dist * dist * dist);
          mag[c] += fabs(hm[j] * r[c] / (dist * dist * dist));
        }
        energy -= 0.5 * hm[i] * hm[j] / dist;
        energy_mag += 0.5 * hm[i] * hm[j] / dist;
      }
      for (int c = 0; c < 3; ++c)
        if (fabs(acc[3 * i + c] - a[c]) > 1e-12 * mag[c]) {
          printf("mismatch at %d: acc %.17g != %.17g\n", 3 * i + c, acc[3 * i + c], a[c]);
          return 1;
        }
    }
    if (fabs(pot[b] - energy) > 1e-12 * energy_mag) {
      printf("mismatch at %d: potential %.17g != %.17g\n", b, pot[b], energy);
      return 1;
    }
  }
  for (int k = 0; k < 6; ++k)
    cudaFree(d[k]);
  free(h);
  free(acc);
  printf("PASSED\n");
  return 0;
}
