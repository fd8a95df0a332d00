// Two CTAs of 64 threads; odd threads add twice (a divergent branch).
// With an argument the program fails (exit status 3), after its launch.
#include <cstdio>

__global__ void halves(int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i;
  if (i & 1)
    v += i;
  out[i] = v;
}

int main(int argc, char **) {
  int *d, h[128];
  cudaMalloc(&d, sizeof h);
  halves<<<2, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int i = 0; i < 128; i += 8)
    sum += h[i];
  printf("sum %ld\n", sum);
  return argc > 1 ? 3 : 0;
}
