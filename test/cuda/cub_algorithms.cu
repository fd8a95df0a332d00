// CUB from Debian (libcub-dev) built for sm_35 as a user builds it: the
// device-wide algorithms (DeviceReduce, DeviceScan, DeviceRadixSort pairs and
// keys, DeviceSelect, DeviceHistogram) on data with ragged sizes, and the
// block- and warp-level primitives (BlockReduce, BlockScan, BlockLoad,
// WarpReduce, WarpScan) in a kernel; every result against the host's
// computation of the same (std::sort, std::partial_sum, ...).
// UNSUPPORTED: asan
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t
// RUN: %t | FileCheck %s
// The same with the warp JIT compiling the hot runs (CI runs the other CUDA
// programs so in its sanitizer pass, where this one is left out):
// RUN: env SIMT_EMU_FLAGS="--jit auto --jit-hot 64 --jit-cache 256" %t | FileCheck %s
// CHECK: DeviceReduce PASSED
// CHECK: DeviceScan PASSED
// CHECK: DeviceRadixSort PASSED
// CHECK: DeviceSelect PASSED
// CHECK: DeviceHistogram PASSED
// CHECK: block and warp PASSED
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

static int fail = 0;
static void check(bool ok, const char *what, long i) {
  if (!ok && fail++ < 10)
    printf("FAILED %s at %ld\n", what, i);
}

template <class T> struct Buf {
  T *d = nullptr;
  size_t n;
  explicit Buf(size_t n) : n(n) { cudaMalloc(&d, n * sizeof(T) + 1); }
  Buf(const std::vector<T> &h) : Buf(h.size()) {
    cudaMemcpy(d, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
  }
  ~Buf() { cudaFree(d); }
  std::vector<T> get() const {
    std::vector<T> h(n);
    cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
  }
};

// CUB's two-call pattern: ask for the temporary storage, then run.
template <class F> static void run(F f) {
  size_t bytes = 0;
  f(nullptr, bytes);
  void *tmp = nullptr;
  cudaMalloc(&tmp, bytes + 1);
  f(tmp, bytes);
  cudaFree(tmp);
}

__global__ void blockAndWarp(const int *in, int *blockSum, int *blockScan, int *warpSum,
                             int *warpScan) {
  typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> Load;
  typedef cub::BlockReduce<int, 128> Reduce;
  typedef cub::BlockScan<int, 128> Scan;
  typedef cub::WarpReduce<int> WReduce;
  typedef cub::WarpScan<int> WScan;
  __shared__ union {
    typename Load::TempStorage load;
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
    typename WReduce::TempStorage wreduce[4];
    typename WScan::TempStorage wscan[4];
  } tmp;
  int items[4];
  const int base = blockIdx.x * 512;
  Load(tmp.load).Load(in + base, items);
  __syncthreads();
  int sum = Reduce(tmp.reduce).Sum(items);
  if (threadIdx.x == 0)
    blockSum[blockIdx.x] = sum;
  __syncthreads();
  Scan(tmp.scan).InclusiveSum(items, items);
  for (int k = 0; k < 4; ++k)
    blockScan[base + threadIdx.x * 4 + k] = items[k];
  __syncthreads();
  const int warp = threadIdx.x / 32, t = blockIdx.x * 128 + threadIdx.x;
  int v = in[t];
  int w = WReduce(tmp.wreduce[warp]).Sum(v);
  if (threadIdx.x % 32 == 0)
    warpSum[t / 32] = w;
  __syncthreads();
  int excl;
  WScan(tmp.wscan[warp]).ExclusiveSum(v, excl);
  warpScan[t] = excl;
}

int main() {
  const int N = 100003; // not a multiple of any tile
  std::vector<int> h(N);
  for (int i = 0; i < N; ++i)
    h[i] = int((i * 2654435761u) % 20011) - 10000;
  Buf<int> in(h);

  { // DeviceReduce: Sum, Min, Max, ArgMax
    Buf<int> s(1), mn(1), mx(1);
    Buf<cub::KeyValuePair<int, int>> am(1);
    run([&](void *t, size_t &b) { cub::DeviceReduce::Sum(t, b, in.d, s.d, N); });
    run([&](void *t, size_t &b) { cub::DeviceReduce::Min(t, b, in.d, mn.d, N); });
    run([&](void *t, size_t &b) { cub::DeviceReduce::Max(t, b, in.d, mx.d, N); });
    run([&](void *t, size_t &b) { cub::DeviceReduce::ArgMax(t, b, in.d, am.d, N); });
    long long sum = std::accumulate(h.begin(), h.end(), 0LL);
    auto it = std::max_element(h.begin(), h.end());
    check(s.get()[0] == int(sum), "Sum", 0);
    check(mn.get()[0] == *std::min_element(h.begin(), h.end()), "Min", 0);
    check(mx.get()[0] == *it, "Max", 0);
    check(am.get()[0].key == int(it - h.begin()) && am.get()[0].value == *it, "ArgMax", 0);
    printf("DeviceReduce %s\n", fail ? "FAILED" : "PASSED");
  }
  { // DeviceScan: inclusive and exclusive sums
    Buf<int> inc(N), exc(N);
    run([&](void *t, size_t &b) { cub::DeviceScan::InclusiveSum(t, b, in.d, inc.d, N); });
    run([&](void *t, size_t &b) { cub::DeviceScan::ExclusiveSum(t, b, in.d, exc.d, N); });
    std::vector<int> want(N);
    std::partial_sum(h.begin(), h.end(), want.begin());
    std::vector<int> gi = inc.get(), ge = exc.get();
    for (int i = 0; i < N; ++i) {
      check(gi[i] == want[i], "InclusiveSum", i);
      check(ge[i] == (i ? want[i - 1] : 0), "ExclusiveSum", i);
    }
    printf("DeviceScan %s\n", fail ? "FAILED" : "PASSED");
  }
  { // DeviceRadixSort: keys, and pairs (stable)
    std::vector<unsigned> keys(N);
    std::vector<int> vals(N);
    for (int i = 0; i < N; ++i) {
      keys[i] = (i * 40503u) % 1000u; // many equal keys: stability shows
      vals[i] = i;
    }
    Buf<unsigned> kin(keys), kout(N);
    Buf<int> vin(vals), vout(N);
    Buf<int> sorted(N);
    run([&](void *t, size_t &b) { cub::DeviceRadixSort::SortKeys(t, b, in.d, sorted.d, N); });
    run([&](void *t, size_t &b) {
      cub::DeviceRadixSort::SortPairs(t, b, kin.d, kout.d, vin.d, vout.d, N);
    });
    std::vector<int> hs = h;
    std::sort(hs.begin(), hs.end());
    std::vector<int> order(N);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
    std::vector<int> gs = sorted.get(), gv = vout.get();
    std::vector<unsigned> gk = kout.get();
    for (int i = 0; i < N; ++i) {
      check(gs[i] == hs[i], "SortKeys", i);
      check(gk[i] == keys[order[i]] && gv[i] == order[i], "SortPairs", i);
    }
    printf("DeviceRadixSort %s\n", fail ? "FAILED" : "PASSED");
  }
  { // DeviceSelect: the positive values, and unique runs
    Buf<int> out(N), count(1), uout(N), ucount(1);
    struct Positive {
      __host__ __device__ bool operator()(int x) const { return x > 0; }
    };
    run([&](void *t, size_t &b) {
      cub::DeviceSelect::If(t, b, in.d, out.d, count.d, N, Positive());
    });
    std::vector<int> runs(N);
    for (int i = 0; i < N; ++i)
      runs[i] = i / 7;
    Buf<int> rin(runs);
    run([&](void *t, size_t &b) { cub::DeviceSelect::Unique(t, b, rin.d, uout.d, ucount.d, N); });
    std::vector<int> want;
    for (int x : h)
      if (x > 0)
        want.push_back(x);
    std::vector<int> got = out.get();
    check(count.get()[0] == int(want.size()), "Select::If count", 0);
    for (size_t i = 0; i < want.size(); ++i)
      check(got[i] == want[i], "Select::If", long(i));
    int nu = ucount.get()[0];
    std::vector<int> gu = uout.get();
    check(nu == (N + 6) / 7, "Unique count", 0);
    for (int i = 0; i < nu && i < N; ++i)
      check(gu[i] == i, "Unique", i);
    printf("DeviceSelect %s\n", fail ? "FAILED" : "PASSED");
  }
  { // DeviceHistogram: 64 even bins of 313 over [-10000, 10032)
    Buf<int> hist(64);
    run([&](void *t, size_t &b) {
      cub::DeviceHistogram::HistogramEven(t, b, in.d, hist.d, 65, -10000, 10032, N);
    });
    std::vector<int> want(64, 0);
    for (int x : h)
      ++want[(x + 10000) / 313];
    std::vector<int> got = hist.get();
    for (int i = 0; i < 64; ++i)
      check(got[i] == want[i], "HistogramEven", i);
    printf("DeviceHistogram %s\n", fail ? "FAILED" : "PASSED");
  }
  { // Block and warp primitives: 4 blocks of 128 threads, 4 items each
    const int B = 4;
    Buf<int> bsum(B), bscan(B * 512), wsum(B * 4), wscan(B * 128);
    blockAndWarp<<<B, 128>>>(in.d, bsum.d, bscan.d, wsum.d, wscan.d);
    std::vector<int> gb = bsum.get(), gsc = bscan.get(), gw = wsum.get(), gws = wscan.get();
    for (int b = 0; b < B; ++b) {
      int run = 0;
      for (int i = 0; i < 512; ++i) {
        run += h[b * 512 + i];
        check(gsc[b * 512 + i] == run, "BlockScan", b * 512 + i);
      }
      check(gb[b] == run, "BlockReduce", b);
    }
    for (int w = 0; w < B * 4; ++w) {
      int run = 0;
      for (int l = 0; l < 32; ++l) {
        check(gws[w * 32 + l] == run, "WarpScan", w * 32 + l);
        run += h[w * 32 + l];
      }
      check(gw[w] == run, "WarpReduce", w);
    }
    printf("block and warp %s\n", fail ? "FAILED" : "PASSED");
  }
  return fail != 0;
}
