// bench/dbg_host.sh's program: host work with a function called in a loop
// (where a host breakpoint would go, never hit: neverCalled), and one small
// kernel, so that the run crosses host and device as a debugged program does.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void square(unsigned *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= v[i];
}

__attribute__((noinline)) unsigned mix(unsigned x) { return x * 2654435761u ^ (x >> 13); }
__attribute__((noinline)) void neverCalled() { std::puts("never"); }

int main(int argc, char **argv) {
  const long iters = argc > 1 ? std::atol(argv[1]) : 50000000;
  unsigned acc = 1;
  for (long i = 0; i < iters; ++i)
    acc = mix(acc + unsigned(i));
  if (acc == 0)
    neverCalled();
  unsigned h[256], *d;
  for (int i = 0; i < 256; ++i)
    h[i] = acc + unsigned(i);
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  square<<<2, 128>>>(d, 256);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("%u\n", h[255]);
  return 0;
}
