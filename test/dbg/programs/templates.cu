// Breakpoints at several places, host and device, as gdb lists and names
// them: a line of a host function template instantiated twice (LLDB's two
// locations: gdb's "(2 locations)", <MULTIPLE> with rows 1.1 and 1.2, a
// stop naming the location it hit, the frame without the instance's return
// type) and a line of a device function template instantiated twice (two
// places in the kernel's image). Expected values from the source:
// twice(3) = 6, twice(1.5) = 3; half of hi[5] = 10 is 5, of hf[5] = 5 is 2.5.
// REQUIRES: lldb
// RUN: simt-nvcc -G -O0 %s -o %t
// RUN: simt-dbg -batch -ex 'break templates.cu:24' -ex 'break templates.cu:15' -ex 'info breakpoints' -ex run -ex continue -ex continue -ex continue -ex 'info breakpoints 2' -ex delete -ex continue --args %t | FileCheck %s
#include <cstdio>
#include <cuda_runtime.h>

template <typename T> __device__ T half(T v) {
  return v / 2;
}

__global__ void halve(int *i, float *f) {
  i[threadIdx.x] = half(i[threadIdx.x]);
  f[threadIdx.x] = half(f[threadIdx.x]);
}

template <typename T> T twice(T v) {
  return v + v;
}

int main() {
  int a = twice(3);
  double b = twice(1.5);
  int hi[32], *di;
  float hf[32], *df;
  for (int k = 0; k < 32; ++k) {
    hi[k] = 2 * k;
    hf[k] = float(k);
  }
  cudaMalloc(&di, sizeof hi);
  cudaMalloc(&df, sizeof hf);
  cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
  halve<<<1, 32>>>(di, df);
  cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
  printf("%d %g %d %g\n", a, b, hi[5], hf[5]);
  return 0;
}

// CHECK: Breakpoint 1 at 0x{{[0-9a-f]+}}: {{.*}}templates.cu:24. (2 locations)
// CHECK-NEXT: Breakpoint 2 at 0x{{[0-9a-f]+}}: {{.*}}templates.cu:15. (2 locations)
// CHECK-NEXT: Num     Type           Disp Enb Address            What
// CHECK-NEXT: 1       breakpoint     keep y   <MULTIPLE>         {{$}}
// CHECK-NEXT: 1.1                         y   0x{{[0-9a-f]+}} in twice<int>(int) at {{.*}}templates.cu:24
// CHECK-NEXT: 1.2                         y   0x{{[0-9a-f]+}} in twice<double>(double) at {{.*}}templates.cu:24
// CHECK-NEXT: 2       breakpoint     keep y   <MULTIPLE>         {{$}}
// CHECK-NEXT: 2.1                         y   0x{{[0-9a-f]+}} in half<int>(int) at {{.*}}templates.cu:15
// CHECK-NEXT: 2.2                         y   0x{{[0-9a-f]+}} in half<float>(float) at {{.*}}templates.cu:15
// CHECK-EMPTY:
// CHECK-NEXT: Breakpoint 1.1, twice<int> (v=3) at {{.*}}templates.cu:24
// CHECK-NEXT: 24	  return v + v;
// CHECK-EMPTY:
// CHECK-NEXT: Breakpoint 1.2, twice<double> (v=1.5) at {{.*}}templates.cu:24
// CHECK-NEXT: 24	  return v + v;
// CHECK-NEXT: [Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]
// CHECK-EMPTY:
// CHECK-NEXT: CUDA thread hit Breakpoint 2.1, half<int> (v=0) at {{.*}}templates.cu:15
// CHECK-NEXT: 15	  return v / 2;
// CHECK-EMPTY:
// CHECK-NEXT: CUDA thread hit Breakpoint 2.2, half<float> (v=0) at {{.*}}templates.cu:15
// CHECK-NEXT: 15	  return v / 2;
// CHECK-NEXT: Num     Type           Disp Enb Address            What
// CHECK-NEXT: 2       breakpoint     keep y   <MULTIPLE>         {{$}}
// CHECK-NEXT: {{^	}}breakpoint already hit 2 times
// CHECK-NEXT: 2.1                         y   0x{{[0-9a-f]+}} in half<int>(int) at {{.*}}templates.cu:15
// CHECK-NEXT: 2.2                         y   0x{{[0-9a-f]+}} in half<float>(float) at {{.*}}templates.cu:15
// CHECK-NEXT: 6 3 5 2.5
// CHECK-NEXT: [Inferior 1 (process {{[0-9]+}}) exited normally]
