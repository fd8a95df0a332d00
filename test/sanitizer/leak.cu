// memcheck --leak-check full: a device allocation never freed is reported
// at exit; without the option it is not.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: simt-sanitizer --leak-check full %t > %t.err
// RUN: FileCheck %s < %t.err
// RUN: simt-sanitizer %t 2>&1 | FileCheck %s --check-prefix=NOLEAK
#include <cstdio>

int main() {
  float *kept, *scratch;
  cudaMalloc(&scratch, 1024);
  cudaMalloc(&kept, 512); // BUG: never freed
  cudaFree(scratch);
  printf("done\n");
  return 0;
}

// CHECK:      ========= Leaked 512 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: =========     Allocated by cudaMalloc #2
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at allocation time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: ========= LEAK SUMMARY: 512 bytes leaked in 1 allocations
// CHECK-NEXT: ========= ERROR SUMMARY: 1 error
// NOLEAK-NOT: Leaked
// NOLEAK: ERROR SUMMARY: 0 errors
