// A 2D Jacobi step: boundary threads copy, interior threads average their
// four neighbours; early returns on both (nested divergence, 2D grid).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/ref.py stencil > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

extern "C" __global__ void stencil(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
    out[y * w + x] = in[y * w + x];
    return;
  }
  out[y * w + x] =
      0.25f * (in[y * w + x - 1] + in[y * w + x + 1] + in[(y - 1) * w + x] + in[(y + 1) * w + x]);
}

int main() {
  const int w = 37, h = 29;
  float h_in[w * h], h_out[w * h];
  for (int k = 0; k < w * h; ++k)
    h_in[k] = (float)(rand() % 64);
  float *in, *out;
  cudaMalloc(&in, 37 * 29 * sizeof(float));
  cudaMalloc(&out, 37 * 29 * sizeof(float));
  cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  stencil<<<dim3(3, 2), dim3(16, 16)>>>(in, out, 37, 29);
  cudaDeviceSynchronize();
  cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
  // CPU reference: the border copied, each inner cell the mean of its four
  // neighbours (integers: exact in float).
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      bool border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
      float expect = border ? h_in[y * w + x]
                            : (h_in[(y - 1) * w + x] + h_in[(y + 1) * w + x] +
                               h_in[y * w + x - 1] + h_in[y * w + x + 1]) / 4.0f;
      if (h_out[y * w + x] != expect) {
        printf("mismatch at %d: %f != %f\n", y * w + x, h_out[y * w + x], expect);
        return 1;
      }
    }
  cudaFree(in);
  cudaFree(out);
  printf("PASSED\n");
  return 0;
}
