// A device function reads past the buffer for every lane but lane 0; the
// kernel calls it. spin waits for a flag the host never sets.
__device__ __noinline__ int load(const int *p, int i) {
  return p[i * 64];
}
__global__ void gather(int *out, int n) {
  int t = threadIdx.x;
  out[t] = load(out, t) + n;
}
__global__ void spin(volatile int *flag) {
  while (flag[0] == 0)
    ;
}
