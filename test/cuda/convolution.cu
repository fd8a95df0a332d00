// Separable-filter style convolutions with the weights passed by pointer:
// a 1D convolution whose block stages its input tile plus halo in shared
// memory (halo threads load two cells), and a direct 2D convolution with a
// 5x5 mask and clamp-to-edge addressing.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py convolution > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
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

int main() {
  const int n = 200, w = 23, h = 17;
  float hw[2 * RADIUS + 1], hm[MASK2D * MASK2D];
  for (int i = 0; i < 2 * RADIUS + 1; ++i)
    hw[i] = (float)(i - RADIUS);
  for (int i = 0; i < MASK2D * MASK2D; ++i)
    hm[i] = (float)(i % 3);
  float *d_in, *d_out, *d_w, *d_img, *d_img_out, *d_mask;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMalloc(&d_w, sizeof hw);
  cudaMalloc(&d_img, w * h * sizeof(float));
  cudaMalloc(&d_img_out, w * h * sizeof(float));
  cudaMalloc(&d_mask, sizeof hm);
  cudaMemcpy(d_w, hw, sizeof hw, cudaMemcpyHostToDevice);
  cudaMemcpy(d_mask, hm, sizeof hm, cudaMemcpyHostToDevice);
  conv1d<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d_in, d_out, d_w, n);
  conv2d<<<dim3(2, 2), dim3(16, 16)>>>(d_img, d_img_out, d_mask, w, h);
  if (cudaGetLastError() != cudaSuccess)
    return 1;
  cudaDeviceSynchronize();
  puts("done");
  return 0;
}
