// Where the tool's output goes and what it returns, as compute-sanitizer:
// the banner, the reports and the summary on standard output among the
// program's lines, or all of them in --log-file's file (%p: the tool's
// process id) with standard output left to the program; the program's own
// exit status (3 here, after the fault), then "Target application returned
// an error" before the summary; --error-exitcode N's status instead when
// there were errors; --print-level error counts warnings without printing.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: not simt-sanitizer %t > %t.mixed 2> %t.err
// RUN: FileCheck %s --check-prefix=MIXED < %t.mixed
// RUN: not simt-sanitizer --log-file %t.log %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: sh -c 'cd %t.d && simt-sanitizer --log-file "run.%%p.log" %t > /dev/null; ls' | FileCheck %s --check-prefix=PID
// RUN: sh -c 'simt-sanitizer --error-exitcode 9 %t > /dev/null; echo status $?' | FileCheck %s --check-prefix=STATUS9
// RUN: sh -c 'simt-sanitizer --tool initcheck --track-unused-memory --print-level error %t; echo status $?' | FileCheck %s --check-prefix=LEVEL
// RUN: not simt-sanitizer --log-file 'a%%d' %t 2>&1 | FileCheck %s --check-prefix=BADNAME
#include <cstdio>

__global__ void put(int *p, int at) { p[at] = at; }

int main(int argc, char **) {
  int *d;
  cudaMalloc(&d, 8 * sizeof(int));
  put<<<1, 1>>>(d, argc > 1 ? 0 : 9); // BUG: index 9 of 8
  cudaError_t e = cudaDeviceSynchronize();
  printf("put: %s\n", cudaGetErrorName(e));
  cudaFree(d);
  return e == cudaSuccess ? 0 : 3;
}

// MIXED:      ========= SIMT-SANITIZER
// MIXED-NEXT: ========= Invalid __global__ write of size 4 bytes
// MIXED:      ========= Program hit cudaErrorLaunchFailure
// MIXED:      put: cudaErrorLaunchFailure
// MIXED:      ========= Target application returned an error
// MIXED-NEXT: ========= ERROR SUMMARY: 3 errors
// OUT-NOT: =========
// OUT:     put: cudaErrorLaunchFailure
// OUT-NOT: =========
// LOG:      ========= SIMT-SANITIZER
// LOG-NEXT: ========= Invalid __global__ write of size 4 bytes
// LOG-NOT:  put:
// LOG:      ========= Target application returned an error
// LOG-NEXT: ========= ERROR SUMMARY: 3 errors
// PID: run.{{[0-9]+}}.log
// STATUS9: status 9
// Under initcheck the fault is the program's, and its failed calls are no
// errors (API errors are memcheck's, as compute-sanitizer's); the unused
// allocation's warning counted, not shown.
// LEVEL-NOT:  Unused memory
// LEVEL:      ========= Target application returned an error
// LEVEL-NEXT: ========= WARNING SUMMARY: 1 warning
// LEVEL-NEXT: ========= ERROR SUMMARY: 0 errors
// LEVEL-NEXT: status 3
// BADNAME: simt-sanitizer: error: --log-file: 'a%d': a '%' must be followed by p, q{VAR} or %
