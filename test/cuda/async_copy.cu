// The asynchronous-copy interfaces of CUDA 11 as simt-nvcc programs use
// them: __pipeline_memcpy_async (with a zero fill), commit and wait;
// cooperative_groups::memcpy_async and wait; cuda::barrier (init, arrive
// and wait across two warps and several phases, a completion function,
// arrive_and_drop, memcpy_async into a phase); cuda::pipeline of a thread.
// Each copy is complete when it is issued here (docs/cuda.md), and the
// waits synchronise what must be. Expected values: host loops below.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: env SIMT_EMU_FLAGS="--sched random --seed 3" %t | FileCheck %s
// CHECK: primitives: 0 wrong of 128
// CHECK-NEXT: group copy: 0 wrong of 320
// CHECK-NEXT: barrier phases: 0 wrong of 320, completions 5
// CHECK-NEXT: pipeline: 0 wrong of 64
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdio>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/chrono>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

// Thread t copies 16 bytes of in at 4t words into shared memory, the last
// t % 16 of them zeros, then reads its neighbour's after a __syncthreads.
__global__ void primitives(const int *in, int *out) {
  __shared__ __align__(16) int tile[128];
  const int t = threadIdx.x;
  __pipeline_memcpy_async(&tile[4 * t], &in[4 * t], 16, t % 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  const int n = (t + 1) % 32;
  for (int k = 0; k < 4; ++k)
    out[4 * t + k] = tile[4 * n + k];
}

// The block copies 256 ints (and 200 bytes of chars) into shared memory
// together; each thread then reads from the far end.
__global__ void groupCopy(const int *in, const char *bytes, int *out) {
  __shared__ int buf[256];
  __shared__ char cbuf[200];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, buf, in, sizeof(int) * 256);
  cg::memcpy_async(block, cbuf, size_t(200), bytes, size_t(200));
  cg::wait(block);
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    out[i] = buf[255 - i] + cbuf[(i * 7) % 200];
  // The layout form counts elements, aligned or not: 64 ints each way.
  __syncthreads();
  cg::memcpy_async(block, buf, cuda::aligned_size_t<16>(64), in + 256, cuda::aligned_size_t<16>(64));
  cg::wait(block);
  for (int i = threadIdx.x; i < 64; i += blockDim.x)
    out[256 + i] = buf[i];
}

struct Count {
  int *counter;
  __device__ void operator()() const noexcept { ++*counter; }
};

// Two warps, five phases: each thread writes its word, arrives, waits and
// reads its neighbour's; the second warp leaves in phase 2
// (arrive_and_drop) and waits no more. A warp leaves whole: a warp runs one
// path of a branch at a time here, so a lane spinning on the barrier while
// another lane of its warp had yet to arrive (or drop) on the other path
// would wait for ever (Volta's independent thread scheduling lets it go on).
__global__ void phases(int *out, int *completions) {
  __shared__ int words[2][64]; // by the phase's parity: a thread that is
  // one phase ahead writes the other row, not the one still being read
  __shared__ cuda::barrier<cuda::thread_scope_block, Count> bar;
  __shared__ __align__(16) int staged[64];
  const int t = threadIdx.x;
  if (t == 0)
    init(&bar, blockDim.x, Count{completions});
  __syncthreads();
  for (int p = 0; p < 5; ++p) {
    const bool gone = t >= 32 && p > 2, leaving = t >= 32 && p == 2;
    int *row = words[p & 1];
    if (!gone)
      row[t] = 100 * p + t;
    if (p == 4 && !gone) // the last phase copies the words into place too
      cuda::memcpy_async(&staged[t], &row[t], sizeof(int), bar);
    cuda::barrier<cuda::thread_scope_block, Count>::arrival_token token;
    if (leaving)
      bar.arrive_and_drop();
    else if (!gone)
      token = bar.arrive();
    if (gone || leaving) {
      out[64 * p + t] = -1;
      continue;
    }
    bar.wait(std::move(token));
    const int n = (t + 1) % (p > 2 ? 32 : 64);
    out[64 * p + t] = p == 4 ? staged[n] : row[n];
  }
}

// A thread's own pipeline: two stages copied, then consumed.
__global__ void pipe(const float *in, float *out) {
  __shared__ float stage[2][64];
  auto pl = cuda::make_pipeline();
  for (int s = 0; s < 2; ++s) {
    pl.producer_acquire();
    cuda::memcpy_async(&stage[s][threadIdx.x], &in[64 * s + threadIdx.x], sizeof(float), pl);
    pl.producer_commit();
  }
  float sum = 0;
  for (int s = 0; s < 2; ++s) {
    if (s == 0)
      pl.consumer_wait();
    else
      pl.consumer_wait_for(cuda::std::chrono::milliseconds(1));
    sum += stage[s][threadIdx.x];
    pl.consumer_release();
  }
  out[threadIdx.x] = sum;
}

int main() {
  int hin[512], *in, *out;
  for (int i = 0; i < 512; ++i)
    hin[i] = i * 37 + 5;
  cudaMalloc(&in, sizeof hin);
  cudaMalloc(&out, 512 * sizeof(int));
  cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice);

  primitives<<<1, 32>>>(in, out);
  int h[512];
  cudaMemcpy(h, out, 128 * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int t = 0; t < 32; ++t) {
    const int n = (t + 1) % 32;
    const unsigned char *src = reinterpret_cast<const unsigned char *>(&hin[4 * n]);
    unsigned char want[16];
    for (int b = 0; b < 16; ++b)
      want[b] = b < 16 - n % 16 ? src[b] : 0;
    wrong += memcmp(&h[4 * t], want, 16) != 0;
  }
  printf("primitives: %d wrong of 128\n", wrong * 4);

  char hbytes[200], *bytes;
  for (int i = 0; i < 200; ++i)
    hbytes[i] = char(i * 3 % 101);
  cudaMalloc(&bytes, 200);
  cudaMemcpy(bytes, hbytes, 200, cudaMemcpyHostToDevice);
  groupCopy<<<1, 96>>>(in, bytes, out);
  cudaMemcpy(h, out, 320 * sizeof(int), cudaMemcpyDeviceToHost);
  wrong = 0;
  for (int i = 0; i < 256; ++i)
    wrong += h[i] != hin[255 - i] + hbytes[(i * 7) % 200];
  for (int i = 0; i < 64; ++i)
    wrong += h[256 + i] != hin[256 + i];
  printf("group copy: %d wrong of 320\n", wrong);

  int *completions;
  cudaMalloc(&completions, sizeof(int));
  cudaMemset(completions, 0, sizeof(int));
  phases<<<1, 64>>>(out, completions);
  int done = 0;
  cudaMemcpy(h, out, 320 * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&done, completions, sizeof(int), cudaMemcpyDeviceToHost);
  wrong = 0;
  for (int p = 0; p < 5; ++p)
    for (int t = 0; t < 64; ++t) {
      const int want = t >= 32 && p >= 2 ? -1 : 100 * p + (t + 1) % (p > 2 ? 32 : 64);
      wrong += h[64 * p + t] != want;
    }
  printf("barrier phases: %d wrong of 320, completions %d\n", wrong, done);

  float hf[128], *fin, *fout;
  for (int i = 0; i < 128; ++i)
    hf[i] = 0.5f * i;
  cudaMalloc(&fin, sizeof hf);
  cudaMalloc(&fout, 64 * sizeof(float));
  cudaMemcpy(fin, hf, sizeof hf, cudaMemcpyHostToDevice);
  pipe<<<1, 64>>>(fin, fout);
  float r[64];
  cudaMemcpy(r, fout, sizeof r, cudaMemcpyDeviceToHost);
  wrong = 0;
  for (int i = 0; i < 64; ++i)
    wrong += r[i] != hf[i] + hf[64 + i];
  printf("pipeline: %d wrong of 64\n", wrong);
  return 0;
}
