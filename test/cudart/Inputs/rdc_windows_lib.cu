// The other half of rdc_windows.cu: device functions that take, keep and
// return generic pointers of any space, called only from the other file,
// and a __constant__ table of this file's own.
__constant__ float lib_coef[8] = {10, 20, 30, 40, 50, 60, 70, 80};
__device__ const float *stash[64]; // a pointer of each thread, of any space

__device__ __noinline__ float sum_ext(const float *p, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}

__device__ __noinline__ void scale_ext(float *p, float f, int n) {
  for (int i = 0; i < n; ++i)
    p[i] *= f;
}

__device__ __noinline__ void keep(int t, const float *p) { stash[t] = p; }
__device__ __noinline__ float first_kept(int t) { return stash[t][0]; }
__device__ __noinline__ float *pick(float *a, float *b, int which) { return which ? a : b; }
__device__ __noinline__ const float *lib_table() { return lib_coef; }
