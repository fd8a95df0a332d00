// A 2D heat-diffusion step with the block's tile staged in shared memory,
// plus a one-cell halo loaded by the threads on the tile's edges (corner
// threads load two halo cells); cells outside the grid read as the nearest
// edge cell (clamped), and several steps ping-pong between two buffers.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py stencil2d_tiled > %t.simt
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

#define BX 16
#define BY 8

__device__ __forceinline__ int clamp_index(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

extern "C" __global__ void heat_step(const float *in, float *out, int w, int h, float c_self,
                                     float c_side) {
  __shared__ float tile[BY + 2][BX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
  int cx = clamp_index(x, w), cy = clamp_index(y, h);
  tile[ty + 1][tx + 1] = in[cy * w + cx];
  if (tx == 0)
    tile[ty + 1][0] = in[cy * w + clamp_index(x - 1, w)];
  if (tx == BX - 1)
    tile[ty + 1][BX + 1] = in[cy * w + clamp_index(x + 1, w)];
  if (ty == 0)
    tile[0][tx + 1] = in[clamp_index(y - 1, h) * w + cx];
  if (ty == BY - 1)
    tile[BY + 1][tx + 1] = in[clamp_index(y + 1, h) * w + cx];
  __syncthreads();
  if (x < w && y < h) {
    float side = tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2];
    out[y * w + x] = c_self * tile[ty + 1][tx + 1] + c_side * side;
  }
}

int main() {
  const int w = 37, h = 21, steps = 3;
  size_t bytes = w * h * sizeof(float);
  float *host = (float *)malloc(bytes);
  for (int i = 0; i < w * h; ++i)
    host[i] = rand() / (float)RAND_MAX;
  float *buf[2];
  cudaMalloc(&buf[0], bytes);
  cudaMalloc(&buf[1], bytes);
  cudaMemcpy(buf[0], host, bytes, cudaMemcpyHostToDevice);
  // CPU reference (double precision): each step half of a cell plus an
  // eighth of each neighbour, the grid's edge cells standing in for the
  // missing neighbours.
  double *gold = (double *)malloc(w * h * sizeof(double));
  double *next = (double *)malloc(w * h * sizeof(double));
  for (int i = 0; i < w * h; ++i)
    gold[i] = host[i];
  for (int s = 0; s < steps; ++s) {
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        int up = y > 0 ? y - 1 : 0, down = y < h - 1 ? y + 1 : h - 1;
        int left = x > 0 ? x - 1 : 0, right = x < w - 1 ? x + 1 : w - 1;
        next[y * w + x] = 0.5 * gold[y * w + x] +
                          0.125 * (gold[up * w + x] + gold[down * w + x] + gold[y * w + left] +
                                   gold[y * w + right]);
      }
    double *t = gold;
    gold = next;
    next = t;
  }
  dim3 block(BX, BY), grid((w + BX - 1) / BX, (h + BY - 1) / BY);
  for (int s = 0; s < steps; ++s)
    heat_step<<<grid, block>>>(buf[s & 1], buf[(s + 1) & 1], w, h, 0.5f, 0.125f);
  cudaMemcpy(host, buf[steps & 1], bytes, cudaMemcpyDeviceToHost);
  printf("%f\n", host[0]);
  // Values in [0, 1], three steps in float: within 1e-6 of the reference.
  for (int i = 0; i < w * h; ++i)
    if (fabs(host[i] - gold[i]) > 1e-6) {
      printf("mismatch at %d: %f != %f\n", i, host[i], gold[i]);
      return 1;
    }
  printf("PASSED\n");
  cudaFree(buf[0]);
  cudaFree(buf[1]);
  free(host);
  free(gold);
  free(next);
  return 0;
}
