// A kernel with a namespace-scope __device__ variable, a struct with a
// member function and a class with an access label (device-cxx-types.test).
#include <cstdio>

namespace phys {
__device__ float gravity = 9.5f;
__device__ int bounces;
} // namespace phys

__device__ int total, depth = 7;

struct Body {
  float y, vy;
  __device__ void fall(float dt) {
    vy -= phys::gravity * dt;
    y += vy * dt;
  }
  __device__ float height() const { return y; }
};

class Tally {
public:
  int count;
  float sum;
};

__global__ void drop(Body *b, Tally *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, depth = i + 100;
  if (i < n) {
    Body me = b[i];
    me.fall(0.5f);
    b[i] = me;
    atomicAdd(&t->count, 1);
    atomicAdd(&total, depth - 99);
  }
}

int main() {
  Body *b;
  Tally *t;
  cudaMallocManaged(&b, 32 * sizeof(Body));
  cudaMallocManaged(&t, sizeof(Tally));
  for (int i = 0; i < 32; ++i)
    b[i] = {10.0f + i, 0.0f};
  t->count = 0;
  drop<<<1, 32>>>(b, t, 32);
  cudaDeviceSynchronize();
  printf("%.3f %d\n", b[3].y, t->count);
  return 0;
}
