// bench/programs.py: N launches of a one-warp kernel through the runtime,
// each after the previous one (one stream), timed by the host.
#include <chrono>
#include <cstdio>
#include <cstdlib>

__global__ void bump(int *counter) {
  if (threadIdx.x == 0)
    counter[0] += 1;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  int *d;
  cudaMalloc(&d, sizeof(int));
  cudaMemset(d, 0, sizeof(int));
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i)
    bump<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  int count = 0;
  cudaMemcpy(&count, d, sizeof count, cudaMemcpyDeviceToHost);
  printf("%d launches in %.3f s: %.0f launches/s (counter %d)\n", n, s, n / s, count);
  return count != n;
}
