// Warp specialisation on named barriers of a thread count: in a block of
// 192 threads, warps 0-1 produce chunks into a two-stage shared buffer and
// warps 2-3 consume them, each stage with a "full" barrier (producers
// `bar.arrive`, consumers `bar.sync`, 128 threads) and an "empty" one (the
// other way round), while warps 4-5 exchange values on a barrier of their
// own 64 threads (__barrier_sync_count). Barriers that waited for the whole
// block would never open. Expected values from the host loop below.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: simt-nvcc -O2 %s -o %t20
// RUN: %t20 | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O2 -cubin %s -o %t.cubin
// RUN: simt-objdump -d %t.cubin | FileCheck %s --check-prefix=SASS
// RUN: simt-sanitizer --tool synccheck %t | FileCheck %s --check-prefix=SYNC
// RUN: simt-sanitizer --tool racecheck %t | FileCheck %s --check-prefix=RACE
// CHECK: pipeline: 0 of 256 wrong
// CHECK: side: 0 of 256 wrong
// The inline PTX's "r" operands are registers, ids and counts both.
// SASS: BAR.SYNC 0x0
// SASS: BAR.ARV R{{[0-9]+}}, R{{[0-9]+}}
// SASS: BAR.SYNC R{{[0-9]+}}, R{{[0-9]+}}
// SYNC: ERROR SUMMARY: 0 errors
// RACE: RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)
#include <cstdio>

constexpr int kChunk = 64, kStages = 2, kChunks = 6, kBlocks = 4;

__device__ __forceinline__ void namedArrive(unsigned id, unsigned threads) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

__global__ void pipeline(const int *in, int *out, int *side) {
  __shared__ int stage[kStages][kChunk];
  __shared__ int exchange[64];
  const int tid = threadIdx.x;
  const int *mine = in + blockIdx.x * kChunks * kChunk;
  __syncthreads();
  if (tid < 64) { // producers
    for (int c = 0; c < kChunks; ++c) {
      const int s = c % kStages;
      if (c >= kStages)
        __barrier_sync_count(3 + s, 128); // the consumers freed stage s
      stage[s][tid] = 2 * mine[c * kChunk + tid];
      namedArrive(1 + s, 128); // stage s is full
    }
  } else if (tid < 128) { // consumers
    const int t = tid - 64;
    int acc = 0;
    for (int c = 0; c < kChunks; ++c) {
      const int s = c % kStages;
      __barrier_sync_count(1 + s, 128);
      acc += stage[s][t] - stage[s][kChunk - 1 - t];
      if (c + kStages < kChunks)
        namedArrive(3 + s, 128);
    }
    out[blockIdx.x * kChunk + t] = acc;
  } else { // warps 4-5, on their own
    const int t = tid - 128;
    exchange[t] = t * t + blockIdx.x;
    __barrier_sync_count(5, 64);
    side[blockIdx.x * 64 + t] = exchange[63 - t];
  }
}

int main() {
  const int n = kBlocks * kChunks * kChunk;
  static int in[n], out[kBlocks * kChunk], side[kBlocks * 64];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 101 - 50;
  int *dIn, *dOut, *dSide;
  cudaMalloc(&dIn, sizeof in);
  cudaMalloc(&dOut, sizeof out);
  cudaMalloc(&dSide, sizeof side);
  cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice);
  pipeline<<<kBlocks, 192>>>(dIn, dOut, dSide);
  if (cudaError_t e = cudaDeviceSynchronize()) {
    printf("error: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(side, dSide, sizeof side, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kChunk; ++t) {
      int acc = 0;
      for (int c = 0; c < kChunks; ++c) {
        const int *chunk = in + (b * kChunks + c) * kChunk;
        acc += 2 * chunk[t] - 2 * chunk[kChunk - 1 - t];
      }
      wrong += out[b * kChunk + t] != acc;
    }
  printf("pipeline: %d of %d wrong\n", wrong, kBlocks * kChunk);
  wrong = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < 64; ++t)
      wrong += side[b * 64 + t] != (63 - t) * (63 - t) + b;
  printf("side: %d of %d wrong\n", wrong, kBlocks * 64);
  return 0;
}
