// Generic pointers into shared, local and constant memory that cross calls
// with a mix of spaces or go through memory, as on Fermi (docs/cuda.md
// "Generic addresses"): a __noinline__ dot product called with constant,
// global and shared arrays; __constant__ and global pointers kept in a
// dynamically indexed local table; a struct of a constant or global and a
// local pointer passed by value; a local array passed to a helper also
// called with a global pointer; a recursive sum walking a pointer of
// unknown space; a helper returning whichever of its arguments (constant,
// local, shared, global) it is told; a cursor struct holding a local or a
// global pointer advanced through a pointer; __isShared, __isGlobal,
// __isLocal and __isConstant of them; a struct of a local and a local or
// global pointer returned by value; atomics and plain updates through a
// helper's pointer of several spaces. At -O0 and -G clang inlines nothing,
// so every helper takes pointers of several spaces. Expected values: the
// host loops below.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s
// RUN: simt-nvcc -O0 %s -o %t-o0.app
// RUN: %t-o0.app | FileCheck %s
// RUN: simt-nvcc -G %s -o %t-g.app
// RUN: %t-g.app | FileCheck %s
// CHECK: dot PASSED
// CHECK: tables PASSED
// CHECK: picked PASSED
// CHECK: returned PASSED
#include <cuda_runtime.h>
#include <stdio.h>

__constant__ float coef[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__constant__ int lut[4] = {10, 20, 30, 40};

__device__ __noinline__ float dot(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

// dot(coef, x), dot(x, x), dot(sh, coef) per thread.
__global__ void dots(const float *x, float *out) {
  __shared__ float sh[8];
  const int t = threadIdx.x;
  sh[t] = x[t] + 10;
  __syncthreads();
  out[3 * t] = dot(coef, x, 8);
  out[3 * t + 1] = dot(x + t % 2, x, 7);
  out[3 * t + 2] = dot(sh, coef, 8);
}

struct Pair {
  const float *a, *b;
  int n;
};
__device__ __noinline__ float pairDot(Pair p) { return dot(p.a, p.b, p.n); }
__device__ __noinline__ void scale(float *p, float f, int n) {
  for (int i = 0; i < n; ++i)
    p[i] *= f;
}
__device__ __noinline__ float sum(const float *p, int n) {
  return n == 0 ? 0.f : p[0] + sum(p + 1, n - 1);
}

__global__ void tables(const float *x, float *y, float *out) {
  const float *table[2] = {coef, x};
  const int t = threadIdx.x;
  float buf[8];
  for (int i = 0; i < 8; ++i)
    buf[i] = table[t & 1][i] + t;
  scale(buf, 2.f, 8);
  scale(y + 8 * t, 3.f, 8);
  Pair p = {table[t & 1], buf, 8};
  out[4 * t] = pairDot(p);
  out[4 * t + 1] = sum(buf, 8) + sum(coef, 8) * 100;
  out[4 * t + 2] = sum(table[(t >> 1) & 1], 8);
  out[4 * t + 3] = __isConstant(table[t & 1]) + 2 * __isLocal(buf) +
                   4 * __isGlobal(table[t & 1]) + 8 * __isShared(buf);
}

__device__ __noinline__ const int *pick(const int *a, const int *b, int which) {
  return which ? a : b;
}
struct Cursor {
  int *at;
  int step;
};
__device__ __noinline__ int advance(Cursor *c, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    s += *c->at;
    c->at += c->step;
  }
  return s;
}

__global__ void picked(int *g, int *out) {
  __shared__ int sh[8];
  int loc[8];
  const int t = threadIdx.x;
  sh[t] = 100 * t;
  for (int i = 0; i < 8; ++i)
    loc[i] = i + t;
  __syncthreads();
  const int *p = pick(lut, loc, t & 1);
  const int *q = pick(sh, g, t & 2);
  Cursor c = {t & 1 ? loc : g, 1};
  out[4 * t] = p[t & 3] + q[t];
  out[4 * t + 1] = advance(&c, 3);
  out[4 * t + 2] = *c.at;
  out[4 * t + 3] = __isShared(q) + 2 * __isGlobal(q) + 4 * __isLocal(p) + 8 * __isConstant(p);
}

struct Span {
  int *a, *b;
  size_t n;
};
__device__ __noinline__ Span span(int *a, int *b, size_t n) { return {a, b, n}; }
__device__ __noinline__ int total(Span s) {
  int sum = 0;
  for (size_t i = 0; i < s.n; ++i)
    sum += s.a[i] + s.b[i];
  return sum;
}
__device__ __noinline__ void bump(int *p, int v) { atomicAdd(p, v); }
__device__ __noinline__ void addTo(int *p, int v) { *p += v; }

__global__ void returned(int *g, int *out) {
  __shared__ int count;
  int loc[4];
  const int t = threadIdx.x;
  if (t == 0)
    count = 0;
  for (int i = 0; i < 4; ++i)
    loc[i] = t * i;
  __syncthreads();
  bump(&count, t);
  bump(g + 4, t);
  addTo(loc, 5);
  if (t == 0)
    addTo(g + 5, 1);
  __syncthreads();
  out[3 * t] = total(span(loc, t & 1 ? g : loc, 4));
  out[3 * t + 1] = count;
  out[3 * t + 2] = loc[0];
}

static void report(const char *what, const float *got, const float *want, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (got[i] != want[i] && bad++ < 8)
      printf("%s[%d] = %g, expected %g\n", what, i, got[i], want[i]);
  printf("%s %s\n", what, bad ? "FAILED" : "PASSED");
}

int main() {
  const int T = 8;
  const float hc[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  float hx[8], hy[8 * T], got[8 * T], want[8 * T];
  for (int i = 0; i < 8; ++i)
    hx[i] = 0.5f * i - 1;
  for (int i = 0; i < 8 * T; ++i)
    hy[i] = i;
  float *dx, *dy, *dout;
  cudaMalloc(&dx, sizeof hx);
  cudaMalloc(&dy, sizeof hy);
  cudaMalloc(&dout, sizeof got);
  cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice);

  auto hdot = [](const float *a, const float *b, int n) {
    float s = 0;
    for (int i = 0; i < n; ++i)
      s += a[i] * b[i];
    return s;
  };
  dots<<<1, T>>>(dx, dout);
  cudaMemcpy(got, dout, 3 * T * sizeof(float), cudaMemcpyDeviceToHost);
  float sh[8];
  for (int i = 0; i < 8; ++i)
    sh[i] = hx[i] + 10;
  for (int t = 0; t < T; ++t) {
    want[3 * t] = hdot(hc, hx, 8);
    want[3 * t + 1] = hdot(hx + t % 2, hx, 7);
    want[3 * t + 2] = hdot(sh, hc, 8);
  }
  report("dot", got, want, 3 * T);

  tables<<<1, T>>>(dx, dy, dout);
  cudaMemcpy(got, dout, 4 * T * sizeof(float), cudaMemcpyDeviceToHost);
  float y[8 * T];
  cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
  auto hsum = [](const float *p, int n) { // as sum(): p[0] + (p[1] + ...)
    float s = 0;
    for (int i = n - 1; i >= 0; --i)
      s = p[i] + s;
    return s;
  };
  for (int t = 0; t < T; ++t) {
    const float *tab = t & 1 ? hx : hc;
    float buf[8];
    for (int i = 0; i < 8; ++i)
      buf[i] = (tab[i] + t) * 2;
    want[4 * t] = hdot(tab, buf, 8);
    want[4 * t + 1] = hsum(buf, 8) + hsum(hc, 8) * 100;
    want[4 * t + 2] = hsum((t >> 1) & 1 ? hx : hc, 8);
    want[4 * t + 3] = t & 1 ? 4 + 2 : 1 + 2;
  }
  for (int i = 0; i < 8 * T; ++i)
    if (y[i] != hy[i] * 3)
      want[0] = -1; // scale(y) went wrong: fail
  report("tables", got, want, 4 * T);

  const int hlut[4] = {10, 20, 30, 40};
  int hg[8], igot[4 * T];
  for (int i = 0; i < 8; ++i)
    hg[i] = 1000 + i;
  int *dg;
  cudaMalloc(&dg, sizeof hg);
  cudaMemcpy(dg, hg, sizeof hg, cudaMemcpyHostToDevice);
  picked<<<1, T>>>(dg, (int *)dout);
  cudaMemcpy(igot, dout, sizeof igot, cudaMemcpyDeviceToHost);
  for (int t = 0; t < T; ++t) {
    int loc[8];
    for (int i = 0; i < 8; ++i)
      loc[i] = i + t;
    const int *p = t & 1 ? hlut : loc, *c = t & 1 ? loc : hg;
    const int q = t & 2 ? 100 * t : hg[t];
    want[4 * t] = p[t & 3] + q;
    want[4 * t + 1] = c[0] + c[1] + c[2];
    want[4 * t + 2] = c[3];
    want[4 * t + 3] = (t & 2 ? 1 : 2) + (t & 1 ? 8 : 4);
    for (int j = 0; j < 4; ++j)
      got[4 * t + j] = igot[4 * t + j];
  }
  report("picked", got, want, 4 * T);

  int g0[8] = {1, 2, 3, 4, 0, 0, 0, 0};
  cudaMemcpy(dg, g0, sizeof g0, cudaMemcpyHostToDevice);
  returned<<<1, T>>>(dg, (int *)dout);
  cudaMemcpy(igot, dout, 3 * T * sizeof(int), cudaMemcpyDeviceToHost);
  int g1[8];
  cudaMemcpy(g1, dg, sizeof g1, cudaMemcpyDeviceToHost);
  int count = 0;
  for (int t = 0; t < T; ++t)
    count += t;
  for (int t = 0; t < T; ++t) {
    int loc[4];
    for (int i = 0; i < 4; ++i)
      loc[i] = t * i;
    loc[0] += 5;
    int sum = 0;
    for (int i = 0; i < 4; ++i)
      sum += loc[i] + (t & 1 ? g0[i] : loc[i]);
    want[3 * t] = sum;
    want[3 * t + 1] = count;
    want[3 * t + 2] = loc[0];
    for (int j = 0; j < 3; ++j)
      got[3 * t + j] = igot[3 * t + j];
  }
  if (g1[4] != count || g1[5] != 1)
    want[1] = -1; // the global updates went wrong: fail
  report("returned", got, want, 3 * T);
  return 0;
}
