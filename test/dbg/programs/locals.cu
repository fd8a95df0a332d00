// C variables of a program's kernel under simt-dbg (-G: device -O0 with
// its DWARF): locals, parameters, an array element through a pointer, a
// struct passed by value, the CUDA built-ins, and one variable over all
// lanes. The expected values follow from main's data: in[i] = 3 * i,
// scale 0.5, offset 10.
// RUN: simt-nvcc -G %s -o %t
// RUN: simt-dbg --batch -x %S/Inputs/locals.cmds --args %t 2>&1 | FileCheck %s
#include <cstdio>
#include <cuda_runtime.h>

struct Affine {
  float scale;
  int offset;
};

__global__ void transform(const int *in, float *out, Affine f, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  int v = in[tid] + f.offset;
  float r = v * f.scale;
  out[tid] = r;
}

int main() {
  const int n = 48;
  int host[n];
  for (int i = 0; i < n; ++i)
    host[i] = 3 * i;
  int *in;
  float *out;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  transform<<<2, 32>>>(in, out, Affine{0.5f, 10}, n);
  float result[n];
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  printf("out[47] = %g\n", result[47]);
  return 0;
}

// CHECK: Breakpoint 1 at 0x{{[0-9a-f]+}}: file {{.*}}locals.cu, line 22.
// The second CTA: threads 32..47 of it run (n = 48); lane 5 is tid 37.
// The stop as cuda-gdb reports it (dbg_locals.generic.txt): the focus, the
// kernel's frame with the arguments (a struct as `...`), the line. The
// emulated device runs block 1 on SM 1.
// CHECK: [Switching focus to CUDA kernel 0, grid 1, block (1,0,0), thread (0,0,0), device 0, sm 1, warp 0, lane 0]
// CHECK-EMPTY:
// CHECK-NEXT: CUDA thread hit Breakpoint 1, transform<<<(2,1,1),(32,1,1)>>> (in=0x{{[0-9a-f]+}}, out=0x{{[0-9a-f]+}}, f=..., n=48) at {{.*}}locals.cu:22
// CHECK-NEXT: 22	  out[tid] = r;
// CHECK: [Switching focus to CUDA kernel 0, grid 1, block (1,0,0), thread (5,0,0)
// CHECK: tid = 37
// tid 37: v = 3 * 37 + 10 = 121, r = 60.5
// CHECK-NEXT: v = 121
// CHECK-NEXT: r = 60.5
// CHECK: f = {scale = 0.5, offset = 10}
// CHECK-NEXT: n = 48
// CHECK: $1 = 111
// CHECK-NEXT: $2 = 10
// CHECK-NEXT: $3 = {x = 5, y = 0, z = 0}
// CHECK-NEXT: $4 = {x = 1, y = 0, z = 0}
// CHECK-NEXT: $5 = {x = 32, y = 1, z = 1}
// CHECK: $6 = 122
// Lane L is tid 32 + L: v = 3 * (32 + L) + 10; lanes 16..31 have no thread.
// CHECK-NEXT: v in grid 1 cta (1,0,0) warp 0; ( ) inactive, x exited:
// CHECK-NEXT:  [ 0] 106 109 112 115 118 121 124 127
// CHECK-NEXT:  [ 8] 130 133 136 139 142 145 148 151
// CHECK-NEXT:  [16] ( 0) ( 0) ( 0) ( 0) ( 0) ( 0) ( 0) ( 0)
// (3 * 47 + 10) * 0.5
// CHECK: out[47] = 75.5
// CHECK-NEXT: [Inferior 1 (process {{[0-9]+}}) exited normally]

// C's sizeof, of types and of values (C's sizes on this 64-bit ABI: a
// struct of a float and an int is 8, a pointer 8, a register 4):
// RUN: not simt-dbg -batch -ex 'break locals.cu:22' -ex run -ex 'print sizeof(int)' -ex 'print sizeof(struct Affine)' -ex 'print sizeof f' -ex 'print sizeof(in)' -ex 'print sizeof(in[0]) * n' -ex 'print sizeof(double *)' -ex 'print sizeof(R0)' -ex 'whatis sizeof(r)' -ex 'print sizeof(nosuch)' --args %t 2>&1 | FileCheck %s --check-prefix=SIZEOF
// SIZEOF: $1 = 4
// SIZEOF-NEXT: $2 = 8
// SIZEOF-NEXT: $3 = 8
// SIZEOF-NEXT: $4 = 8
// SIZEOF-NEXT: $5 = 192
// SIZEOF-NEXT: $6 = 8
// SIZEOF-NEXT: $7 = 4
// SIZEOF-NEXT: type = unsigned long
// SIZEOF-NEXT: No symbol "nosuch" in current context.
