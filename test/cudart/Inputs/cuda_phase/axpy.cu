// Kernels and their host launcher, for simt-nvcc -cuda (nvcc-cuda.test):
// built twice into one program, NAME and OFFSET differing. The template
// kernel and the inline code both copies share are comdat; the static
// kernel is each copy's own.
#include <cstdio>

template <typename T> __global__ void axpy(T a, const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

static __global__ void add_offset(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += OFFSET;
}

// y = a * x + y + OFFSET on the device; 0, or the CUDA error.
extern "C" int NAME(float a, const float *x, float *y, int n) {
  float *dx = nullptr, *dy = nullptr;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
  const int block = 64, grid = (n + block - 1) / block;
  axpy<float><<<grid, block>>>(a, dx, dy, n);
  add_offset<<<grid, block>>>(dy, n);
  cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess)
    printf("%s: %s\n", __func__, cudaGetErrorString(e));
  return e;
}
