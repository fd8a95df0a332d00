// Convolutions with their coefficients in constant memory, as image filters
// keep them: a 1D convolution whose weights the host sets before the launch
// (cudaMemcpyToSymbol; the run script's `const c_weights = [...]`), and a 2D
// 5x5 convolution whose mask is initialised in the device code and indexed
// per thread (LDC) and by constants (c[0x2][...] operands). The script then
// changes one weight by name and launches again: the new constants version
// reaches the second launch only. Host references: Inputs/module_vars.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/module_vars.py constant_filter > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-objdump --kernels %t.o | FileCheck %s
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
// CHECK: c_weights                 constant  c[0x2][0x0]      28  u8, zero
// CHECK: c_mask                    constant  c[0x2][0x1c]    100  u8
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define RADIUS 3
#define MASK 5

__constant__ float c_weights[2 * RADIUS + 1];
__constant__ float c_mask[MASK][MASK] = {
    {1, 0, -1, 0, 1}, {2, 1, 0, -1, -2}, {0, 3, 4, 3, 0}, {-2, -1, 0, 1, 2}, {1, 0, -1, 0, 1}};

extern "C" __global__ void conv1d_const(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; ++k)
    if (i + k >= 0 && i + k < n)
      acc += c_weights[k + RADIUS] * in[i + k];
  out[i] = acc;
}

// Rows of the mask by a per-thread index (the row the thread's parity
// picks first), columns by constants.
extern "C" __global__ void conv2d_const(const float *img, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float acc = 0.0f;
  for (int r = 0; r < MASK; ++r) {
    int my = (r + (x & 1)) % MASK;
    int sy = min(max(y + my - MASK / 2, 0), h - 1);
#pragma unroll
    for (int mx = 0; mx < MASK; ++mx) {
      int sx = min(max(x + mx - MASK / 2, 0), w - 1);
      acc += c_mask[my][mx] * img[sy * w + sx];
    }
  }
  out[y * w + x] = acc;
}

int main() {
  const int n = 300, w = 29, h = 19;
  float hw[2 * RADIUS + 1];
  for (int i = 0; i < 2 * RADIUS + 1; ++i)
    hw[i] = (float)(i - RADIUS);
  cudaMemcpyToSymbol(c_weights, hw, sizeof hw);
  // Small integers: every product and sum below is exact in float, so the
  // results must equal the CPU's exactly.
  float *in = (float *)malloc(n * sizeof(float)), *out = (float *)malloc(n * sizeof(float));
  float *img = (float *)malloc(w * h * sizeof(float));
  float *img_out = (float *)malloc(w * h * sizeof(float));
  for (int i = 0; i < n; ++i)
    in[i] = (float)(rand() % 17 - 8);
  for (int i = 0; i < w * h; ++i)
    img[i] = (float)(rand() % 256);
  float *d_in, *d_out, *d_img, *d_img_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMalloc(&d_img, w * h * sizeof(float));
  cudaMalloc(&d_img_out, w * h * sizeof(float));
  cudaMemcpy(d_in, in, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_img, img, w * h * sizeof(float), cudaMemcpyHostToDevice);
  conv1d_const<<<(n + 127) / 128, 128>>>(d_in, d_out, n);
  conv2d_const<<<dim3(2, 2), dim3(16, 16)>>>(d_img, d_img_out, w, h);
  cudaDeviceSynchronize();
  puts("done");
  cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(img_out, d_img_out, w * h * sizeof(float), cudaMemcpyDeviceToHost);

  // CPU reference, 1-D: taps outside the signal count as zero.
  for (int i = 0; i < n; ++i) {
    float sum = 0.0f;
    for (int j = 0; j < 2 * RADIUS + 1; ++j) {
      int src = i - RADIUS + j;
      if (src >= 0 && src < n)
        sum += hw[j] * in[src];
    }
    if (out[i] != sum) {
      printf("conv1d mismatch at %d: %f != %f\n", i, out[i], sum);
      return 1;
    }
  }
  // 2-D: the mask (as initialized above) centred on each pixel, the image
  // clamped at its edges; the kernel visits the rows in another order.
  const float mask[MASK][MASK] = {
      {1, 0, -1, 0, 1}, {2, 1, 0, -1, -2}, {0, 3, 4, 3, 0}, {-2, -1, 0, 1, 2}, {1, 0, -1, 0, 1}};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float sum = 0.0f;
      for (int dy = -MASK / 2; dy <= MASK / 2; ++dy)
        for (int dx = -MASK / 2; dx <= MASK / 2; ++dx) {
          int sy = y + dy < 0 ? 0 : y + dy >= h ? h - 1 : y + dy;
          int sx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx;
          sum += mask[dy + MASK / 2][dx + MASK / 2] * img[sy * w + sx];
        }
      if (img_out[y * w + x] != sum) {
        printf("conv2d mismatch at %d: %f != %f\n", y * w + x, img_out[y * w + x], sum);
        return 1;
      }
    }
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_img);
  cudaFree(d_img_out);
  free(in);
  free(out);
  free(img);
  free(img_out);
  printf("PASSED\n");
  return 0;
}
