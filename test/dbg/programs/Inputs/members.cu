// Device code in the shapes a C++ CUDA program has: a recursive function,
// one-line member functions, a namespace's function, a loop over a
// shared-memory tree with a barrier, in two blocks.
#include <cstdio>

namespace geo {
struct Vec2 {
  float x, y;
  __device__ float dot(const Vec2 &o) const { return x * o.x + y * o.y; }
  __device__ float scaledDot(const Vec2 &o, float k) const {
    float d = dot(o);
    return k * d;
  }
};
__device__ int twice(int v) { return 2 * v; }
} // namespace geo

__device__ __noinline__ int sumTo(int k) {
  if (k == 0)
    return 0;
  int below = sumTo(k - 1);
  return below + k;
}

__global__ void shapes(float *out, int *sums, int n) {
  __shared__ int tree[64];
  int t = threadIdx.x;
  int total = 0;
  for (int j = 0; j < 3; ++j)
    total += j * t;
  geo::Vec2 a{float(t), 1.0f}, b{2.0f, 3.0f};
  float d = a.scaledDot(b, 0.5f);
  int w = geo::twice(t);
  tree[t] = t + blockIdx.x;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      tree[t] += tree[t + s];
    __syncthreads();
  }
  int r = sumTo(t % 4 + 1);
  if (t < n)
    out[t] = d + float(w + total + r);
  if (t == 0)
    sums[blockIdx.x] = tree[0];
}

int main() {
  float *out;
  int *sums;
  cudaMalloc(&out, 64 * sizeof(float));
  cudaMalloc(&sums, 2 * sizeof(int));
  shapes<<<2, 64>>>(out, sums, 64);
  int h[2];
  cudaMemcpy(h, sums, sizeof(h), cudaMemcpyDeviceToHost);
  printf("sums %d %d\n", h[0], h[1]);
  return 0;
}
