// A 2D Jacobi step: boundary threads copy, interior threads average their
// four neighbours; early returns on both (nested divergence, 2D grid).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/ref.py stencil > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
#include <cuda_runtime.h>

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
  float *in, *out;
  cudaMalloc(&in, 37 * 29 * sizeof(float));
  cudaMalloc(&out, 37 * 29 * sizeof(float));
  stencil<<<dim3(3, 2), dim3(16, 16)>>>(in, out, 37, 29);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
