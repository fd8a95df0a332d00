// A 7-point 3D heat-diffusion step (the inner kernel of a Jacobi solver):
// a 2D grid of threads over x/y marches along z, keeping the centre column
// in registers (below, current, above) as real 3D stencils do. Boundary
// cells are copied.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py stencil3d > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define IDX(x, y, z) (((z) * ny + (y)) * nx + (x))

extern "C" __global__ void stencil3d(const float *in, float *out, int nx, int ny, int nz,
                                     float c0, float c1) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  bool edge = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
  float below = in[IDX(x, y, 0)], cur = in[IDX(x, y, 1)];
  out[IDX(x, y, 0)] = below;
  for (int z = 1; z < nz - 1; ++z) {
    float above = in[IDX(x, y, z + 1)];
    if (edge) {
      out[IDX(x, y, z)] = cur;
    } else {
      float side = in[IDX(x - 1, y, z)] + in[IDX(x + 1, y, z)] + in[IDX(x, y - 1, z)] +
                   in[IDX(x, y + 1, z)];
      out[IDX(x, y, z)] = c0 * cur + c1 * (side + below + above);
    }
    below = cur;
    cur = above;
  }
  out[IDX(x, y, nz - 1)] = cur;
}

int main() {
  const int nx = 19, ny = 13, nz = 7;
  size_t bytes = nx * ny * nz * sizeof(float);
  float *h_in = (float *)malloc(bytes), *h_out = (float *)malloc(bytes);
  for (int i = 0; i < nx * ny * nz; ++i)
    h_in[i] = (float)(rand() % 32);
  float *d_in, *d_out;
  cudaMalloc(&d_in, bytes);
  cudaMalloc(&d_out, bytes);
  cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, 0);
  stencil3d<<<dim3(2, 2), dim3(16, 8)>>>(d_in, d_out, nx, ny, nz, 0.25f, 0.125f);
  cudaEventRecord(stop, 0);
  cudaEventSynchronize(stop);
  float ms;
  cudaEventElapsedTime(&ms, start, stop);
  printf("stencil3d: %f ms\n", ms);
  cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
  // CPU reference: the 7-point stencil inside the volume, its boundary
  // copied. Integer inputs and coefficients of 1/4 and 1/8: exact.
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        float expect = h_in[IDX(x, y, z)];
        if (x > 0 && y > 0 && z > 0 && x < nx - 1 && y < ny - 1 && z < nz - 1)
          expect = 0.25f * h_in[IDX(x, y, z)] +
                   0.125f * (h_in[IDX(x - 1, y, z)] + h_in[IDX(x + 1, y, z)] +
                             h_in[IDX(x, y - 1, z)] + h_in[IDX(x, y + 1, z)] +
                             h_in[IDX(x, y, z - 1)] + h_in[IDX(x, y, z + 1)]);
        if (h_out[IDX(x, y, z)] != expect) {
          printf("mismatch at %d: %f != %f\n", IDX(x, y, z), h_out[IDX(x, y, z)], expect);
          return 1;
        }
      }
  cudaFree(d_in);
  cudaFree(d_out);
  free(h_in);
  free(h_out);
  printf("PASSED\n");
  return 0;
}
