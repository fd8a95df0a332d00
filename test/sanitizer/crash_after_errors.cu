// A program killed by a signal (abort(): SIGABRT, which AddressSanitizer
// lets through, where it reports a SIGSEGV itself) after its kernel's
// errors: the errors found up to its last device run are counted (the
// program never reached the exit handler that writes the counts): 4
// out-of-bounds writes and the launch failure cudaDeviceSynchronize
// reports. As compute-sanitizer 2025.3 does on this program (run on an
// H200): "Error: process didn't terminate successfully", no error counted
// for the crash, and the signal's number (6) as the exit status.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: not simt-sanitizer %t 4 > %t.out; FileCheck %s < %t.out
// CHECK-COUNT-4: Invalid __global__ write of size 4 bytes
// CHECK:      Program hit cudaErrorLaunchFailure (error 719)
// CHECK:      ========= Error: process didn't terminate successfully
// CHECK-NEXT: ========= Target application returned an error
// CHECK-NEXT: ========= ERROR SUMMARY: 5 errors
// RUN: not simt-sanitizer %t 0 | FileCheck %s --check-prefix=CLEAN
// CLEAN:      ========= Error: process didn't terminate successfully
// CLEAN-NEXT: ========= Target application returned an error
// CLEAN-NEXT: ========= ERROR SUMMARY: 0 errors
// RUN: sh -c 'simt-sanitizer %t 0 > /dev/null; echo status $?' | FileCheck %s --check-prefix=STATUS
// STATUS: status 6
// A segmentation fault in host code gets compute-sanitizer's hint and 11.
// RUN: sh -c 'simt-sanitizer %t 0 segv; echo status $?' | FileCheck %s --check-prefix=SEGV
// SEGV:      ========= Error: process didn't terminate successfully
// SEGV-NEXT: =========     The application may have hit an error when dereferencing Unified Memory from the host. Please rerun the application under cuda-gdb or a host debugger to catch host side errors.
// SEGV-NEXT: ========= Target application returned an error
// SEGV-NEXT: ========= ERROR SUMMARY: 0 errors
// SEGV-NEXT: status 11
#include <csignal>
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
  if (argc > 2) {
    std::signal(SIGSEGV, SIG_DFL); // not AddressSanitizer's handler
    std::raise(SIGSEGV);
  }
  abort();
}
