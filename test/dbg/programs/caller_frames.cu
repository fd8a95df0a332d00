// Variables of outer frames (gdb's `up`) in -G code, where each function
// keeps its locals in its frame at R1-relative addresses: the callees'
// prologues have moved R1 (and their epilogues will restore it), so an
// outer frame's R1 is the warp's plus what each callee has taken off it.
// Expected values follow from main's data (in[i] = i + 7) for thread 5:
// scaled = 36, base = 37, x = 74 (digit sum 11), out[5] = 36 + 11 + 37.
// RUN: simt-nvcc -G %s -o %t
// RUN: simt-dbg -batch -ex 'break digitSum' -ex run -ex 'cuda thread (5,0,0)' -ex bt -ex up -ex 'print base' -ex 'print y' -ex up -ex 'info locals' -ex 'print &scaled' -ex 'down 2' -ex 'print x' -ex continue --args %t | FileCheck %s
// CHECK: CUDA thread hit Breakpoint 1, digitSum (x=44) at {{.*}}caller_frames.cu:[[#SUM:]]
// CHECK: #0  digitSum (x=74) at {{.*}}caller_frames.cu:[[#SUM]]
// CHECK-NEXT: #1  0x{{[0-9a-f]+}} in twice (y=36) at {{.*}}caller_frames.cu:[[#TWICE:]]
// CHECK-NEXT: #2  0x{{[0-9a-f]+}} in walk<<<(1,1,1),(32,1,1)>>> (in=0x{{[0-9a-f]+}}, out=0x{{[0-9a-f]+}}) at {{.*}}caller_frames.cu:[[#WALK:]]
// CHECK: #1  0x{{[0-9a-f]+}} in twice (y=36) at {{.*}}caller_frames.cu:[[#TWICE]]
// CHECK: $1 = 37
// CHECK-NEXT: $2 = 36
// CHECK: #2  0x{{[0-9a-f]+}} in walk<<<(1,1,1),(32,1,1)>>> (in=0x{{[0-9a-f]+}}, out=0x{{[0-9a-f]+}}) at {{.*}}caller_frames.cu:[[#WALK]]
// CHECK: tid = 5
// CHECK-NEXT: scaled = 36
// CHECK-NEXT: d = {{-?[0-9]+}}
// CHECK-NEXT: $3 = (@local int *) 0x{{[0-9a-f]+}}
// CHECK: #0  digitSum (x=74) at {{.*}}caller_frames.cu:[[#SUM]]
// CHECK: $4 = 74
// CHECK: out[5] = 84
// CHECK-NOT: optimized out
#include <cstdio>

__device__ __noinline__ int digitSum(int x) {
  int s = 0;
  while (x) {
    s += x % 10;
    x /= 10;
  }
  return s;
}

__device__ __noinline__ int twice(int y) {
  int base = y + 1;
  int r = digitSum(base * 2);
  return r + base;
}

__global__ void walk(const int *in, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int scaled = in[tid] * 3;
  int d = twice(scaled);
  out[tid] = d + scaled;
}

int main() {
  int h[32], *in, *out;
  for (int i = 0; i < 32; ++i)
    h[i] = i + 7;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  walk<<<1, 32>>>(in, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("out[5] = %d\n", h[5]);
  return 0;
}
