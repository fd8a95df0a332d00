// All-pairs gravitational accelerations with softening, tiled through
// shared memory as in the classic n-body sample: each block loads a tile of
// body positions and masses, every thread accumulates its body's
// acceleration from the tile with an rsqrtf-based inverse distance cubed,
// then the block moves to the next tile. Float loop, uniform barriers.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py nbody > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TILE 32
#define SOFTENING 0.01f

extern "C" __global__ void nbody_accel(const float4 *pos, float4 *accel, int n) {
  __shared__ float4 tile[TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = i < n ? pos[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int base = 0; base < n; base += TILE) {
    int j = base + threadIdx.x;
    tile[threadIdx.x] = j < n ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    __syncthreads();
    for (int k = 0; k < TILE; ++k) {
      float dx = tile[k].x - me.x, dy = tile[k].y - me.y, dz = tile[k].z - me.z;
      float r2 = dx * dx + dy * dy + dz * dz + SOFTENING;
      float inv = rsqrtf(r2);
      float s = tile[k].w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n)
    accel[i] = make_float4(ax, ay, az, 0.0f);
}

int main() {
  const int n = 100;
  float4 *h = (float4 *)malloc(n * sizeof(float4));
  for (int i = 0; i < n; ++i)
    h[i] = make_float4(rand() / (float)RAND_MAX, rand() / (float)RAND_MAX,
                       rand() / (float)RAND_MAX, 1.0f);
  float4 *d_pos, *d_acc;
  cudaMalloc(&d_pos, n * sizeof(float4));
  cudaMalloc(&d_acc, n * sizeof(float4));
  cudaMemcpy(d_pos, h, n * sizeof(float4), cudaMemcpyHostToDevice);
  float4 *pos = (float4 *)malloc(n * sizeof(float4)); // kept for the reference
  memcpy(pos, h, n * sizeof(float4));
  nbody_accel<<<(n + TILE - 1) / TILE, TILE>>>(d_pos, d_acc, n);
  cudaMemcpy(h, d_acc, n * sizeof(float4), cudaMemcpyDeviceToHost);
  printf("a[0] = (%f, %f, %f)\n", h[0].x, h[0].y, h[0].z);

  // CPU reference in double precision: every body's pull on body i (itself
  // included: a zero distance adds nothing), softened. The device sums in
  // float with an approximate reciprocal square root (2^-22.9 relative), so
  // each component is compared within 1e-5 of the sum of the magnitudes of
  // its terms (the sum itself cancels).
  for (int i = 0; i < n; ++i) {
    double acc[3] = {0, 0, 0}, mag[3] = {0, 0, 0};
    for (int j = 0; j < n; ++j) {
      double d[3] = {(double)pos[j].x - pos[i].x, (double)pos[j].y - pos[i].y,
                     (double)pos[j].z - pos[i].z};
      double dist2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + SOFTENING;
      double f = pos[j].w / (dist2 * sqrt(dist2));
      for (int c = 0; c < 3; ++c) {
        acc[c] += d[c] * f;
        mag[c] += fabs(d[c] * f);
      }
    }
    float got[3] = {h[i].x, h[i].y, h[i].z};
    for (int c = 0; c < 3; ++c)
      if (fabs(got[c] - acc[c]) > 1e-5 * mag[c]) {
        printf("mismatch at %d (component %d): %f != %f\n", i, c, got[c], acc[c]);
        return 1;
      }
  }
  printf("PASSED\n");
  free(h);
  free(pos);
  return 0;
}
