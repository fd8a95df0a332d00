// y = offset + 3 * (2 x) on the device (axpy.cu), then y += 0.5 x through
// cuBLAS; checked against the same sums on the host, exact in float.
#include "axpy.h"
#include <cublas_v2.h>
#include <cstdio>
#include <vector>

extern "C" float hostOffset(int i);

int main() {
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = hostOffset(i);
  }
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  scaledAxpy(n, 3.0f, dx, dy);
  cublasHandle_t handle;
  cublasCreate(&handle);
  const float half = 0.5f;
  cublasSaxpy(handle, n, &half, dx, 1, dy, 1);
  cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += y[i] != hostOffset(i) + 6.0f * float(i) + 0.5f * float(i);
  std::printf("scaled axpy: %d bad of %d\n", bad, n);
  cublasDestroy(handle);
  cudaFree(dx);
  cudaFree(dy);
  return bad != 0;
}
