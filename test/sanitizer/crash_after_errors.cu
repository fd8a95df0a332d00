// A program killed by a signal (abort(): SIGABRT, which AddressSanitizer
// lets through, where it reports a SIGSEGV itself) after its kernel's errors: the errors found
// up to its last device run are counted (the program never reached the exit
// handler that writes the counts), and its abnormal end is one error more,
// as compute-sanitizer counts it: 4 out-of-bounds writes, the launch failure
// cudaDeviceSynchronize reports, and the crash. The summary said "0 errors"
// before, which a CI script grepping for it took as a pass. The program's
// own status (128 + SIGABRT) stays the tool's.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: not simt-sanitizer %t 4 > %t.out; FileCheck %s < %t.out
// CHECK-COUNT-4: Invalid __global__ write of size 4 bytes
// CHECK:      Program hit cudaErrorLaunchFailure (error 719)
// CHECK:      ========= Error: process didn't terminate successfully
// CHECK-NEXT: ========= Target application returned an error
// CHECK-NEXT: ========= ERROR SUMMARY: 6 errors
// RUN: not simt-sanitizer %t 0 | FileCheck %s --check-prefix=CLEAN
// CLEAN:      ========= Error: process didn't terminate successfully
// CLEAN-NEXT: ========= Target application returned an error
// CLEAN-NEXT: ========= ERROR SUMMARY: 1 error
// RUN: sh -c 'simt-sanitizer %t 0 > /dev/null; echo status $?' | FileCheck %s --check-prefix=STATUS
// STATUS: status 134
#include <cstdio>
#include <cstdlib>

__global__ void past(int *x, int n) {
  if (threadIdx.x < n)
    x[32 + threadIdx.x] = 1; // 4 ints past the end of a 128-byte buffer
}

int main(int argc, char **argv) {
  const int bad = argc > 1 ? atoi(argv[1]) : 0;
  int *d;
  cudaMalloc(&d, 128);
  past<<<1, 32>>>(d, bad);
  cudaDeviceSynchronize();
  std::fflush(stdout);
  abort();
}
