// bench/programs.py: cudaMemcpy bandwidth of BYTES host to device and back,
// against memcpy between two host buffers of the same size.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static double seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int main(int argc, char **argv) {
  size_t bytes = (argc > 1 ? atoi(argv[1]) : 64) << 20;
  const int reps = 5;
  char *a = (char *)malloc(bytes), *b = (char *)malloc(bytes);
  memset(a, 1, bytes);
  memset(b, 2, bytes);
  void *d;
  cudaMalloc(&d, bytes);
  cudaMemcpy(d, a, bytes, cudaMemcpyHostToDevice); // first touch
  double h2d = 1e30, d2h = 1e30, host = 1e30;
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    cudaMemcpy(d, a, bytes, cudaMemcpyHostToDevice);
    h2d = std::min(h2d, seconds(t0));
    t0 = std::chrono::steady_clock::now();
    cudaMemcpy(b, d, bytes, cudaMemcpyDeviceToHost);
    d2h = std::min(d2h, seconds(t0));
    t0 = std::chrono::steady_clock::now();
    memcpy(b, a, bytes);
    host = std::min(host, seconds(t0));
  }
  double gb = bytes / 1e9;
  printf("%zu MiB: host memcpy %.2f GB/s, cudaMemcpy H2D %.2f GB/s (%.2fx), D2H %.2f GB/s "
         "(%.2fx)\n",
         bytes >> 20, gb / host, gb / h2d, host / h2d, gb / d2h, host / d2h);
  return memcmp(a, b, bytes) != 0;
}
