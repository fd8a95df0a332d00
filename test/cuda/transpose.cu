// Matrix transpose two ways, as in the usual bandwidth study: a naive copy
// with strided writes, and a 32x32 tile staged through shared memory padded
// by one column (so the column reads do not hit one bank), each thread
// moving TILE/ROWS elements. A non-square matrix whose sides are not
// multiples of the tile exercises the guards in both.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py transpose > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose_naive(float *odata, const float *idata, int width,
                                           int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height)
      odata[x * height + (y + j)] = idata[(y + j) * width + x];
}

extern "C" __global__ void transpose_tiled(float *odata, const float *idata, int width,
                                           int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x; // transposed block offset
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int w = 45, h = 38;
  const size_t bytes = w * h * sizeof(float);
  float *hin = (float *)malloc(bytes), *hout = (float *)malloc(bytes);
  for (int i = 0; i < w * h; ++i)
    hin[i] = (float)i;
  float *din, *dout;
  cudaMalloc(&din, bytes);
  cudaMalloc(&dout, bytes);
  cudaMemcpy(din, hin, bytes, cudaMemcpyHostToDevice);
  dim3 grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE), threads(TILE, ROWS);
  int errors = 0;
  for (int k = 0; k < 2 && !errors; ++k) { // each kernel's result checked
    cudaMemset(dout, 0, bytes);
    if (k == 0)
      transpose_naive<<<grid, threads>>>(dout, din, w, h);
    else
      transpose_tiled<<<grid, threads>>>(dout, din, w, h);
    cudaMemcpy(hout, dout, bytes, cudaMemcpyDeviceToHost);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (hout[x * h + y] != hin[y * w + x] && !errors++)
          printf("%s: mismatch at %d: %f != %f\n", k ? "transpose_tiled" : "transpose_naive",
                 x * h + y, hout[x * h + y], hin[y * w + x]);
  }
  printf("%s\n", errors ? "FAILED" : "PASSED");
  free(hin);
  free(hout);
  return errors != 0;
}
