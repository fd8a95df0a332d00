// `break main` in a program built with -O2 -g: the line table marks the
// end of main's prologue inside cudaMalloc<float>, inlined into main from
// cuda_runtime_api.h. gdb 13 then places the breakpoint at main's first
// address and line (checked with gdb on this program: "Breakpoint 1 at
// ...: file optimised_main.cu, line 20.", the stop in `main ()`, and
// `next` to the cudaMalloc line), never in the inlined header function.
// REQUIRES: lldb
// UNSUPPORTED: asan
// RUN: simt-nvcc -O2 -g %s -o %t
// RUN: simt-dbg -batch -ex 'break main' -ex run -ex bt -ex next -ex next -ex continue --args %t 2>&1 | FileCheck %s
#include <cstdio>

__global__ void twice(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = 2.0f * i;
}

// Line 20 is main's first line.
int main() {
  const int n = 1000;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  twice<<<(n + 255) / 256, 256>>>(d, n);
  float h[n];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("h[999] = %g\n", h[999]);
  cudaFree(d);
  return 0;
}

// CHECK:      Breakpoint 1 at 0x{{[0-9a-f]+}}: file {{.*}}optimised_main.cu, line 20.
// CHECK:      Breakpoint 1, main () at {{.*}}optimised_main.cu:20
// CHECK-NEXT: 20	int main() {
// CHECK-NEXT: #0  main () at {{.*}}optimised_main.cu:20
// CHECK-NEXT: 23	  cudaMalloc(&d, n * sizeof(float));
// CHECK-NEXT: 24	  twice<<<(n + 255) / 256, 256>>>(d, n);
// CHECK:      h[999] = 1998
// CHECK:      [Inferior 1 (process {{[0-9]+}}) exited normally]
