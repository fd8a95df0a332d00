// std::swap in device code, as nvcc accepts it (clang alone refuses: it is
// not constexpr before C++20): scalars, array elements, whole arrays, a
// struct, and the `using std::swap; swap(a, b)` idiom; the host's own
// std::swap and <algorithm> beside it are untouched. Expected values are
// the swaps done by hand.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: device: 2 1 4 3 15 32 2
// CHECK-NEXT: host: 1 3 2 1
#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

struct Pair {
  int a, b;
};

__global__ void swaps(int *a) {
  int x = a[0], y = a[1];
  std::swap(x, y);
  a[0] = x;
  a[1] = y;
  std::swap(a[2], a[3]);
  int t[2] = {7, 8}, u[2] = {0, 0};
  std::swap(t, u);
  a[4] = u[0] + u[1];
  Pair p{1, 2}, q{3, 4};
  std::swap(p, q);
  a[5] = p.a * 10 + q.b;
  using std::swap;
  float f = 1, g = 2;
  swap(f, g);
  a[6] = (int)f;
}

int main() {
  int h[7] = {1, 2, 3, 4, 0, 0, 0}, *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  swaps<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("device:");
  for (int v : h)
    printf(" %d", v);
  std::vector<int> v = {3, 1, 2};
  std::swap(v[0], v[2]);
  std::sort(v.begin(), v.end());
  int x = 1, y = 2;
  std::swap(x, y);
  printf("\nhost: %d %d %d %d\n", v[0], v[2], x, y);
  return 0;
}
