// Today's warp-level CUDA built for sm_35 (ISA.md 9): shuffle reductions
// and scans of int, float, double and 64-bit values at widths 32, 16 and 8,
// broadcasts, shuffles inside divergence with partial masks, the *_sync
// votes, __activemask, __syncwarp, __match_any_sync, __reduce_*_sync,
// __ldg, funnel shifts, 64-bit signed atomicMin/Max and atomicAdd on
// double; every result against the host's computation of the same.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -cubin %s -o %t.cubin
// RUN: simt-objdump -d %t.cubin | FileCheck %s --check-prefix=SASS
// CHECK: device: compute 3.5, grid x 2147483647
// GK110's SM (NVIDIA's table of compute capabilities: 3.5).
// CHECK: per SM: 2048 threads, 16 blocks, 65536 registers
// CHECK: reductions PASSED
// CHECK: scans PASSED
// CHECK: divergent PASSED
// CHECK: votes PASSED
// CHECK: misc PASSED
// SASS: .target sm_35
// SASS-DAG: SHFL.DOWN
// SASS-DAG: SHFL.UP
// SASS-DAG: SHFL.BFLY
// SASS-DAG: SHFL.IDX
// SASS-DAG: LDG
// SASS-DAG: SHF.L
// SASS-DAG: ATOM.E.MIN.S64
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define N 256 // 8 warps
#define FULL 0xffffffffu

template <class T> __device__ T warpSum(T v, int width) {
  for (int o = width / 2; o > 0; o /= 2)
    v += __shfl_down_sync(FULL, v, o, width);
  return v;
}

template <class T> __device__ T warpAllMax(T v) {
  for (int o = 16; o > 0; o /= 2) {
    T w = __shfl_xor_sync(FULL, v, o);
    v = w > v ? w : v;
  }
  return v;
}

__global__ void reductions(const int *in, int *isum, float *fsum, double *dsum, long long *lsum,
                           int *imax, int *bcast, int *seg) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[t];
  int s = warpSum(v, 32);
  float f = warpSum((float)v * 0.5f, 32);
  double d = warpSum((double)v * 0.25, 32);
  long long l = warpSum((long long)v << 33, 32);
  if (lane == 0) {
    isum[t / 32] = s;
    fsum[t / 32] = f;
    dsum[t / 32] = d;
    lsum[t / 32] = l;
  }
  imax[t] = warpAllMax(v);
  bcast[t] = __shfl_sync(FULL, v, 7);          // lane 7 of the warp
  seg[t] = warpSum(v, 8) + __shfl_sync(FULL, v, 3, 16); // per 8-lane segment; lane 3 of 16
}

__global__ void scans(const int *in, int *inclusive, int *seg16) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[t];
  for (int o = 1; o < 32; o *= 2) {
    int w = __shfl_up_sync(FULL, v, o);
    if (lane >= o)
      v += w;
  }
  inclusive[t] = v;
  int u = in[t];
  for (int o = 1; o < 16; o *= 2) {
    int w = __shfl_up_sync(FULL, u, o, 16);
    if (lane % 16 >= o)
      u += w;
  }
  seg16[t] = u;
}

// Only some lanes take part: the even lanes sum among themselves, lanes
// 0..15 broadcast lane 5's value, and the odd lanes vote.
__global__ void divergent(const int *in, int *even, int *low, unsigned *oddBallot) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[t];
  even[t] = -1;
  low[t] = -1;
  oddBallot[t] = 0;
  if (lane % 2 == 0) {
    int s = v;
    for (int o = 16; o >= 2; o /= 2)
      s += __shfl_xor_sync(0x55555555u, s, o);
    even[t] = s;
  }
  if (lane < 16)
    low[t] = __shfl_sync(0x0000ffffu, v, 5);
  else
    oddBallot[t] = __activemask();
  if (lane % 2 == 1)
    oddBallot[t] = __ballot_sync(0xaaaaaaaau, v % 3 == 0);
}

__global__ void votes(const int *in, int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t];
  int r = __all_sync(FULL, v >= 0) | __any_sync(FULL, v > 900) << 1 |
          __uni_sync(FULL, v % 2 == 0) << 2;
  __syncwarp();
  unsigned same = __match_any_sync(FULL, v % 4);
  out[4 * t] = r;
  out[4 * t + 1] = (int)__ballot_sync(FULL, v % 5 == 0);
  out[4 * t + 2] = (int)same;
  out[4 * t + 3] = __reduce_add_sync(FULL, v) + __reduce_max_sync(FULL, (unsigned)v);
}

__global__ void misc(const int *__restrict__ in, unsigned *shifts, long long *mm, double *dacc) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = __ldg(in + t);
  unsigned lo = (unsigned)v * 2654435761u, hi = ~lo ^ 0x12345u;
  shifts[4 * t] = __funnelshift_l(lo, hi, t);
  shifts[4 * t + 1] = __funnelshift_r(lo, hi, t);
  shifts[4 * t + 2] = __funnelshift_lc(lo, hi, t);
  shifts[4 * t + 3] = __funnelshift_rc(lo, hi, t);
  long long x = ((long long)v - 500) * 3000000000LL;
  atomicMin(&mm[0], x);
  atomicMax(&mm[1], x);
  atomicAdd(dacc, v * 0.5);
}

static int fail = 0;
static void check(bool ok, const char *what, int i) {
  if (!ok && fail++ < 10)
    printf("FAILED %s at %d\n", what, i);
}

template <class T> static T *dev(size_t n) {
  T *p;
  cudaMalloc(&p, n * sizeof(T));
  cudaMemset(p, 0, n * sizeof(T));
  return p;
}
template <class T> static void get(T *h, const T *d, size_t n) {
  cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("device: compute %d.%d, grid x %d\n", prop.major, prop.minor, prop.maxGridSize[0]);
  printf("per SM: %d threads, %d blocks, %d registers\n", prop.maxThreadsPerMultiProcessor,
         prop.maxBlocksPerMultiProcessor, prop.regsPerMultiprocessor);
  int h[N];
  for (int i = 0; i < N; ++i)
    h[i] = (i * 7919 + 13) % 1000;
  int *d = dev<int>(N);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  const int W = N / 32;

  // Reductions.
  int *isum = dev<int>(W), *imax = dev<int>(N), *bc = dev<int>(N), *seg = dev<int>(N);
  float *fsum = dev<float>(W);
  double *dsum = dev<double>(W);
  long long *lsum = dev<long long>(W);
  reductions<<<N / 64, 64>>>(d, isum, fsum, dsum, lsum, imax, bc, seg);
  int hi[W], hm[N], hb[N], hs[N];
  float hf[W];
  double hd[W];
  long long hl[W];
  get(hi, isum, W), get(hf, fsum, W), get(hd, dsum, W), get(hl, lsum, W);
  get(hm, imax, N), get(hb, bc, N), get(hs, seg, N);
  for (int w = 0; w < W; ++w) {
    int s = 0, m = 0;
    long long l = 0;
    for (int i = 0; i < 32; ++i) {
      s += h[32 * w + i];
      l += (long long)h[32 * w + i] << 33;
      m = h[32 * w + i] > m ? h[32 * w + i] : m;
    }
    check(hi[w] == s, "int sum", w);
    check(hf[w] == s * 0.5f, "float sum", w); // exact: every partial sum is an integer / 2
    check(hd[w] == s * 0.25, "double sum", w);
    check(hl[w] == l, "64-bit sum", w);
    for (int i = 0; i < 32; ++i) {
      int t = 32 * w + i;
      check(hm[t] == m, "xor max", t);
      check(hb[t] == h[32 * w + 7], "broadcast", t);
      int s8 = 0;
      for (int k = 0; k < 8; ++k)
        s8 += h[32 * w + (i / 8) * 8 + k];
      // Only lane 0 of each 8-lane segment has the whole segment's sum.
      int lane3 = h[32 * w + (i / 16) * 16 + 3];
      if (i % 8 == 0)
        check(hs[t] == s8 + lane3, "segment sum", t);
    }
  }
  printf("reductions %s\n", fail ? "FAILED" : "PASSED");

  // Scans.
  int *inc = dev<int>(N), *s16 = dev<int>(N);
  scans<<<N / 128, 128>>>(d, inc, s16);
  int hinc[N], hs16[N];
  get(hinc, inc, N), get(hs16, s16, N);
  for (int t = 0, run = 0, run16 = 0; t < N; ++t) {
    run = (t % 32 ? run : 0) + h[t];
    run16 = (t % 16 ? run16 : 0) + h[t];
    check(hinc[t] == run, "inclusive scan", t);
    check(hs16[t] == run16, "16-lane scan", t);
  }
  printf("scans %s\n", fail ? "FAILED" : "PASSED");

  // Divergence with partial masks.
  int *even = dev<int>(N), *low = dev<int>(N);
  unsigned *odd = dev<unsigned>(N);
  divergent<<<N / 32, 32>>>(d, even, low, odd);
  int he[N], hlw[N];
  unsigned ho[N];
  get(he, even, N), get(hlw, low, N), get(ho, odd, N);
  for (int w = 0; w < W; ++w) {
    int evenSum = 0;
    unsigned ballot = 0;
    for (int i = 0; i < 32; i += 2)
      evenSum += h[32 * w + i];
    for (int i = 1; i < 32; i += 2)
      if (h[32 * w + i] % 3 == 0)
        ballot |= 1u << i;
    for (int i = 0; i < 32; ++i) {
      int t = 32 * w + i;
      check(he[t] == (i % 2 == 0 ? evenSum : -1), "even-lane sum", t);
      check(hlw[t] == (i < 16 ? h[32 * w + 5] : -1), "low broadcast", t);
      unsigned want = i % 2 ? ballot : (i >= 16 ? 0xffff0000u : 0);
      check(ho[t] == want, "odd ballot / activemask", t);
    }
  }
  printf("divergent %s\n", fail ? "FAILED" : "PASSED");

  // Votes, match, reduce.
  int *vo = dev<int>(4 * N);
  votes<<<N / 32, 32>>>(d, vo);
  int hv[4 * N];
  get(hv, vo, 4 * N);
  for (int w = 0; w < W; ++w) {
    bool any900 = false, allEven = true, allOdd = true;
    unsigned five = 0;
    int sum = 0, max = 0;
    for (int i = 0; i < 32; ++i) {
      int x = h[32 * w + i];
      any900 |= x > 900;
      allEven &= x % 2 == 0;
      allOdd &= x % 2 != 0;
      five |= (unsigned)(x % 5 == 0) << i;
      sum += x;
      max = x > max ? x : max;
    }
    for (int i = 0; i < 32; ++i) {
      int t = 32 * w + i;
      unsigned same = 0;
      for (int k = 0; k < 32; ++k)
        same |= (unsigned)(h[32 * w + k] % 4 == h[t] % 4) << k;
      check(hv[4 * t] == (1 | any900 << 1 | (allEven || allOdd) << 2), "all/any/uni", t);
      check((unsigned)hv[4 * t + 1] == five, "ballot", t);
      check((unsigned)hv[4 * t + 2] == same, "match_any", t);
      check(hv[4 * t + 3] == sum + max, "reduce add + max", t);
    }
  }
  printf("votes %s\n", fail ? "FAILED" : "PASSED");

  // __ldg, funnel shifts, 64-bit atomics, atomicAdd(double *).
  unsigned *sh = dev<unsigned>(4 * N);
  long long *mm = dev<long long>(2);
  double *acc = dev<double>(1);
  long long init[2] = {0x7fffffffffffffffLL, (long long)0x8000000000000000ULL};
  cudaMemcpy(mm, init, sizeof init, cudaMemcpyHostToDevice);
  misc<<<N / 64, 64>>>(d, sh, mm, acc);
  unsigned hsh[4 * N];
  long long hmm[2];
  double hacc;
  get(hsh, sh, 4 * N), get(hmm, mm, 2), get(&hacc, acc, 1);
  long long mn = init[0], mx = init[1];
  double sumHalf = 0;
  for (int t = 0; t < N; ++t) {
    unsigned lo = (unsigned)h[t] * 2654435761u, hi = ~lo ^ 0x12345u;
    unsigned long long v = (unsigned long long)hi << 32 | lo;
    unsigned n = t & 31, c = t < 32 ? t : 32;
    check(hsh[4 * t] == (unsigned)((v << n) >> 32), "funnelshift_l", t);
    check(hsh[4 * t + 1] == (unsigned)(v >> n), "funnelshift_r", t);
    check(hsh[4 * t + 2] == (c == 32 ? lo : (unsigned)((v << c) >> 32)), "funnelshift_lc", t);
    check(hsh[4 * t + 3] == (c == 32 ? hi : (unsigned)(v >> c)), "funnelshift_rc", t);
    long long x = ((long long)h[t] - 500) * 3000000000LL;
    mn = x < mn ? x : mn;
    mx = x > mx ? x : mx;
    sumHalf += h[t] * 0.5;
  }
  check(hmm[0] == mn && hmm[1] == mx, "atomicMin/Max(long long)", 0);
  check(hacc == sumHalf, "atomicAdd(double)", 0); // exact: halves of integers
  printf("misc %s\n", fail ? "FAILED" : "PASSED");
  return fail != 0;
}
