// A device function clang keeps (__noinline__), compiled by simt-cc -g:
// the call is a CAL to the function's own .func, and both functions'
// lines are in the line table. The loop's trip count is the thread's, so
// the lanes leave it one by one.
__device__ __noinline__ int triangle(int t) {
  int s = 0;
  for (int k = 0; k < t; ++k)
    s = s * 31 + k;
  return s;
}

extern "C" __global__ void calls_cc(int *out) {
  int t = threadIdx.x & 3;
  int r = triangle(t);
  out[threadIdx.x] = r + t;
}
