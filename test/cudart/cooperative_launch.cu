// cudaLaunchCooperativeKernel and cooperative_groups' grid-wide sync: a
// 1-D three-point sum over several rounds, each round reading what other
// CTAs wrote in the round before (wrong without a grid-wide barrier), and
// a grid reduction whose block 0 sums every CTA's partial after the sync.
// The barrier word is used again by each round and each launch. Launches
// whose CTAs cannot all be resident are refused with
// cudaErrorCooperativeLaunchTooLarge, and grid.sync() outside a
// cooperative launch stops the kernel (__trap: cudaErrorLaunchFailure),
// as CUDA's does. Expected values: the host loops below.
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t
// RUN: %t 2>/dev/null | FileCheck %s
// RUN: env SIMT_EMU_FLAGS="--sms 2 --epochs parallel --threads 2" %t 2>/dev/null | FileCheck %s
// RUN: env SIMT_EMU_FLAGS="--sched random --seed 7" %t 2>/dev/null | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -G %s -o %t-g
// RUN: %t-g 2>/dev/null | FileCheck %s
// CHECK: cooperative launch attribute 1, property 1
// CHECK: stencil rounds: ok (cudaSuccess)
// CHECK: grid sum: ok (valid 1)
// CHECK: ordinary launch: valid 0
// CHECK: too large: cudaErrorCooperativeLaunchTooLarge
// CHECK: sync outside a cooperative launch: cudaErrorLaunchFailure
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>
namespace cg = cooperative_groups;

constexpr int kBlocks = 6, kThreads = 64, kN = kBlocks * kThreads, kRounds = 5;

__global__ void stencilRounds(unsigned *a, unsigned *b, int rounds) {
  cg::grid_group grid = cg::this_grid();
  const int i = (int)grid.thread_rank();
  for (int r = 0; r < rounds; ++r) {
    unsigned left = i > 0 ? a[i - 1] : 0, right = i + 1 < kN ? a[i + 1] : 0;
    b[i] = left + a[i] + right;
    grid.sync();
    unsigned *t = a;
    a = b;
    b = t;
  }
}

__global__ void gridSum(const unsigned *in, unsigned *partial, unsigned *out) {
  cg::grid_group grid = cg::this_grid();
  __shared__ unsigned blockSum;
  if (threadIdx.x == 0)
    blockSum = 0;
  __syncthreads();
  atomicAdd(&blockSum, in[grid.thread_rank()]);
  __syncthreads();
  if (threadIdx.x == 0)
    partial[blockIdx.x] = blockSum;
  grid.sync();
  if (grid.thread_rank() == 0) {
    unsigned s = 0;
    for (unsigned k = 0; k < grid.num_blocks(); ++k)
      s += partial[k];
    out[0] = s;
    out[1] = grid.is_valid();
  }
}

__global__ void validity(unsigned *out) { out[0] = cg::this_grid().is_valid(); }

__global__ void syncAnyway(unsigned *out) {
  cg::this_grid().sync();
  out[0] = 1;
}

int main() {
  int attr = -1;
  cudaDeviceGetAttribute(&attr, cudaDevAttrCooperativeLaunch, 0);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("cooperative launch attribute %d, property %d\n", attr, prop.cooperativeLaunch);

  std::vector<unsigned> host(kN), want(kN), got(kN);
  for (int i = 0; i < kN; ++i)
    host[i] = want[i] = (unsigned)(i * i % 97);
  for (int r = 0; r < kRounds; ++r) {
    std::vector<unsigned> next(kN);
    for (int i = 0; i < kN; ++i)
      next[i] = (i > 0 ? want[i - 1] : 0) + want[i] + (i + 1 < kN ? want[i + 1] : 0);
    want = next;
  }
  unsigned *a, *b, *partial, *out;
  cudaMalloc(&a, kN * sizeof(unsigned));
  cudaMalloc(&b, kN * sizeof(unsigned));
  cudaMalloc(&partial, kBlocks * sizeof(unsigned));
  cudaMalloc(&out, 2 * sizeof(unsigned));
  cudaMemcpy(a, host.data(), kN * sizeof(unsigned), cudaMemcpyHostToDevice);
  int rounds = kRounds;
  void *stencilArgs[] = {&a, &b, &rounds};
  cudaError_t e = cudaLaunchCooperativeKernel(stencilRounds, kBlocks, kThreads, stencilArgs);
  // An odd number of rounds leaves the last one in b.
  cudaMemcpy(got.data(), kRounds % 2 ? b : a, kN * sizeof(unsigned), cudaMemcpyDeviceToHost);
  printf("stencil rounds: %s (%s)\n", e == cudaSuccess && got == want ? "ok" : "FAIL",
         cudaGetErrorName(e));

  unsigned sum = 0, result[2] = {0, 0};
  for (unsigned v : host)
    sum += v;
  cudaMemcpy(a, host.data(), kN * sizeof(unsigned), cudaMemcpyHostToDevice);
  void *sumArgs[] = {&a, &partial, &out};
  for (int launch = 0; launch < 3; ++launch)
    e = cudaLaunchCooperativeKernel((const void *)gridSum, dim3(kBlocks), dim3(kThreads), sumArgs,
                                    0, 0);
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  printf("grid sum: %s (valid %u)\n", e == cudaSuccess && result[0] == sum ? "ok" : "FAIL",
         result[1]);

  validity<<<1, 32>>>(out);
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  printf("ordinary launch: valid %u\n", result[0]);

  int perSm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, validity, kThreads, 0);
  void *oneArg[] = {&out};
  e = cudaLaunchCooperativeKernel((const void *)validity, dim3(perSm * prop.multiProcessorCount + 1),
                                  dim3(kThreads), oneArg, 0, 0);
  printf("too large: %s\n", cudaGetErrorName(e));

  syncAnyway<<<2, 32>>>(out);
  e = cudaDeviceSynchronize();
  printf("sync outside a cooperative launch: %s\n", cudaGetErrorName(e));
  return 0;
}
