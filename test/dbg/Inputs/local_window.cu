// A local array whose address is passed to a helper that is also given
// constant and global pointers: at -O0 the module gives local and constant
// memory generic windows (docs/cuda.md "Generic addresses").
__constant__ int lut[4] = {10, 20, 30, 40};
__device__ __noinline__ int get(const int *p, int i) { return p[i]; }
__global__ void lw(int *out) {
  int buf[4];
  const int t = threadIdx.x;
  for (int i = 0; i < 4; ++i)
    buf[i] = t + i;
  const int *p = buf;
  out[t] = get(p, 1) + get(lut, 2) + get(out, 0) * 0;
}
