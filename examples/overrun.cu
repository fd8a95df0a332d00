// A classic bug: 128 threads for 100 elements and no bounds check. The
// emulator reports the first lane that leaves the allocation (kernel, CTA,
// warp, lanes, PC, instruction, address); every CUDA call after it returns
// the sticky error, as on a GPU (docs/programs.md, "Errors").
#include <cstdio>
__global__ void scale(float *v, int n) { v[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }
int main() {
  float *d;
  cudaMalloc(&d, 100 * sizeof(float));
  scale<<<4, 32>>>(d, 100);   // 128 threads for 100 elements
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  printf("malloc: %s\n", cudaGetErrorString(cudaMalloc(&d, 4)));
  return e != cudaSuccess;
}
