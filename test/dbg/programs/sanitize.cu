// The sanitizer's tools as debugger stops (set sanitize): a racecheck
// hazard stops the run after the racing instruction with the two accesses
// shown and the warp that made it focused; a synccheck report stops at a
// barrier only part of a warp reached; `set sanitize off` runs on.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// (-ex each: an error in a -x file would end it, as in gdb; the last fails.)
// RUN: not simt-dbg --batch -ex 'show sanitize' -ex 'set sanitize racecheck' -ex run -ex 'set sanitize synccheck' -ex continue -ex 'set sanitize off' -ex continue -ex 'set sanitize memcheck' -ex 'set sanitize bogus' --args %t 2>&1 | FileCheck %s
#include <cstdio>

__global__ void blockSum(const float *in, float *out) {
  __shared__ float part[64];
  unsigned t = threadIdx.x;
  part[t] = in[blockIdx.x * blockDim.x + t];
  // BUG: no __syncthreads() before the tree reads other warps' elements.
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) {
      part[t] += part[t + s];
      __syncthreads(); // BUG: inside the branch, which splits warps from s = 16 on
    }
  }
  if (t == 0)
    out[blockIdx.x] = part[0];
}

int main() {
  float h[64], sum = 0, *in, *out;
  for (int i = 0; i < 64; ++i)
    h[i] = i;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof(float));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  blockSum<<<1, 64>>>(in, out);
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  printf("sum %g\n", sum);
  return 0;
}

// CHECK:      sanitize is off
// CHECK-NEXT: ========= Error: Potential RAW hazard detected at __shared__ 0x80 in block (0,0,0) :
// CHECK-NEXT: =========     Write Thread (32,0,0) at blockSum(const float *, float *)+0x{{[0-9a-f]+}} in {{.*}}sanitize.cu:13
// CHECK-NEXT: =========     Read Thread (0,0,0) at blockSum(const float *, float *)+0x[[READ:[0-9a-f]+]] in {{.*}}sanitize.cu:17
// CHECK-NEXT: =========     Current Value : 0
// CHECK-NEXT: =========
// CHECK-NEXT: ========= and 127 more reports from this instruction
// CHECK-NEXT: stopped: sanitizer grid 1 cta (0,0,0) warp 0 lane 0 pc {{.*}} mask 0xffffffff at {{.*}}sanitize.cu:17
// CHECK:      ========= Barrier error detected. Divergent thread(s) in warp.
// CHECK-NEXT: =========     at blockSum(const float *, float *)+0x{{[0-9a-f]+}} in {{.*}}sanitize.cu:18
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========
// CHECK-NEXT: ========= and 15 more reports from this instruction
// CHECK-NEXT: stopped: sanitizer grid 1 cta (0,0,0) warp 0 lane 0 pc {{.*}} mask 0x0000ffff
// CHECK-NOT:  =========
// CHECK:      sum 2016
// CHECK-NEXT: [Inferior 1 (process {{[0-9]+}}) exited normally]
// CHECK-NEXT: memcheck's errors are the emulator's faults, which stop the debugger already
// CHECK-NEXT: 'bogus' is not a tool
