// A file of const_banks_link.cu: three taps and a bias, initialized.
#include "const_banks.cuh"

__constant__ int taps[3] = {1, 2, 1};
__constant__ int bias = 7;

__global__ void stencil(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int left = in[i > 0 ? i - 1 : i], right = in[i + 1 < n ? i + 1 : i];
  out[i] = taps[0] * left + taps[1] * in[i] + taps[2] * right + bias;
}

void stencil_launch(const int *in, int *out, int n, cudaStream_t s) {
  stencil<<<(n + 127) / 128, 128, 0, s>>>(in, out, n);
}
void stencil_set(const int t[3], int b) {
  cudaMemcpyToSymbol(taps, t, sizeof taps);
  cudaMemcpyToSymbol(bias, &b, sizeof b);
}
void stencil_get(int t[3], int *b) {
  cudaMemcpyFromSymbol(t, taps, sizeof taps);
  cudaMemcpyFromSymbol(b, bias, sizeof bias);
}
void *stencil_bias_address() {
  void *p = nullptr;
  cudaGetSymbolAddress(&p, bias);
  return p;
}
