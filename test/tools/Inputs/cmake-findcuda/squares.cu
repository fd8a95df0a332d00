#include <cstdio>

__global__ void squares(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i * i;
}

int main() {
  const int n = 300;
  int *d, h[n];
  cudaMalloc(&d, sizeof h);
  squares<<<(n + 127) / 128, 128>>>(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += h[i] != i * i;
  std::printf("squares: %d bad of %d\n", bad, n);
  return bad != 0;
}
