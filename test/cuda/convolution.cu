// Separable-filter style convolutions with the weights passed by pointer:
// a 1D convolution whose block stages its input tile plus halo in shared
// memory (halo threads load two cells), and a direct 2D convolution with a
// 5x5 mask and clamp-to-edge addressing.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py convolution > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define RADIUS 3
#define BLOCK 64
#define MASK2D 5

extern "C" __global__ void conv1d(const float *in, float *out, const float *weights, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  tile[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = g - RADIUS, right = g + BLOCK;
    tile[l - RADIUS] = left >= 0 ? in[left] : 0.0f;
    tile[l + BLOCK] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  if (g < n) {
    float acc = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; ++k)
      acc += weights[k + RADIUS] * tile[l + k];
    out[g] = acc;
  }
}

__device__ __forceinline__ int clampi(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

extern "C" __global__ void conv2d(const float *img, float *out, const float *mask, int w,
                                  int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float acc = 0.0f;
  for (int my = 0; my < MASK2D; ++my) {
    int sy = clampi(y + my - MASK2D / 2, 0, h - 1);
    for (int mx = 0; mx < MASK2D; ++mx) {
      int sx = clampi(x + mx - MASK2D / 2, 0, w - 1);
      acc += mask[my * MASK2D + mx] * img[sy * w + sx];
    }
  }
  out[y * w + x] = acc;
}

// CPU references (as the samples' convolution gold functions): zero past
// the ends of the signal; the image clamped at its edges.
static void conv1d_gold(float *out, const float *in, const float *weights, int n) {
  for (int i = 0; i < n; ++i) {
    float sum = 0.0f;
    for (int j = 0; j < 2 * RADIUS + 1; ++j) {
      int src = i + j - RADIUS;
      sum += weights[j] * (src >= 0 && src < n ? in[src] : 0.0f);
    }
    out[i] = sum;
  }
}

static void conv2d_gold(float *out, const float *img, const float *mask, int w, int h) {
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float sum = 0.0f;
      for (int j = 0; j < MASK2D; ++j)
        for (int i = 0; i < MASK2D; ++i) {
          int sy = y + j - MASK2D / 2, sx = x + i - MASK2D / 2;
          sy = sy < 0 ? 0 : sy > h - 1 ? h - 1 : sy;
          sx = sx < 0 ? 0 : sx > w - 1 ? w - 1 : sx;
          sum += mask[j * MASK2D + i] * img[sy * w + sx];
        }
      out[y * w + x] = sum;
    }
}

int main() {
  const int n = 200, w = 23, h = 17;
  float hw[2 * RADIUS + 1], hm[MASK2D * MASK2D];
  for (int i = 0; i < 2 * RADIUS + 1; ++i)
    hw[i] = (float)(i - RADIUS);
  for (int i = 0; i < MASK2D * MASK2D; ++i)
    hm[i] = (float)(i % 3);
  // Small integers, so that every sum is exact in float: the device's
  // results must equal the CPU's exactly.
  float *in = (float *)malloc(n * sizeof(float)), *out = (float *)malloc(n * sizeof(float));
  float *img = (float *)malloc(w * h * sizeof(float));
  float *img_out = (float *)malloc(w * h * sizeof(float));
  float *gold = (float *)malloc(w * h * sizeof(float));
  for (int i = 0; i < n; ++i)
    in[i] = (float)(rand() % 21 - 10);
  for (int i = 0; i < w * h; ++i)
    img[i] = (float)(rand() % 256);
  float *d_in, *d_out, *d_w, *d_img, *d_img_out, *d_mask;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMalloc(&d_w, sizeof hw);
  cudaMalloc(&d_img, w * h * sizeof(float));
  cudaMalloc(&d_img_out, w * h * sizeof(float));
  cudaMalloc(&d_mask, sizeof hm);
  cudaMemcpy(d_w, hw, sizeof hw, cudaMemcpyHostToDevice);
  cudaMemcpy(d_mask, hm, sizeof hm, cudaMemcpyHostToDevice);
  cudaMemcpy(d_in, in, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_img, img, w * h * sizeof(float), cudaMemcpyHostToDevice);
  conv1d<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d_in, d_out, d_w, n);
  conv2d<<<dim3(2, 2), dim3(16, 16)>>>(d_img, d_img_out, d_mask, w, h);
  if (cudaGetLastError() != cudaSuccess)
    return 1;
  cudaDeviceSynchronize();
  puts("done");
  cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(img_out, d_img_out, w * h * sizeof(float), cudaMemcpyDeviceToHost);
  conv1d_gold(gold, in, hw, n);
  for (int i = 0; i < n; ++i)
    if (out[i] != gold[i]) {
      printf("conv1d mismatch at %d: %f != %f\n", i, out[i], gold[i]);
      return 1;
    }
  conv2d_gold(gold, img, hm, w, h);
  for (int i = 0; i < w * h; ++i)
    if (img_out[i] != gold[i]) {
      printf("conv2d mismatch at %d: %f != %f\n", i, img_out[i], gold[i]);
      return 1;
    }
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_w);
  cudaFree(d_img);
  cudaFree(d_img_out);
  cudaFree(d_mask);
  free(in);
  free(out);
  free(img);
  free(img_out);
  free(gold);
  printf("PASSED\n");
  return 0;
}
