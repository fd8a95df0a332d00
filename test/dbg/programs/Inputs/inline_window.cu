// A __forceinline__ helper object holding a pointer to a local array (as
// CUB's BlockReduce holds its TempStorage): at -O0 clang inlines it, and
// the local pointer stored in the object gives the module a generic window
// for local memory, which moves every function's frame root into it.
#include <cstdio>
struct Acc {
  float *buf;
  __device__ __forceinline__ Acc(float *b)
      : buf(b) {}
  __device__ __forceinline__ float add(float v) {
    buf[threadIdx.x % 4] = v;
    return buf[threadIdx.x % 4] + 1.0f;
  }
};
__global__ void simple(float *out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = 2.0f * i;
}
__global__ void accum(const float *in, float *out) {
  float local[4];
  float s = Acc(local).add(in[threadIdx.x]);
  if (threadIdx.x == 0) *out = s;
}
int main() {
  float *d, *o;
  cudaMalloc(&d, 128 * sizeof(float));
  cudaMalloc(&o, sizeof(float));
  simple<<<1, 128>>>(d, 128);
  accum<<<1, 128>>>(d, o);
  float h;
  cudaMemcpy(&h, o, sizeof(float), cudaMemcpyDeviceToHost);
  printf("h=%g\n", h);
  return 0;
}
