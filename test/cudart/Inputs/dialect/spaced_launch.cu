// Spellings older nvcc takes that clang refuses: a launch with spaces in
// its brackets and __device__ beside __global__. The host checks the
// result against its own arithmetic.
#include <cstdio>
#include <vector>
#include "dialect_scale.h"

// A template's closing brackets are not a launch.
typedef std::vector<std::vector<std::pair<int, int>> > Table;

__global__ __device__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = SCALE * i; // in a comment: k<< <1, 1>> >
}

__device__ static __global__ void twice(int *p) { p[threadIdx.x] *= 2; }

int main() {
  const int n = 64;
  int *d = nullptr;
  cudaMalloc(&d, n * sizeof(int));
  fill<< <2, 32>> >(d, n);
  twice<<< 1, n >>>(d);
  const char *text = "k<< <1, 1>> >()";
  std::vector<int> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
  Table unused;
  for (int i = 0; i < n; ++i)
    if (h[i] != 2 * SCALE * i) {
      printf("FAILED at %d: %d\n", i, h[i]);
      return 1;
    }
  printf("PASSED %s %s:%d (%zu)\n", text, __FILE__, __LINE__, unused.size());
  return 0;
}
