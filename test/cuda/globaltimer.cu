// %globaltimer: nanoseconds of the device's clock, read through S2R
// SR_GLOBALTIMERHI, SR_GLOBALTIMERLO, SR_GLOBALTIMERHI as %clock64 is (the
// low word zeroed when the high reads differ), and %globaltimer_lo/_hi
// alone. Real code reads it in inline PTX to wait a time or to time
// stretches of a kernel (timers across SMs, a spin with a deadline). The
// run script idles 12034500000 cycles first, so the high word is 2 (2^33 ns
// = 12034498364 cycles at the 1401 MHz shader clock, cudaDeviceProp's
// clockRate). The checker (Inputs/globaltimer_check.py) holds the readings
// to what a clock of 1401 cycles per microsecond gives, from clock64()
// readings taken just before each timer reading.
// RUN: simt-cc -arch=sm_35 %s -o %t.o
// RUN: simt-emu %t.o %S/Inputs/globaltimer.simt > %t.out
// RUN: %python %S/Inputs/globaltimer_check.py %t.out | FileCheck %s
// CHECK: 32 threads: timers agree with the clock at 1401 cycles/us
// CHECK-NEXT: high word 2; the spin of 2000 ns took {{[0-9]+}} cycles (>= 2802)
// RUN: simt-cc -arch=sm_35 %s -S -o - | FileCheck %s --check-prefix=ASM
// RUN: printf '.version 7.0\n.target sm_35\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %%%%r<2>;\nmov.u32 %%%%r1, %%%%globaltimer;\nret;\n}\n' > %t-narrow.ptx
// RUN: not simt-ptxas %t-narrow.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: :7:9: error: '%globaltimer' is 64 bits: its destination must be a 64-bit register (its low word alone is %globaltimer_lo)
// ASM: S2R [[H1:R[0-9]+]], SR_GLOBALTIMERHI
// ASM-NEXT: S2R [[LO:R[0-9]+]], SR_GLOBALTIMERLO
// ASM-NEXT: S2R [[H2:R[0-9]+]], SR_GLOBALTIMERHI
// ASM-NEXT: ISETP.NE.U32.AND [[P:P[0-6]]], PT, [[H1]], [[H2]], PT
// ASM-NEXT: SEL R{{[0-9]+}}, RZ, [[LO]], [[P]]
// ASM-DAG: S2R R{{[0-9]+}}, SR_GLOBALTIMERLO
// ASM-DAG: S2R R{{[0-9]+}}, SR_GLOBALTIMERHI
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned long long globaltimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Per thread, 8 words: clock before, timer, clock before, low word, high
// word, timer after the spin, clock after it, spins.
__global__ void timers(unsigned long long *out, unsigned long long wait_ns) {
  unsigned long long *o = out + 8 * threadIdx.x;
  const unsigned long long c0 = clock64();
  const unsigned long long t0 = globaltimer();
  const unsigned long long c1 = clock64();
  unsigned lo, hi;
  asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(lo));
  asm volatile("mov.u32 %0, %%globaltimer_hi;" : "=r"(hi));
  unsigned long long t1, spins = 0;
  do {
    t1 = globaltimer();
    ++spins;
  } while (t1 - t0 < wait_ns);
  const unsigned long long c2 = clock64();
  o[0] = c0;
  o[1] = t0;
  o[2] = c1;
  o[3] = lo;
  o[4] = hi;
  o[5] = t1;
  o[6] = c2;
  o[7] = spins;
}

// The host program waits 1 us in a kernel and checks it took at least
// 1401 cycles of clock64().
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>

int main() {
  unsigned long long *d, h[8 * 32];
  cudaMalloc(&d, sizeof h);
  timers<<<1, 32>>>(d, 1000);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("timers failed\n");
    return 1;
  }
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 32; ++t) {
    const unsigned long long *o = h + 8 * t;
    if (o[5] - o[1] < 1000 || o[6] - o[0] < 1401 || o[7] < 2) {
      printf("thread %d: waited %llu ns, %llu cycles, %llu spins\n", t, o[5] - o[1],
             o[6] - o[0], o[7]);
      return 1;
    }
  }
  cudaFree(d);
  printf("PASSED\n");
  return 0;
}
