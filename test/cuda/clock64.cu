// clock64(): the SM's 64-bit cycle counter from S2R SR_CLOCKHI, SR_CLOCK,
// SR_CLOCKHI, the low word zeroed when the two high reads differ. The host
// first lets 2^33 cycles pass (high word 2 = 8589934592 >> 32); then, in
// runs of their own, stops 0 to 63 cycles short of 2^32, so that the low
// word wraps while the kernel reads the clock: the readings stay ordered and
// close together, never 2^32 apart. Each thread also times a loop of its
// own (more iterations, more cycles).
// RUN: simt-cc %s -o %t.o
// RUN: simt-emu %t.o %S/Inputs/clock64.simt | FileCheck %S/Inputs/clock64.simt
// RUN: %python %S/Inputs/clock64_wrap.py %simt_bin/simt-emu %t.o | FileCheck %s
// CHECK: 64 runs, every reading ordered and close
// CHECK: the high word changed inside the kernel in {{[1-9][0-9]*}} runs
// RUN: simt-cc %s -S -o - | FileCheck %s --check-prefix=ASM
// ASM: S2R [[H1:R[0-9]+]], SR_CLOCKHI
// ASM-NEXT: S2R [[LO:R[0-9]+]], SR_CLOCK
// ASM-NEXT: S2R [[H2:R[0-9]+]], SR_CLOCKHI
// ASM-NEXT: ISETP.NE.U32.AND [[P:P[0-6]]], PT, [[H1]], [[H2]], PT
// ASM-NEXT: SEL R{{[0-9]+}}, RZ, [[LO]], [[P]]
#include <cuda_runtime.h>

__global__ void clocks(long long *elapsed, unsigned *high, int *loops, int *ordered) {
  // high[4 + t]: the high word at the end
  const int t = threadIdx.x;
  long long start = clock64();
  long long mid = clock64();
  int acc = t;
  for (int i = 0; i < 8 * t; ++i)
    acc = acc * 3 + i;
  loops[t] = acc;
  long long end = clock64();
  elapsed[t] = mid - start;
  high[t] = unsigned(start >> 32);
  high[4 + t] = unsigned(end >> 32);
  ordered[t] = start < mid && mid < end && (t == 0 || end - mid > 8 * t);
}

// The host program: one warp reads the clock. Only what must hold on any
// device is checked, never a cycle count: every thread's readings strictly
// increase (elapsed > 0, and `ordered`, which the kernel computes), the
// high word never goes back, and the loop timed in between computed what a
// CPU loop computes.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>

int main() {
  const int n = 32;
  long long elapsed[n];
  unsigned high[2 * n];
  int loops[n], ordered[n];
  long long *d_elapsed;
  unsigned *d_high;
  int *d_loops, *d_ordered;
  cudaMalloc(&d_elapsed, sizeof elapsed);
  cudaMalloc(&d_high, sizeof high);
  cudaMalloc(&d_loops, sizeof loops);
  cudaMalloc(&d_ordered, sizeof ordered);
  cudaMemset(d_elapsed, 0, sizeof elapsed);
  cudaMemset(d_ordered, 0, sizeof ordered);
  // high[4 + t] is the end's high word of thread t: with 32 threads, the
  // ends of threads 0..27 overwrite the starts of threads 4..31, so those
  // are read back from a second launch of 4 threads below.
  clocks<<<1, n>>>(d_elapsed, d_high, d_loops, d_ordered);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("clocks failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(elapsed, d_elapsed, sizeof elapsed, cudaMemcpyDeviceToHost);
  cudaMemcpy(loops, d_loops, sizeof loops, cudaMemcpyDeviceToHost);
  cudaMemcpy(ordered, d_ordered, sizeof ordered, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    unsigned acc = t; // the kernel's int arithmetic, wrapping
    for (int i = 0; i < 8 * t; ++i)
      acc = acc * 3u + (unsigned)i;
    if (loops[t] != (int)acc) {
      printf("loops[%d] = %d, expected %d\n", t, loops[t], (int)acc);
      return 1;
    }
    if (elapsed[t] <= 0) {
      printf("elapsed[%d] = %lld, expected > 0\n", t, elapsed[t]);
      return 1;
    }
    if (ordered[t] != 1) {
      printf("ordered[%d] = %d: the readings of thread %d are not increasing\n", t, ordered[t], t);
      return 1;
    }
  }
  // Four threads, the layout of `high`: each thread's high word at the end
  // is not below the one at its start. (Only within a launch: two launches
  // may run on two SMs, whose counters need not agree.)
  cudaMemset(d_high, 0, sizeof high);
  clocks<<<1, 4>>>(d_elapsed, d_high, d_loops, d_ordered);
  cudaMemcpy(high, d_high, 8 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(ordered, d_ordered, 4 * sizeof(int), cudaMemcpyDeviceToHost);
  for (int t = 0; t < 4; ++t) {
    if (high[4 + t] < high[t]) {
      printf("thread %d: high word %u at the start, %u at the end\n", t, high[t], high[4 + t]);
      return 1;
    }
    if (ordered[t] != 1) {
      printf("4 threads: ordered[%d] = %d\n", t, ordered[t]);
      return 1;
    }
  }
  cudaFree(d_elapsed);
  cudaFree(d_high);
  cudaFree(d_loops);
  cudaFree(d_ordered);
  printf("PASSED\n");
  return 0;
}
