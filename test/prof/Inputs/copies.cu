// Copies and sets whose sizes make their modeled times round numbers
// (docs/tools/simt-prof.md): 6 GB/s across the host link each way; on the
// device 177.408 GB/s (GDDR5 at 1848 MHz, 384 bits, two transfers a clock),
// a set writing each byte once and a device-to-device copy reading and
// writing it.
#include <cstdio>
#include <cstdlib>
#include <cstring>

__constant__ int coef[250]; // 1000 bytes

__global__ void twice(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2;
}

int main() {
  const size_t big = 6000000; // 1 ms across the link
  char *h = (char *)malloc(big);
  memset(h, 1, big);
  char *d, *e;
  cudaMalloc(&d, big);
  cudaMalloc(&e, big);
  cudaMemcpy(d, h, big, cudaMemcpyHostToDevice);          // 1 ms
  cudaMemcpy(d, h, big / 2, cudaMemcpyHostToDevice);      // 500 us
  cudaMemset(e, 0, 1774080);                              // 10 us
  cudaMemcpy(e, d, 887040, cudaMemcpyDeviceToDevice);     // 10 us
  twice<<<2, 64>>>((int *)e, 128);
  cudaMemcpy(h, e, 3000000, cudaMemcpyDeviceToHost);      // 500 us
  printf("after the kernel %d\n", ((int *)h)[0]);
  cudaMemcpy2D(h, 1000, d, 2000, 1000, 600, cudaMemcpyDeviceToHost); // 600000 bytes: 100 us
  int c[250] = {};
  cudaMemcpyToSymbol(coef, c, sizeof c);                  // 1000 bytes: 166.67 ns
  printf("after the 2D copy %d\n", ((int *)h)[0]);
  return 0;
}
