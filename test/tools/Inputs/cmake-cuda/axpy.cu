#include "axpy.h"

__global__ void scaledAxpyKernel(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    y[i] += a * twice(x[i]);
}

void scaledAxpy(int n, float a, const float *x, float *y) {
  scaledAxpyKernel<<<4, 96>>>(n, a, x, y);
}
