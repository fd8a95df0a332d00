// sm_61's byte and halfword dot products (__dp4a, __dp2a_lo, __dp2a_hi in
// their int, unsigned and vector forms) against a host reference written
// from CUDA's Math API definitions, on words with every sign pattern; and
// __cvta_generic_to_shared / __cvta_shared_to_generic (the shared address
// of a generic pointer and back: HeCBench's attention kernels take it for
// cp.async).
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: dp4a: 0 of 64 wrong
// CHECK: dp2a: 0 of 64 wrong
// CHECK: vector forms: 0 of 64 wrong
// CHECK: cvta: distance 4, round trip 42
#include <cstdio>

static int sbyte(unsigned w, int k) { return (signed char)(w >> (8 * k)); }
static int ubyte(unsigned w, int k) { return (w >> (8 * k)) & 0xff; }
static int shalf(unsigned w, int k) { return (short)(w >> (16 * k)); }
static int uhalf(unsigned w, int k) { return (w >> (16 * k)) & 0xffff; }

struct Results {
  int dp4s, dp2los, dp2his, dp4v, dp2v;
  unsigned dp4u, dp2lou, dp2hiu, dp4uv;
};

__global__ void dots(const unsigned *a, const unsigned *b, Results *r) {
  const int i = threadIdx.x;
  const unsigned x = a[i], y = b[i];
  const int c = int(i * 1000 - 30000);
  r[i].dp4s = __dp4a(int(x), int(y), c);
  r[i].dp4u = __dp4a(x, y, unsigned(c));
  r[i].dp2los = __dp2a_lo(int(x), int(y), c);
  r[i].dp2his = __dp2a_hi(int(x), int(y), c);
  r[i].dp2lou = __dp2a_lo(x, y, unsigned(c));
  r[i].dp2hiu = __dp2a_hi(x, y, unsigned(c));
  const char4 xc = make_char4(x, x >> 8, x >> 16, x >> 24);
  const char4 yc = make_char4(y, y >> 8, y >> 16, y >> 24);
  const uchar4 yu = make_uchar4(y, y >> 8, y >> 16, y >> 24);
  r[i].dp4v = __dp4a(xc, yc, c);
  r[i].dp4uv = __dp4a(make_uchar4(x, x >> 8, x >> 16, x >> 24), yu, unsigned(c));
  r[i].dp2v = __dp2a_hi(make_short2(x, x >> 16), yc, c);
}

__global__ void cvta(int *out) {
  __shared__ int s[4];
  s[threadIdx.x] = 40 + threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    const size_t a0 = __cvta_generic_to_shared(&s[0]), a1 = __cvta_generic_to_shared(&s[1]);
    out[0] = int(a1 - a0);
    out[1] = *(int *)__cvta_shared_to_generic(__cvta_generic_to_shared(&s[2]));
  }
}

int main() {
  const int n = 64;
  unsigned a[n], b[n];
  unsigned seed = 12345;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    a[i] = seed ^ (i * 0x9E3779B9u);
    seed = seed * 1103515245u + 12345u;
    b[i] = seed ^ (i & 1 ? 0x80808080u : 0x7f7f7f7fu);
  }
  unsigned *da, *db;
  Results *dr;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dr, n * sizeof(Results));
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  dots<<<1, n>>>(da, db, dr);
  Results r[n];
  cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
  int bad4 = 0, bad2 = 0, badv = 0;
  for (int i = 0; i < n; ++i) {
    const int c = i * 1000 - 30000;
    long long s4 = c, u4 = unsigned(c), slo = c, shi = c, ulo = unsigned(c), uhi = unsigned(c);
    for (int k = 0; k < 4; ++k) {
      s4 += sbyte(a[i], k) * sbyte(b[i], k);
      u4 += ubyte(a[i], k) * ubyte(b[i], k);
    }
    for (int k = 0; k < 2; ++k) {
      slo += shalf(a[i], k) * sbyte(b[i], k);
      shi += shalf(a[i], k) * sbyte(b[i], k + 2);
      ulo += uhalf(a[i], k) * ubyte(b[i], k);
      uhi += uhalf(a[i], k) * ubyte(b[i], k + 2);
    }
    bad4 += r[i].dp4s != int(s4) || r[i].dp4u != unsigned(u4);
    bad2 += r[i].dp2los != int(slo) || r[i].dp2his != int(shi) || r[i].dp2lou != unsigned(ulo) ||
            r[i].dp2hiu != unsigned(uhi);
    badv += r[i].dp4v != int(s4) || r[i].dp4uv != unsigned(u4) || r[i].dp2v != int(shi);
  }
  printf("dp4a: %d of %d wrong\n", bad4, n);
  printf("dp2a: %d of %d wrong\n", bad2, n);
  printf("vector forms: %d of %d wrong\n", badv, n);
  int *dout, out[2];
  cudaMalloc(&dout, sizeof out);
  cvta<<<1, 4>>>(dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  printf("cvta: distance %d, round trip %d\n", out[0], out[1]);
  return bad4 + bad2 + badv;
}
