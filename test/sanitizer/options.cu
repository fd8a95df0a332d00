// compute-sanitizer's options beyond the checks' own, as its scripts use
// them (their wording and statuses as compute-sanitizer 2025.3 gives them
// on an H200, where they show).
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
//
// --padding N: a store 4096 bytes past a 256-byte block lands in the next
// block (the address space's gap is 4096 bytes); with a wider gap it faults.
// RUN: simt-sanitizer %t | FileCheck %s --check-prefix=PACKED
// PACKED: b - a = 4352, b[0] = 7
// PACKED: ERROR SUMMARY: 0 errors
// RUN: simt-sanitizer --padding 8192 %t | FileCheck %s --check-prefix=PADDED
// PADDED:      Invalid __global__ write of size 4 bytes
// PADDED:      and is 4,097 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 256 bytes
// PADDED:      b - a = 8448, b[0] = 0
// PADDED:      ERROR SUMMARY: 2 errors
//
// --save FILE writes the reports, --read FILE prints them again.
// RUN: rm -f %t.saved && simt-sanitizer --save %t.saved --padding 8192 %t > %t.out
// RUN: simt-sanitizer --read %t.saved | FileCheck %s --check-prefix=READ
// READ:      ========= SIMT-SANITIZER
// READ-NEXT: ========= Invalid __global__ write of size 4 bytes
// READ-NEXT: =========     at store(int *, long)+0x{{[0-9a-f]+}} in {{.*}}options.cu:[[#@LINE+72]]
// READ:      ========= Program hit cudaErrorLaunchFailure (error 719)
// READ:      ========= ERROR SUMMARY: 2 errors
// RUN: printf 'what\n' > %t.junk
// RUN: not simt-sanitizer --read %t.junk 2>&1 | FileCheck %s --check-prefix=JUNK
// JUNK: simt-sanitizer: error: --read: {{.*}}.junk: line 1 is not part of a saved report
//
// --prefix, -q, --check-exit-code no; the program's status is its own.
// RUN: sh -c 'simt-sanitizer --prefix ==X== --check-exit-code no %t 3; echo status $?' | FileCheck %s --check-prefix=PREFIX
// PREFIX:      ==X== SIMT-SANITIZER
// PREFIX-NEXT: b - a = 4352, b[0] = 7
// PREFIX-NEXT: ==X== ERROR SUMMARY: 0 errors
// PREFIX-NEXT: status 3
// RUN: sh -c 'simt-sanitizer -q --padding 8192 %t 3; echo status $?' | FileCheck %s --check-prefix=QUIET --implicit-check-not=SUMMARY --implicit-check-not=SIMT-SANITIZER
// QUIET:      ========= Invalid __global__ write
// QUIET:      b - a = 8448, b[0] = 0
// QUIET-NEXT: ========= Target application returned an error
// QUIET-NEXT: status 3
//
// A program that ends before its first CUDA call: no summary, and an
// error of the tool unless --require-cuda-init no.
// RUN: sh -c 'simt-sanitizer %t nocuda; echo status $?' | FileCheck %s --check-prefix=NOCUDA --implicit-check-not=SUMMARY
// NOCUDA:      ========= SIMT-SANITIZER
// NOCUDA-NEXT: no CUDA call
// NOCUDA-NEXT: ========= Error: Target application terminated before first instrumented API call
// NOCUDA-NEXT: status 255
// RUN: sh -c 'simt-sanitizer --require-cuda-init no --target-processes application-only %t nocuda; echo status $?' | FileCheck %s --check-prefix=NOINIT --implicit-check-not=SUMMARY
// NOINIT:      no CUDA call
// NOINIT-NEXT: ========= Target application terminated before first instrumented API call
// NOINIT-NEXT: ========= Tracking kernels launched by child processes requires the --target-processes all option.
// NOINIT-NEXT: status 0
//
// --xml needs --save (compute-sanitizer's error and status), and its XML
// is not written here; --kernel-regex is --kernel-name, deprecated.
// RUN: sh -c 'simt-sanitizer --xml %t; echo status $?' | FileCheck %s --check-prefix=XML
// XML:      --xml was enabled but no save location was specified
// XML-NEXT: status 255
// RUN: not simt-sanitizer --xml --save %t.xml %t 2>&1 | FileCheck %s --check-prefix=XMLSAVE
// XMLSAVE: simt-sanitizer: error: --xml: compute-sanitizer's XML records are not written here
// RUN: simt-sanitizer --kernel-regex kns=nothing --padding 8192 %t | FileCheck %s --check-prefix=REGEX
// REGEX:      Option kernel-regex is deprecated, please refer to the option kernel-name
// REGEX-NEXT: ========= SIMT-SANITIZER
// REGEX-NOT:  Invalid __global__
//
// Options with nothing to act on here are taken, so scripts run unchanged.
// RUN: simt-sanitizer --launch-timeout 120 --nvtx yes --check-api-memory-access yes --max-connections 10 --port 49152 --racecheck-num-workers 2 %t | FileCheck %s --check-prefix=PACKED
//
// --target-processes: the processes the program starts are checked too,
// into one summary (all, the default), or not (application-only: the
// child's fault is the emulator's own report, on standard error). Each
// process has a bad store and the launch failure its sync returns.
// RUN: simt-sanitizer --target-processes all %t parent 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: Invalid __global__ write of size 4 bytes
// ALL: and is 399,937 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 64 bytes
// ALL: Invalid __global__ write of size 4 bytes
// ALL: and is 1 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 32 bytes
// ALL: ERROR SUMMARY: 4 errors
// Three children at once, each its own counts: 3 x 2 + 2.
// RUN: simt-sanitizer %t parent 3 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: ERROR SUMMARY: 8 errors
// RUN: simt-sanitizer --target-processes application-only %t parent > %t.app 2> %t.err
// RUN: FileCheck %s --check-prefix=APP < %t.app
// APP-NOT: of size 64 bytes
// APP:     and is 1 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 32 bytes
// APP:     ERROR SUMMARY: 2 errors
// RUN: FileCheck %s --check-prefix=APPERR < %t.err
// APPERR: fault: global memory access out of range in kernel 'store(int*, long)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

__global__ void store(int *a, long i) { a[i] = 7; }

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "nocuda") == 0) {
    printf("no CUDA call\n");
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "child") == 0) {
    int *c;
    cudaMalloc(&c, 64);
    store<<<1, 1>>>(c, 100000); // far past the end
    cudaDeviceSynchronize();
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "parent") == 0) {
    const std::string one = std::string(argv[0]) + " child";
    std::string all = one; // argv[2] children at once
    for (int k = 1; k < (argc > 2 ? atoi(argv[2]) : 1); ++k)
      all = one + " & " + all;
    const int child = std::system(("(" + all + "; wait)").c_str());
    int *p;
    cudaMalloc(&p, 32);
    store<<<1, 1>>>(p, 8); // one int past the end
    cudaDeviceSynchronize();
    return child == 0 ? 0 : 1;
  }
  int *a, *b;
  cudaMalloc(&a, 256);
  cudaMalloc(&b, 256);
  // 256 bytes, then the 4096-byte gap: b, unless --padding widened it.
  store<<<1, 1>>>(a, (256 + 4096) / 4);
  int got = 0;
  cudaMemcpy(&got, b, sizeof got, cudaMemcpyDeviceToHost);
  printf("b - a = %ld, b[0] = %d\n", long((char *)b - (char *)a), got);
  return argc > 1 ? atoi(argv[1]) : 0;
}
