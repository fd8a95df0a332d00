// A thread's trap (__trap()) under memcheck: compute-sanitizer's "Trace/
// breakpoint trap" record at the trap, for each thread that executed it,
// then the call that returns cudaErrorLaunchFailure (719) as an API error,
// as CUDA 13's compute-sanitizer prints for this program on an H200 (where
// the reported line is the next one, 4: the card's PC after the trap).
// Under racecheck nothing is reported. A failed assert traps too, but its
// message is the report: no trap record (and cudaErrorAssert).
// RUN: simt-nvcc -lineinfo %s -o %t
// RUN: simt-sanitizer %t 2>&1 | FileCheck %s
// RUN: simt-sanitizer --tool racecheck %t 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: simt-sanitizer --suppressions %S/Inputs/trap.supp %t 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: simt-sanitizer %t assert 2>&1 | FileCheck %s --check-prefix=ASSERT
#include <cassert>
#include <cstdio>
#include <cstring>

__global__ void stop(int *p) {
  if (threadIdx.x % 16 == 5)
    __trap(); // BUG: threads 5 and 21
  p[threadIdx.x] = 1;
}

__global__ void check(int *p) {
  assert(threadIdx.x != 3);
  p[threadIdx.x] = 2;
}

int main(int argc, char **argv) {
  int *p;
  cudaMalloc(&p, 32 * sizeof(int));
  if (argc > 1 && !strcmp(argv[1], "assert"))
    check<<<1, 32>>>(p);
  else
    stop<<<1, 32>>>(p);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorName(e));
  return 0;
}

// CHECK:      ========= Trace/breakpoint trap
// CHECK-NEXT: =========     at stop(int *)+0x{{[0-9a-f]+}} in {{.*}}trap.cu:{{1[89]}}
// CHECK-NEXT: =========     by thread (5,0,0) in block (0,0,0)
// CHECK:      ========= Trace/breakpoint trap
// CHECK-NEXT: =========     at stop(int *)+0x{{[0-9a-f]+}} in {{.*}}trap.cu:{{1[89]}}
// CHECK-NEXT: =========     by thread (21,0,0) in block (0,0,0)
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK-NOT:  fault:
// CHECK:      sync: cudaErrorLaunchFailure
// CHECK-NEXT: ========= ERROR SUMMARY: 3 errors

// RACE:      ========= SIMT-SANITIZER
// RACE-NEXT: sync: cudaErrorLaunchFailure
// RACE-NEXT: ========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)

// SUPP-NOT:  Trace/breakpoint trap
// SUPP:      ========= Program hit cudaErrorLaunchFailure
// SUPP:      ========= ERROR SUMMARY: 1 error

// ASSERT-NOT: Trace/breakpoint trap
// ASSERT:     Assertion `threadIdx.x != 3` failed.
// ASSERT-NOT: Trace/breakpoint trap
// ASSERT:     sync: cudaErrorAssert
