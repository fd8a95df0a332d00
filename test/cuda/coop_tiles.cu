// Cooperative groups' warp level built for sm_35 (cooperative_groups.h,
// <cooperative_groups/reduce.h>, <cooperative_groups/scan.h>): tiles of 4,
// 16 and 32 (rank, size, meta group, shuffles of int, float, double, long
// long and a struct, votes, match, sync, cg::reduce with each operation and
// a non-commutative one, the scans, sub-tiles, a tile as a thread_group);
// coalesced_threads() in a uniform and in divergent branches (shuffles by
// rank, votes, match, reduce, scans, its tiles, a nested coalesced group);
// tiles of a 2-D block of 48 threads, whose second warp is a partial tile
// of 32 (its members are the 16 threads that exist). Every result against
// the host's computation of the same. On Fermi (sm_20) coalesced groups,
// reduce and the scans are errors at the call.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -cubin %s -o %t.cubin
// RUN: simt-objdump -d %t.cubin | FileCheck %s --check-prefix=SASS
// RUN: printf '#include <cooperative_groups.h>\n#include <cooperative_groups/reduce.h>\n#include <cooperative_groups/scan.h>\nnamespace cg = cooperative_groups;\n__global__ void k(int *p) {\n  auto t = cg::tiled_partition<32>(cg::this_thread_block());\n  p[0] = cg::reduce(t, p[1], cg::plus<int>());\n  p[1] = cg::inclusive_scan(t, p[2]);\n  p[2] = cg::coalesced_threads().size();\n}\n' > %t-fermi.cu
// RUN: not simt-cc %t-fermi.cu -o %t-fermi.o 2>&1 | FileCheck %s --check-prefix=FERMI
// CHECK: tiles 4 PASSED
// CHECK: tiles 16 PASSED
// CHECK: tiles 32 PASSED
// CHECK: coalesced PASSED
// CHECK: partial PASSED
// SASS: .target sm_35
// SASS-DAG: SHFL.BFLY
// SASS-DAG: SHFL.UP
// SASS-DAG: SHFL.DOWN
// SASS-DAG: SHFL.IDX
// SASS-DAG: VOTE
// FERMI: 7:{{[0-9]+}}: error: 'reduce<{{.*}}>' is unavailable: cg::reduce needs sm_30's warp shuffles
// FERMI: 8:{{[0-9]+}}: error: 'inclusive_scan<{{.*}}>' is unavailable: the group scans need sm_30's warp shuffles
// FERMI: 9:{{[0-9]+}}: error: 'coalesced_threads' is unavailable: coalesced groups need sm_30's warp functions
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
namespace cg = cooperative_groups;

#define N 256
#define BLOCK 128

// A trivially copyable value of 8 bytes that is not a scalar.
struct Packed {
  int a;
  short b;
  char c;
};

// f(x) = a*x + b (mod 2^32); combine(f, g) is f then g: associative, not
// commutative, so a reduction or scan that folds out of rank order is wrong.
struct Affine {
  unsigned a, b;
};
struct Compose {
  __host__ __device__ Affine operator()(Affine f, Affine g) const {
    return Affine{f.a * g.a, g.a * f.b + g.b};
  }
};
__host__ __device__ static Affine affineOf(int v) {
  return Affine{2u * (unsigned)v + 1u, (unsigned)v * 7u + 3u};
}

enum {
  T_RANK, T_SIZE, T_NUM, T_META, T_METASIZE, T_SHFL, T_UP, T_DOWN, T_XOR, T_BALLOT, T_ANY,
  T_ALL, T_MATCHANY, T_MATCHALL, T_MATCHPRED, T_MATCHALL2, T_MATCHPRED2, T_SUM, T_MIN, T_MAX,
  T_AND, T_OR, T_XORR, T_INC, T_EXC, T_RUNMAX, T_SYNC, T_STRUCT, T_SUB_META, T_SUB_METASIZE,
  T_SUB_SUM, T_GROUP, T_AFF_A, T_AFF_B, T_SCAN_AFF_A, T_SCAN_AFF_B, TK
};

template <unsigned S>
__device__ void tileOps(const int *in, int *o, double *od, long long *ol, int *s) {
  cg::thread_block cta = cg::this_thread_block();
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t];
  cg::thread_block_tile<S> tile = cg::tiled_partition<S>(cta);
  int *r = o + TK * t;
  r[T_RANK] = tile.thread_rank();
  r[T_SIZE] = tile.size();
  r[T_NUM] = tile.num_threads();
  r[T_META] = tile.meta_group_rank();
  r[T_METASIZE] = tile.meta_group_size();
  r[T_SHFL] = tile.shfl(v, 1);
  r[T_UP] = tile.shfl_up(v, 1);
  r[T_DOWN] = tile.shfl_down(v, 2);
  r[T_XOR] = tile.shfl_xor(v, S - 1);
  r[T_BALLOT] = tile.ballot(v % 3 == 0);
  r[T_ANY] = tile.any(v > 950);
  r[T_ALL] = tile.all(v % 7 != 0);
  r[T_MATCHANY] = tile.match_any(v % 4);
  int pred = -1;
  r[T_MATCHALL] = tile.match_all(v % 4, pred);
  r[T_MATCHPRED] = pred;
  r[T_MATCHALL2] = tile.match_all(tile.shfl(v, 0) % 4, pred);
  r[T_MATCHPRED2] = pred;
  r[T_SUM] = cg::reduce(tile, v, cg::plus<int>());
  r[T_MIN] = cg::reduce(tile, v, cg::less<int>());
  r[T_MAX] = cg::reduce(tile, v, cg::greater<int>());
  unsigned u = (unsigned)v * 2654435761u;
  r[T_AND] = cg::reduce(tile, u | 0x10001u, cg::bit_and<unsigned>());
  r[T_OR] = cg::reduce(tile, u & 0xf0f0f0f0u, cg::bit_or<unsigned>());
  r[T_XORR] = cg::reduce(tile, u, cg::bit_xor<unsigned>());
  r[T_INC] = cg::inclusive_scan(tile, v);
  r[T_EXC] = cg::exclusive_scan(tile, v, cg::plus<int>());
  r[T_RUNMAX] = cg::inclusive_scan(tile, v, cg::greater<int>());
  unsigned tb = cta.thread_rank();
  s[tb] = v;
  tile.sync();
  r[T_SYNC] = s[tb - tile.thread_rank() + (tile.thread_rank() + 1) % S];
  tile.sync();
  Packed p = {v, (short)(v * 3), (char)(v % 100)};
  Packed q = tile.shfl(p, S - 1);
  r[T_STRUCT] = q.a + q.b + q.c;
  cg::thread_block_tile<4> sub = cg::tiled_partition<4>(tile);
  r[T_SUB_META] = sub.meta_group_rank();
  r[T_SUB_METASIZE] = sub.meta_group_size();
  r[T_SUB_SUM] = cg::reduce(sub, v, cg::plus<int>());
  cg::thread_group g = tile;
  r[T_GROUP] = g.thread_rank() * 100 + g.size();
  Affine f = cg::reduce(tile, affineOf(v), Compose());
  r[T_AFF_A] = f.a;
  r[T_AFF_B] = f.b;
  f = cg::inclusive_scan(tile, affineOf(v), Compose());
  r[T_SCAN_AFF_A] = f.a;
  r[T_SCAN_AFF_B] = f.b;
  double d = v * 0.25;
  od[3 * t] = cg::reduce(tile, d, cg::plus<double>());
  od[3 * t + 1] = tile.shfl(d, S - 1);
  od[3 * t + 2] = tile.shfl_xor(v * 0.5f, 1);
  long long l = (long long)v << 33 | t;
  ol[2 * t] = tile.shfl_down(l, 1);
  ol[2 * t + 1] = cg::reduce(tile, l, cg::plus<long long>());
}

__global__ void tiles(const int *in, int *o4, int *o16, int *o32, double *od, long long *ol) {
  __shared__ int s[BLOCK];
  tileOps<4>(in, o4, od, ol, s);
  tileOps<16>(in, o16, od + 3 * N, ol + 2 * N, s);
  tileOps<32>(in, o32, od + 6 * N, ol + 4 * N, s);
}

enum {
  C_FULLSIZE, C_FULLSUM, C_FULLRANK, C_SIZE, C_RANK, C_FIRST, C_LAST, C_UP, C_DOWN, C_BALLOT,
  C_ANY, C_ALL, C_MATCHANY, C_SUM, C_MAX, C_XOR, C_INC, C_EXC, C_META, C_SUBSIZE, C_SUBRANK,
  C_SUBMETA, C_SUBMETASIZE, C_SUBSUM, C_NSIZE, C_NSUM, C_NRANK, C_GROUP, C_AFF_A, C_AFF_B,
  C_SCAN_AFF_B, CK
};

__global__ void coalesced(const int *in, int *o) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t];
  int *r = o + CK * t;
  for (int k = 0; k < CK; ++k)
    r[k] = -1;
  cg::coalesced_group full = cg::coalesced_threads();
  r[C_FULLSIZE] = full.size();
  r[C_FULLSUM] = cg::reduce(full, v, cg::plus<int>());
  r[C_FULLRANK] = full.thread_rank();
  if (v % 3 != 0) {
    cg::coalesced_group c = cg::coalesced_threads();
    r[C_SIZE] = c.size();
    r[C_RANK] = c.thread_rank();
    r[C_FIRST] = c.shfl(v, 0);
    r[C_LAST] = c.shfl(v, c.size() - 1);
    r[C_UP] = c.shfl_up(v, 1);
    r[C_DOWN] = c.shfl_down(v, 2);
    r[C_BALLOT] = c.ballot(v % 2);
    r[C_ANY] = c.any(v > 900);
    r[C_ALL] = c.all(v % 5 != 0);
    r[C_MATCHANY] = c.match_any(v % 4);
    r[C_SUM] = cg::reduce(c, v, cg::plus<int>());
    r[C_MAX] = cg::reduce(c, v, cg::greater<int>());
    r[C_XOR] = cg::reduce(c, (unsigned)v * 40503u, cg::bit_xor<unsigned>());
    r[C_INC] = cg::inclusive_scan(c, v);
    r[C_EXC] = cg::exclusive_scan(c, v);
    r[C_META] = c.meta_group_rank() * 10 + c.meta_group_size();
    cg::coalesced_group sub = cg::tiled_partition(c, 4);
    r[C_SUBSIZE] = sub.size();
    r[C_SUBRANK] = sub.thread_rank();
    r[C_SUBMETA] = sub.meta_group_rank();
    r[C_SUBMETASIZE] = sub.meta_group_size();
    r[C_SUBSUM] = cg::reduce(sub, v, cg::plus<int>());
    if (c.thread_rank() % 2 == 0) {
      cg::coalesced_group n = cg::coalesced_threads();
      r[C_NSIZE] = n.size();
      r[C_NSUM] = cg::reduce(n, v, cg::plus<int>());
      r[C_NRANK] = n.thread_rank();
    }
    cg::thread_group g = c;
    r[C_GROUP] = g.thread_rank() * 100 + g.size();
    Affine f = cg::reduce(c, affineOf(v), Compose());
    r[C_AFF_A] = f.a;
    r[C_AFF_B] = f.b;
    r[C_SCAN_AFF_B] = cg::exclusive_scan(c, affineOf(v), Compose()).b;
  }
}

enum {
  P_RANK, P_META, P_METASIZE, P_SIZE, P_BALLOT, P_ANY, P_ALL, P_SUM, P_INC, P_SHFL, P_DOWN,
  P_MATCHANY, P_MAX, P_META16, P_METASIZE16, P_SUM16, P_XOR16, P_EXC, PK
};

// A 16x3 block: 48 threads, its second warp 16 threads, the second tile of
// 32 partial.
__global__ void partial(const int *in, int *o) {
  cg::thread_block cta = cg::this_thread_block();
  unsigned t = blockIdx.x * cta.size() + cta.thread_rank();
  int v = in[t];
  int *r = o + PK * t;
  cg::thread_block_tile<32> w = cg::tiled_partition<32>(cta);
  cg::thread_block_tile<16> h = cg::tiled_partition<16>(cta);
  r[P_RANK] = w.thread_rank();
  r[P_META] = w.meta_group_rank();
  r[P_METASIZE] = w.meta_group_size();
  r[P_SIZE] = w.size();
  r[P_BALLOT] = w.ballot(v % 2);
  r[P_ANY] = w.any(v > 900);
  r[P_ALL] = w.all(v >= 0);
  r[P_SUM] = cg::reduce(w, v, cg::plus<int>());
  r[P_INC] = cg::inclusive_scan(w, v);
  r[P_SHFL] = w.shfl(v, 3);
  r[P_DOWN] = w.shfl_down(v, 1);
  r[P_MATCHANY] = w.match_any(v % 4);
  r[P_MAX] = cg::reduce(w, v, cg::greater<int>());
  r[P_META16] = h.meta_group_rank();
  r[P_METASIZE16] = h.meta_group_size();
  r[P_SUM16] = cg::reduce(h, v, cg::plus<int>());
  r[P_XOR16] = h.shfl_xor(v, 5);
  r[P_EXC] = cg::exclusive_scan(w, v);
}

static int fail = 0;
static void check(bool ok, const char *what, int i, long long got, long long want) {
  if (!ok && fail++ < 10)
    printf("FAILED %s at %d: %lld, expected %lld\n", what, i, got, want);
}
#define CHECK(what, i, got, want) check((got) == (want), what, i, (long long)(got), (long long)(want))

template <class T> static T *dev(size_t n) {
  T *p;
  cudaMalloc(&p, n * sizeof(T));
  cudaMemset(p, 0, n * sizeof(T));
  return p;
}
template <class T> static void get(T *h, const T *d, size_t n) {
  cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
}

static int h[N];

static void checkTiles(unsigned S, const int *o, const double *od, const long long *ol) {
  for (unsigned t = 0; t < N; ++t) {
    const int *r = o + TK * t;
    unsigned k = t % S, base = t - k, tb = t % BLOCK;
    const int *x = h + base;
    unsigned full = S == 32 ? ~0u : (1u << S) - 1;
    CHECK("thread_rank", t, r[T_RANK], (int)k);
    CHECK("size", t, r[T_SIZE], (int)S);
    CHECK("num_threads", t, r[T_NUM], (int)S);
    CHECK("meta_group_rank", t, r[T_META], (int)(tb / S));
    CHECK("meta_group_size", t, r[T_METASIZE], (int)(BLOCK / S));
    CHECK("shfl", t, r[T_SHFL], x[1]);
    CHECK("shfl_up", t, r[T_UP], k >= 1 ? x[k - 1] : x[k]);
    CHECK("shfl_down", t, r[T_DOWN], k + 2 < S ? x[k + 2] : x[k]);
    CHECK("shfl_xor", t, r[T_XOR], x[k ^ (S - 1)]);
    unsigned ballot = 0, same = 0;
    bool any = false, all = true, allSame = true;
    int sum = 0, mn = x[0], mx = x[0], inc = 0, exc = 0, runmax = x[0];
    unsigned uand = ~0u, uor = 0, uxor = 0;
    Affine f = affineOf(x[0]), g = affineOf(x[0]);
    double dsum = 0;
    long long lsum = 0;
    for (unsigned j = 0; j < S; ++j) {
      int y = x[j];
      unsigned u = (unsigned)y * 2654435761u;
      ballot |= (unsigned)(y % 3 == 0) << j;
      same |= (unsigned)(y % 4 == x[k] % 4) << j;
      allSame &= y % 4 == x[0] % 4;
      any |= y > 950;
      all &= y % 7 != 0;
      sum += y;
      mn = y < mn ? y : mn;
      mx = y > mx ? y : mx;
      uand &= u | 0x10001u;
      uor |= u & 0xf0f0f0f0u;
      uxor ^= u;
      if (j > 0)
        f = Compose()(f, affineOf(y));
      if (j > 0 && j <= k)
        g = Compose()(g, affineOf(y));
      if (j <= k) {
        inc += y;
        runmax = y > runmax ? y : runmax;
      }
      if (j < k)
        exc += y;
      dsum += y * 0.25;
      lsum += (long long)y << 33 | (base + j);
    }
    CHECK("ballot", t, (unsigned)r[T_BALLOT], ballot);
    CHECK("any", t, r[T_ANY], (int)any);
    CHECK("all", t, r[T_ALL], (int)all);
    CHECK("match_any", t, (unsigned)r[T_MATCHANY], same);
    CHECK("match_all", t, (unsigned)r[T_MATCHALL], allSame ? full : 0u);
    CHECK("match_all pred", t, r[T_MATCHPRED], (int)allSame);
    CHECK("match_all uniform", t, (unsigned)r[T_MATCHALL2], full);
    CHECK("match_all uniform pred", t, r[T_MATCHPRED2], 1);
    CHECK("reduce plus", t, r[T_SUM], sum);
    CHECK("reduce less", t, r[T_MIN], mn);
    CHECK("reduce greater", t, r[T_MAX], mx);
    CHECK("reduce bit_and", t, (unsigned)r[T_AND], uand);
    CHECK("reduce bit_or", t, (unsigned)r[T_OR], uor);
    CHECK("reduce bit_xor", t, (unsigned)r[T_XORR], uxor);
    CHECK("inclusive_scan", t, r[T_INC], inc);
    CHECK("exclusive_scan", t, r[T_EXC], exc);
    CHECK("inclusive_scan greater", t, r[T_RUNMAX], runmax);
    CHECK("sync exchange", t, r[T_SYNC], x[(k + 1) % S]);
    int y = x[S - 1];
    CHECK("struct shfl", t, r[T_STRUCT], y + (short)(y * 3) + (char)(y % 100));
    CHECK("sub-tile meta_group_rank", t, r[T_SUB_META], (int)(k / 4));
    CHECK("sub-tile meta_group_size", t, r[T_SUB_METASIZE], (int)(S / 4));
    int s4 = 0;
    for (unsigned j = 0; j < 4; ++j)
      s4 += h[t - t % 4 + j];
    CHECK("sub-tile reduce", t, r[T_SUB_SUM], s4);
    CHECK("tile as thread_group", t, r[T_GROUP], (int)(k * 100 + S));
    CHECK("reduce in rank order (a)", t, (unsigned)r[T_AFF_A], f.a);
    CHECK("reduce in rank order (b)", t, (unsigned)r[T_AFF_B], f.b);
    CHECK("scan in rank order (a)", t, (unsigned)r[T_SCAN_AFF_A], g.a);
    CHECK("scan in rank order (b)", t, (unsigned)r[T_SCAN_AFF_B], g.b);
    check(od[3 * t] == dsum, "reduce double", t, (long long)(od[3 * t] * 4), (long long)(dsum * 4));
    check(od[3 * t + 1] == y * 0.25, "shfl double", t, (long long)(od[3 * t + 1] * 4), y);
    check(od[3 * t + 2] == x[k ^ 1] * 0.5f, "shfl_xor float", t, (long long)(od[3 * t + 2] * 2),
          x[k ^ 1]);
    long long down = k + 1 < S ? (long long)x[k + 1] << 33 | (t + 1) : (long long)x[k] << 33 | t;
    CHECK("shfl_down long long", t, ol[2 * t], down);
    CHECK("reduce long long", t, ol[2 * t + 1], lsum);
  }
  printf("tiles %u %s\n", S, fail ? "FAILED" : "PASSED");
}

static void checkCoalesced(const int *o) {
  for (int w = 0; w < N / 32; ++w) {
    const int *x = h + 32 * w;
    int lanes[32], n = 0, warpSum = 0;
    for (int l = 0; l < 32; ++l) {
      warpSum += x[l];
      if (x[l] % 3 != 0)
        lanes[n++] = l;
    }
    for (int l = 0; l < 32; ++l) {
      int t = 32 * w + l;
      const int *r = o + CK * t;
      CHECK("full size", t, r[C_FULLSIZE], 32);
      CHECK("full reduce", t, r[C_FULLSUM], warpSum);
      CHECK("full thread_rank", t, r[C_FULLRANK], l);
      if (x[l] % 3 == 0) {
        for (int k = C_SIZE; k < CK; ++k)
          CHECK("inactive lane untouched", t, r[k], -1);
        continue;
      }
      int k = 0;
      while (lanes[k] != l)
        ++k;
#define M(i) x[lanes[i]]
      unsigned ballot = 0, same = 0;
      bool any = false, all = true;
      int sum = 0, mx = M(0), inc = 0, exc = 0;
      unsigned ux = 0;
      Affine f = affineOf(M(0)), g = affineOf(M(0));
      for (int j = 0; j < n; ++j) {
        ballot |= (unsigned)(M(j) % 2 != 0) << j;
        same |= (unsigned)(M(j) % 4 == x[l] % 4) << j;
        any |= M(j) > 900;
        all &= M(j) % 5 != 0;
        sum += M(j);
        mx = M(j) > mx ? M(j) : mx;
        ux ^= (unsigned)M(j) * 40503u;
        if (j <= k)
          inc += M(j);
        if (j < k)
          exc += M(j);
        if (j > 0)
          f = Compose()(f, affineOf(M(j)));
        if (j > 0 && j < k)
          g = Compose()(g, affineOf(M(j)));
      }
      CHECK("coalesced size", t, r[C_SIZE], n);
      CHECK("coalesced thread_rank", t, r[C_RANK], k);
      CHECK("coalesced shfl 0", t, r[C_FIRST], M(0));
      CHECK("coalesced shfl last", t, r[C_LAST], M(n - 1));
      CHECK("coalesced shfl_up", t, r[C_UP], k >= 1 ? M(k - 1) : x[l]);
      CHECK("coalesced shfl_down", t, r[C_DOWN], k + 2 < n ? M(k + 2) : x[l]);
      CHECK("coalesced ballot", t, (unsigned)r[C_BALLOT], ballot);
      CHECK("coalesced any", t, r[C_ANY], (int)any);
      CHECK("coalesced all", t, r[C_ALL], (int)all);
      CHECK("coalesced match_any", t, (unsigned)r[C_MATCHANY], same);
      CHECK("coalesced reduce plus", t, r[C_SUM], sum);
      CHECK("coalesced reduce greater", t, r[C_MAX], mx);
      CHECK("coalesced reduce bit_xor", t, (unsigned)r[C_XOR], ux);
      CHECK("coalesced inclusive_scan", t, r[C_INC], inc);
      CHECK("coalesced exclusive_scan", t, r[C_EXC], exc);
      CHECK("coalesced meta group", t, r[C_META], 1);
      int first = k / 4 * 4, end = first + 4 < n ? first + 4 : n, s4 = 0;
      for (int j = first; j < end; ++j)
        s4 += M(j);
      CHECK("coalesced tile size", t, r[C_SUBSIZE], end - first);
      CHECK("coalesced tile thread_rank", t, r[C_SUBRANK], k % 4);
      CHECK("coalesced tile meta_group_rank", t, r[C_SUBMETA], k / 4);
      CHECK("coalesced tile meta_group_size", t, r[C_SUBMETASIZE], (n + 3) / 4);
      CHECK("coalesced tile reduce", t, r[C_SUBSUM], s4);
      if (k % 2 == 0) {
        int s2 = 0;
        for (int j = 0; j < n; j += 2)
          s2 += M(j);
        CHECK("nested size", t, r[C_NSIZE], (n + 1) / 2);
        CHECK("nested reduce", t, r[C_NSUM], s2);
        CHECK("nested thread_rank", t, r[C_NRANK], k / 2);
      } else {
        CHECK("nested untouched", t, r[C_NSIZE], -1);
      }
      CHECK("coalesced as thread_group", t, r[C_GROUP], k * 100 + n);
      CHECK("coalesced reduce in rank order (a)", t, (unsigned)r[C_AFF_A], f.a);
      CHECK("coalesced reduce in rank order (b)", t, (unsigned)r[C_AFF_B], f.b);
      CHECK("coalesced exclusive scan in rank order", t, (unsigned)r[C_SCAN_AFF_B],
            k == 0 ? 0u : g.b);
#undef M
    }
  }
  printf("coalesced %s\n", fail ? "FAILED" : "PASSED");
}

static void checkPartial(const int *o, int blocks) {
  const int B = 48;
  for (int t = 0; t < B * blocks; ++t) {
    const int *r = o + PK * t;
    int tb = t % B, wv = tb / 32, k = tb % 32, base = t - k;
    int n = B - 32 * wv < 32 ? B - 32 * wv : 32; // threads of this warp
    const int *x = h + base;
    unsigned ballot = 0, same = 0;
    bool any = false;
    int sum = 0, mx = x[0], inc = 0, exc = 0;
    for (int j = 0; j < n; ++j) {
      ballot |= (unsigned)(x[j] % 2 != 0) << j;
      same |= (unsigned)(x[j] % 4 == x[k] % 4) << j;
      any |= x[j] > 900;
      sum += x[j];
      mx = x[j] > mx ? x[j] : mx;
      if (j <= k)
        inc += x[j];
      if (j < k)
        exc += x[j];
    }
    CHECK("partial thread_rank", t, r[P_RANK], k);
    CHECK("partial meta_group_rank", t, r[P_META], wv);
    CHECK("partial meta_group_size", t, r[P_METASIZE], 2);
    CHECK("partial size", t, r[P_SIZE], 32);
    CHECK("partial ballot", t, (unsigned)r[P_BALLOT], ballot);
    CHECK("partial any", t, r[P_ANY], (int)any);
    CHECK("partial all", t, r[P_ALL], 1);
    CHECK("partial reduce", t, r[P_SUM], sum);
    CHECK("partial inclusive_scan", t, r[P_INC], inc);
    CHECK("partial shfl", t, r[P_SHFL], x[3]);
    if (k + 1 < n)
      CHECK("partial shfl_down", t, r[P_DOWN], x[k + 1]);
    CHECK("partial match_any", t, (unsigned)r[P_MATCHANY], same);
    CHECK("partial reduce greater", t, r[P_MAX], mx);
    int k16 = tb % 16, s16 = 0;
    for (int j = 0; j < 16; ++j)
      s16 += h[t - k16 + j];
    CHECK("16 of 48: meta_group_rank", t, r[P_META16], tb / 16);
    CHECK("16 of 48: meta_group_size", t, r[P_METASIZE16], 3);
    CHECK("16 of 48: reduce", t, r[P_SUM16], s16);
    CHECK("16 of 48: shfl_xor", t, r[P_XOR16], h[t - k16 + (k16 ^ 5)]);
    CHECK("partial exclusive_scan", t, r[P_EXC], exc);
  }
  printf("partial %s\n", fail ? "FAILED" : "PASSED");
}

int main() {
  for (int i = 0; i < N; ++i)
    h[i] = (i * 7919 + 13) % 1000;
  h[5] = 7; // a tile of 4 whose all() is false, and one with a value > 950
  h[6] = 999;
  int *d = dev<int>(N);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);

  int *o4 = dev<int>(TK * N), *o16 = dev<int>(TK * N), *o32 = dev<int>(TK * N);
  double *od = dev<double>(9 * N);
  long long *ol = dev<long long>(6 * N);
  tiles<<<N / BLOCK, BLOCK>>>(d, o4, o16, o32, od, ol);
  static int ho[TK * N];
  static double hod[9 * N];
  static long long hol[6 * N];
  get(hod, od, 9 * N), get(hol, ol, 6 * N);
  get(ho, o4, TK * N);
  checkTiles(4, ho, hod, hol);
  get(ho, o16, TK * N);
  checkTiles(16, ho, hod + 3 * N, hol + 2 * N);
  get(ho, o32, TK * N);
  checkTiles(32, ho, hod + 6 * N, hol + 4 * N);

  int *oc = dev<int>(CK * N);
  coalesced<<<N / 64, 64>>>(d, oc);
  static int hc[CK * N];
  get(hc, oc, CK * N);
  checkCoalesced(hc);

  const int blocks = 4;
  int *op = dev<int>(PK * 48 * blocks);
  partial<<<blocks, dim3(16, 3)>>>(d, op);
  static int hp[PK * 48 * blocks];
  get(hp, op, PK * 48 * blocks);
  checkPartial(hp, blocks);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess)
    printf("error: %s\n", cudaGetErrorString(e));
  return fail != 0 || e != cudaSuccess;
}
// At -O0 (every value through the frame, guarded writes of spilled values):
// RUN: simt-nvcc -arch=sm_35 -O0 %s -o %t-O0
// RUN: %t-O0 | FileCheck %s
