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
