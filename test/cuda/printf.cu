// Device printf: every thread of a 2D grid prints integers of every length,
// floats, doubles, characters, strings, pointers, with flags, widths and
// precisions (some given by '*'); prints under divergent branches and in a
// data-dependent loop (several records per thread, which must keep their
// order). The records are printed at `wait` in thread order (CTA, then
// thread, then issue order), whatever the schedule: the expected text comes
// from Inputs/printf_ref.py, which formats the same values with Python's
// '%' operator (C's conversions).
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc -m32 %s -o %t32.o
// RUN: %python %S/Inputs/printf_ref.py %t
// RUN: simt-emu %t.o %t.simt > %t.out
// RUN: diff %t.expected %t.out
// RUN: simt-emu %t.o %t.simt --sched random --seed 7 > %t.random
// RUN: diff %t.expected %t.random
// RUN: simt-emu %t32.o %t.simt > %t.out32
// RUN: diff %t.expected %t.out32
// RUN: simt-emu %t.o --kernel divergent --grid 2 --block 16 --arg 7s32 > %t.flag
// RUN: diff %t.expected-divergent %t.flag
// No <stdio.h>: the CUDA headers declare printf (and the host's 32-bit C
// headers, which -m32 would need, may not be installed).

extern "C" __global__ void formats(float f, double d, int w) {
  int lin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * blockIdx.x);
  int r = printf("cta %d tid %d,%d: [%5d] [%-4x] [%08.3f] [%e] [%.10g] [%c] [%s] [%.2s]\n",
                 blockIdx.x, threadIdx.x, threadIdx.y, lin * 37 - 50, lin, f * lin, d * lin,
                 d / (lin + 1), 'A' + lin, lin % 2 ? "odd" : "even", "abcdef");
  printf("  %lld %llx %u %+i %o %X %hd %hhu %ld %lu %zu [%*d] [%.*f] [%#x] [%%] %p r=%d\n",
         (long long)lin * -3000000000LL, 0xdeadbeefcafeULL + lin, (unsigned)-lin, lin - 5,
         lin * 8 + 7, lin * 0xABC, (short)(lin * 5000), (unsigned char)(lin * 50),
         (long)lin - 2, (unsigned long)lin * 3, (size_t)lin, w, lin, lin % 4, f * lin,
         lin + 1, (void *)(size_t)(0x1000 + lin), r);
}

// Divergence: a branch per thread and a loop whose trip count is the thread's.
extern "C" __global__ void divergent(int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i % 3 == 0)
    printf("%d: three\n", i);
  else if (i % 3 == 1)
    printf("%d: one, %f\n", i, i * 0.5);
  for (int j = 0; j < (i * k) % 5; ++j)
    printf("%d: loop %d of %d\n", i, j, (i * k) % 5);
  if (i == 5)
    printf("%d: only five (%s)\n", i, "done");
}

// The host program: formats on 2 blocks of 2x2 threads, divergent on 2
// blocks of 4 (k = 3); the device's lines, printed when the host
// synchronises, in thread order, are checked below. The expected text is
// C's: the host's own printf given the same formats and values (CUDA's
// printf returns the number of arguments, r=11, where C's counts bytes).
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN --strict-whitespace
// MAIN: cta 0 tid 0,0: [  -50] [0   ] [0000.000] [0.000000e+00] [0.75] [A] [even] [ab]
// MAIN-NEXT: 0 deadbeefcafe 0 -5 7 0 0 0 -2 0 0 [     0] [0] [0x1] [%] 0x1000 r=11
// MAIN-NEXT: cta 0 tid 1,0: [  -13] [1   ] [0001.250] [7.500000e-01] [0.375] [B] [odd] [ab]
// MAIN-NEXT: -3000000000 deadbeefcaff 4294967295 -4 17 ABC 5000 50 -1 3 1 [     1] [1.2] [0x2] [%] 0x1001 r=11
// MAIN-NEXT: cta 0 tid 0,1: [   24] [2   ] [0002.500] [1.500000e+00] [0.25] [C] [even] [ab]
// MAIN-NEXT: -6000000000 deadbeefcb00 4294967294 -3 27 1578 10000 100 0 6 2 [     2] [2.50] [0x3] [%] 0x1002 r=11
// MAIN-NEXT: cta 0 tid 1,1: [   61] [3   ] [0003.750] [2.250000e+00] [0.1875] [D] [odd] [ab]
// MAIN-NEXT: -9000000000 deadbeefcb01 4294967293 -2 37 2034 15000 150 1 9 3 [     3] [3.750] [0x4] [%] 0x1003 r=11
// MAIN-NEXT: cta 1 tid 0,0: [   98] [4   ] [0005.000] [3.000000e+00] [0.15] [E] [even] [ab]
// MAIN-NEXT: -12000000000 deadbeefcb02 4294967292 -1 47 2AF0 20000 200 2 12 4 [     4] [5] [0x5] [%] 0x1004 r=11
// MAIN-NEXT: cta 1 tid 1,0: [  135] [5   ] [0006.250] [3.750000e+00] [0.125] [F] [odd] [ab]
// MAIN-NEXT: -15000000000 deadbeefcb03 4294967291 +0 57 35AC 25000 250 3 15 5 [     5] [6.2] [0x6] [%] 0x1005 r=11
// MAIN-NEXT: cta 1 tid 0,1: [  172] [6   ] [0007.500] [4.500000e+00] [0.1071428571] [G] [even] [ab]
// MAIN-NEXT: -18000000000 deadbeefcb04 4294967290 +1 67 4068 30000 44 4 18 6 [     6] [7.50] [0x7] [%] 0x1006 r=11
// MAIN-NEXT: cta 1 tid 1,1: [  209] [7   ] [0008.750] [5.250000e+00] [0.09375] [H] [odd] [ab]
// MAIN-NEXT: -21000000000 deadbeefcb05 4294967289 +2 77 4B24 -30536 94 5 21 7 [     7] [8.750] [0x8] [%] 0x1007 r=11
// MAIN-NEXT: 0: three
// MAIN-NEXT: 1: one, 0.500000
// MAIN-NEXT: 1: loop 0 of 3
// MAIN-NEXT: 1: loop 1 of 3
// MAIN-NEXT: 1: loop 2 of 3
// MAIN-NEXT: 2: loop 0 of 1
// MAIN-NEXT: 3: three
// MAIN-NEXT: 3: loop 0 of 4
// MAIN-NEXT: 3: loop 1 of 4
// MAIN-NEXT: 3: loop 2 of 4
// MAIN-NEXT: 3: loop 3 of 4
// MAIN-NEXT: 4: one, 2.000000
// MAIN-NEXT: 4: loop 0 of 2
// MAIN-NEXT: 4: loop 1 of 2
// MAIN-NEXT: 5: only five (done)
// MAIN-NEXT: 6: three
// MAIN-NEXT: 6: loop 0 of 3
// MAIN-NEXT: 6: loop 1 of 3
// MAIN-NEXT: 6: loop 2 of 3
// MAIN-NEXT: 7: one, 3.500000
// MAIN-NEXT: 7: loop 0 of 1
// MAIN-NEXT: PASSED
// Host code only (the device passes skip it): the -m32 build above finds
// no i386 C headers on the build machine.
#ifndef __CUDA_ARCH__
#include <stdio.h>

int main() {
  formats<<<2, dim3(2, 2)>>>(1.25f, 0.75, 6);
  divergent<<<2, 4>>>(3);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("kernels failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
#endif
