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
// CHECK: c_weights                 constant  c[0x2][0x0]      28  u8, zero
// CHECK: c_mask                    constant  c[0x2][0x1c]    100  u8
#include <cuda_runtime.h>
#include <stdio.h>

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
  float *d_in, *d_out, *d_img, *d_img_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMalloc(&d_img, w * h * sizeof(float));
  cudaMalloc(&d_img_out, w * h * sizeof(float));
  conv1d_const<<<(n + 127) / 128, 128>>>(d_in, d_out, n);
  conv2d_const<<<dim3(2, 2), dim3(16, 16)>>>(d_img, d_img_out, w, h);
  cudaDeviceSynchronize();
  puts("done");
  return 0;
}
