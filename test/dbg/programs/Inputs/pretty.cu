// A structure with a nested one and an array, and an array with a run of
// equal elements: what gdb's print settings change (gdb-settings.test).
#include <cstdio>

struct Inner {
  int c;
  float d;
};
struct Pair {
  int a;
  Inner in;
  int v[3];
};

__global__ void fill(Pair *out, int n) {
  Pair p;
  p.a = n + threadIdx.x;
  p.in.c = 2 * n;
  p.in.d = 0.5f;
  int big[30];
  for (int i = 0; i < 30; ++i)
    big[i] = i < 20 ? 7 : i;
  p.v[0] = big[3];
  p.v[1] = big[25];
  p.v[2] = 9;
  out[threadIdx.x] = p;
}

int main() {
  Pair *d;
  cudaMalloc(&d, 32 * sizeof(Pair));
  fill<<<1, 32>>>(d, 5);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
