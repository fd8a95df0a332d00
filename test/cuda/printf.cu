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
