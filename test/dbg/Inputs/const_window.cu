// Pointers into __constant__ tables in a module that gives constant memory a
// generic window: a helper is called with constant and global pointers
// (docs/cuda.md "Generic addresses").
__constant__ int lut[4] = {10, 20, 30, 40};
__constant__ float scale[3] = {0.5f, 1.5f, 2.5f};
__device__ __noinline__ int get(const int *p, int i) {
  return p[i];
}
__global__ void cw(const int *g, int *out) {
  const int t = threadIdx.x;
  const int *p = t & 1 ? lut + 1 : g + t;
  const int *q = lut + t;
  const float *s = scale + t % 3;
  out[t] = get(p, 1) + get(q, 0) + int(*s * 10);
}
