// A device function for each kind of value `finish` shows as returned
// (test/dbg/finish-value.dbg), compiled by simt-cc -g at -O0 and -O2: lane t
// of one warp calls each with t, and what they return reaches out and fout.
struct Pair {
  int a;
  float b;
};

// Fourteen words: the last two return through the caller's stack area.
struct Wide {
  int v[14];
};

__device__ __noinline__ int mix(int a, int b) { return a * 7 - b; }
__device__ __noinline__ float half(float x) { return x * 0.5f + 0.25f; }
__device__ __noinline__ int *slot(int *base, int i) { return base + i; }
__device__ __noinline__ bool odd(int v) { return v & 1; }
__device__ __noinline__ char letter(int i) { return 'a' + i; }
__device__ __noinline__ double third(int t) { return t / 3.0; }

__device__ __noinline__ Pair pair(int t) {
  Pair p = {t * 3, t + 0.5f};
  return p;
}

__device__ __noinline__ Wide wide(int t) {
  Wide w;
  for (int k = 0; k < 14; ++k)
    w.v[k] = t * 100 + k;
  return w;
}

__device__ __noinline__ void store(int *p, int v) { *p = v; }

// A call inside a call: finish from outer stops in mix when it breaks there.
__device__ __noinline__ int outer(int t) { return mix(t, 1) + 1; }

extern "C" __global__ void returns(int *out, float *fout) {
  int t = threadIdx.x;
  int m = mix(t, 2);
  float h = half(float(t));
  int *s = slot(out, t);
  bool o = odd(t);
  char c = letter(t);
  double d = third(t);
  Pair p = pair(t);
  Wide w = wide(t);
  store(s, m + o + c + p.a + w.v[13] + w.v[0]);
  fout[t] = h + p.b + float(d);
  out[t] += outer(t);
}
