// A thermal simulation step of a chip (the HotSpot model): each cell's
// temperature moves by its power plus the conductance-weighted differences
// to its four neighbours and to the ambient temperature. One block updates
// a 16x16 tile from a shared copy with a one-cell halo loaded by the edge
// threads; a neighbour outside the chip is the cell itself (clamped
// indices), and the grid is ragged on both axes. The host ping-pongs two
// buffers over several launches. The pyramid kernel (HotSpot's GPU form)
// does several steps per launch: overlapping 16x16 input tiles, each step
// valid on a ring fewer (divergent), barriers in the step loop, and only
// the inner (16 - 2 * steps)^2 cells written; the host checks it against
// single steps. Under ASan the program runs 4 steps instead of 60 (130 s).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/rodinia.py hotspot > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app %if asan %{4%} | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 16

extern "C" __global__ void hotspot_step(const float *power, const float *temp_src,
                                        float *temp_dst, int rows, int cols, float Cap_1,
                                        float Rx_1, float Ry_1, float Rz_1, float amb_temp) {
  __shared__ float t[BLOCK + 2][BLOCK + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int gx = blockIdx.x * BLOCK + tx, gy = blockIdx.y * BLOCK + ty;
  int cx = min(gx, cols - 1), cy = min(gy, rows - 1);
  t[ty + 1][tx + 1] = temp_src[cy * cols + cx];
  if (tx == 0)
    t[ty + 1][0] = temp_src[cy * cols + max(cx - 1, 0)];
  if (tx == BLOCK - 1)
    t[ty + 1][BLOCK + 1] = temp_src[cy * cols + min(cx + 1, cols - 1)];
  if (ty == 0)
    t[0][tx + 1] = temp_src[max(cy - 1, 0) * cols + cx];
  if (ty == BLOCK - 1)
    t[BLOCK + 1][tx + 1] = temp_src[min(cy + 1, rows - 1) * cols + cx];
  __syncthreads();
  if (gx >= cols || gy >= rows)
    return;
  float c = t[ty + 1][tx + 1];
  // Past the last row or column, the neighbour slot holds a clamped copy
  // of this cell (loaded by the thread beyond the edge).
  float n = t[ty][tx + 1], s = t[ty + 2][tx + 1];
  float w = t[ty + 1][tx], e = t[ty + 1][tx + 2];
  float delta = Cap_1 * (power[gy * cols + gx] + (s + n - 2.0f * c) * Ry_1 +
                         (e + w - 2.0f * c) * Rx_1 + (amb_temp - c) * Rz_1);
  temp_dst[gy * cols + gx] = c + delta;
}

#define PYRAMID 16

extern "C" __global__ void hotspot_pyramid(int iterations, const float *power,
                                           const float *temp_src, float *temp_dst, int rows,
                                           int cols, float Cap_1, float Rx_1, float Ry_1,
                                           float Rz_1, float amb_temp) {
  __shared__ float temp_on[PYRAMID][PYRAMID], power_on[PYRAMID][PYRAMID];
  __shared__ float temp_next[PYRAMID][PYRAMID];
  int tx = threadIdx.x, ty = threadIdx.y;
  int small = PYRAMID - 2 * iterations; // cells each block writes per axis
  int blk_x = small * blockIdx.x - iterations, blk_y = small * blockIdx.y - iterations;
  int x = blk_x + tx, y = blk_y + ty;
  bool inside = x >= 0 && x < cols && y >= 0 && y < rows;
  if (inside) {
    temp_on[ty][tx] = temp_src[y * cols + x];
    power_on[ty][tx] = power[y * cols + x];
  }
  __syncthreads();
  // The tile's cells on the chip; neighbours are clamped to them.
  int min_x = blk_x < 0 ? -blk_x : 0, min_y = blk_y < 0 ? -blk_y : 0;
  int max_x = blk_x + PYRAMID > cols ? cols - 1 - blk_x : PYRAMID - 1;
  int max_y = blk_y + PYRAMID > rows ? rows - 1 - blk_y : PYRAMID - 1;
  int west = max(tx - 1, min_x), east = min(tx + 1, max_x);
  int north = max(ty - 1, min_y), south = min(ty + 1, max_y);
  bool computed = false;
  for (int i = 0; i < iterations; i++) {
    computed = false;
    if (inside && tx >= i + 1 && tx <= PYRAMID - i - 2 && ty >= i + 1 &&
        ty <= PYRAMID - i - 2) {
      computed = true;
      float c = temp_on[ty][tx];
      temp_next[ty][tx] =
          c + Cap_1 * (power_on[ty][tx] +
                       (temp_on[south][tx] + temp_on[north][tx] - 2.0f * c) * Ry_1 +
                       (temp_on[ty][east] + temp_on[ty][west] - 2.0f * c) * Rx_1 +
                       (amb_temp - c) * Rz_1);
    }
    __syncthreads();
    if (i == iterations - 1)
      break;
    if (computed)
      temp_on[ty][tx] = temp_next[ty][tx];
    __syncthreads();
  }
  if (computed)
    temp_dst[y * cols + x] = temp_next[ty][tx];
}

int main(int argc, char **argv) {
  int rows = 512, cols = 512, iterations = argc > 1 ? atoi(argv[1]) : 60;
  float chip_height = 0.016f, chip_width = 0.016f, t_chip = 0.0005f;
  float grid_height = chip_height / rows, grid_width = chip_width / cols;
  float cap = 0.5f * 1.75e6f * t_chip * grid_width * grid_height;
  float rx = grid_width / (2.0f * 100.0f * t_chip * grid_height);
  float ry = grid_height / (2.0f * 100.0f * t_chip * grid_width);
  float rz = t_chip / (100.0f * grid_height * grid_width);
  float step = 0.001f / (3.0e6f / (1.75e6f * t_chip)); // precision / max slope
  size_t bytes = rows * cols * sizeof(float);
  float *temp = (float *)malloc(bytes), *power = (float *)malloc(bytes);
  for (int i = 0; i < rows * cols; i++) {
    temp[i] = 323.0f + (rand() % 100) * 0.01f;
    power[i] = (rand() % 100) * 1e-5f;
  }
  // CPU reference (double precision): the explicit steps of the thermal
  // model, each cell from its four neighbours, the chip's edge cells using
  // themselves for the missing neighbour.
  double *gold = (double *)malloc(rows * cols * sizeof(double));
  double *next = (double *)malloc(rows * cols * sizeof(double));
  for (int i = 0; i < rows * cols; i++)
    gold[i] = temp[i];
  double Cap_1 = step / cap, Rx_1 = 1.0f / rx, Ry_1 = 1.0f / ry, Rz_1 = 1.0f / rz;
  for (int it = 0; it < iterations; it++) {
    for (int r = 0; r < rows; r++)
      for (int c = 0; c < cols; c++) {
        double self = gold[r * cols + c];
        double n = gold[(r > 0 ? r - 1 : r) * cols + c];
        double s = gold[(r < rows - 1 ? r + 1 : r) * cols + c];
        double w = gold[r * cols + (c > 0 ? c - 1 : c)];
        double e = gold[r * cols + (c < cols - 1 ? c + 1 : c)];
        next[r * cols + c] = self + Cap_1 * (power[r * cols + c] + (n + s - 2.0 * self) * Ry_1 +
                                             (e + w - 2.0 * self) * Rx_1 +
                                             (80.0 - self) * Rz_1);
      }
    double *swap = gold;
    gold = next;
    next = swap;
  }
  float *d_power, *d_temp[2];
  cudaMalloc(&d_power, bytes);
  cudaMalloc(&d_temp[0], bytes);
  cudaMalloc(&d_temp[1], bytes);
  cudaMemcpy(d_power, power, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_temp[0], temp, bytes, cudaMemcpyHostToDevice);
  dim3 block(BLOCK, BLOCK), grid((cols + BLOCK - 1) / BLOCK, (rows + BLOCK - 1) / BLOCK);
  for (int i = 0; i < iterations; i++)
    hotspot_step<<<grid, block>>>(d_power, d_temp[i & 1], d_temp[!(i & 1)], rows, cols,
                                  step / cap, 1.0f / rx, 1.0f / ry, 1.0f / rz, 80.0f);
  float *single = (float *)malloc(bytes);
  cudaMemcpy(single, d_temp[iterations & 1], bytes, cudaMemcpyDeviceToHost);
  // The same steps, pyramid_height per launch.
  int pyramid_height = 2, src = 0, small = PYRAMID - 2 * pyramid_height;
  dim3 pgrid((cols + small - 1) / small, (rows + small - 1) / small);
  cudaMemcpy(d_temp[0], temp, bytes, cudaMemcpyHostToDevice);
  for (int t = 0; t < iterations; t += pyramid_height, src = !src)
    hotspot_pyramid<<<pgrid, block>>>(min(pyramid_height, iterations - t), d_power,
                                      d_temp[src], d_temp[!src], rows, cols, step / cap,
                                      1.0f / rx, 1.0f / ry, 1.0f / rz, 80.0f);
  cudaMemcpy(temp, d_temp[src], bytes, cudaMemcpyDeviceToHost);
  float worst = 0.0f;
  for (int i = 0; i < rows * cols; i++)
    worst = fmaxf(worst, fabsf(temp[i] - single[i]));
  printf("temperature of cell 0: %f (pyramid - single steps: %g)\n", temp[0], worst);
  // Temperatures near 323 K in float: both versions within 1e-3 K of the
  // double-precision reference after the steps.
  int status = 0;
  for (int i = 0; i < rows * cols && !status; i++)
    if (fabs(single[i] - gold[i]) > 1e-3 || fabs(temp[i] - gold[i]) > 1e-3) {
      printf("mismatch at %d: single steps %f, pyramid %f != %f\n", i, single[i], temp[i],
             gold[i]);
      status = 1;
    }
  if (!status)
    printf("PASSED\n");
  free(gold);
  free(next);
  free(single);
  cudaFree(d_power);
  cudaFree(d_temp[0]);
  cudaFree(d_temp[1]);
  free(temp);
  free(power);
  return status;
}
