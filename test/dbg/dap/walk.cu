// An IDE's session over DAP (simt-dbg --dap, docs/debugger.md): a host
// breakpoint with a hit count, a device breakpoint with a condition, the
// threads (host threads and one per warp), frames, scopes and variables
// of both sides, a value's 32 lanes, a step into a device function and out,
// a step back, the disassembly view, the debug console, and the program's
// output and exit. Expected values are the host's arithmetic:
// h[i] = 3 * (i + 10), so h[2] = 36 and in[33] = 129, whose digit sum is 12;
// a warp of block 1 holds i = 32 + lane.
// REQUIRES: lldb
// RUN: simt-nvcc -G -O0 %s -o %t
// RUN: %python %S/Inputs/walk_session.py %simt_bin/simt-dbg %t %s | FileCheck %s
// The program's copies after reverse execution read the device as it is
// then (a checkpoint's copy of the session), so its own check passes:
// RUN: simt-dbg -batch -ex 'break digitSum if x == 129' -ex run -ex finish -ex reverse-next -ex reverse-stepi -ex delete -ex continue --args %t 64 | FileCheck %s --check-prefix=REVERSE
// REVERSE: walk: 0 wrong
// REVERSE-NEXT: [Inferior 1 (process {{[0-9]+}}) exited normally]
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ int digitSum(int x) {
  int s = 0;
  while (x > 0) {
    s += x % 10;
    x /= 10;
  }
  return s;
}

__global__ void walk(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int d = digitSum(in[i]); // DEVICE-LINE
    out[i] = d * 2;
  }
}

int scale(int v) { return v * 3; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
  int h[128], r[128];
  for (int i = 0; i < n; ++i)
    h[i] = scale(i + 10); // HOST-LINE
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, n * sizeof(int));
  cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
  walk<<<2, 32>>>(din, dout, n);
  cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += r[i] != 2 * (h[i] / 100 + h[i] / 10 % 10 + h[i] % 10);
  printf("walk: %d wrong\n", bad);
  return bad != 0;
}

// CHECK: capabilities: stepBack=True disassemble=True hitConditions=True
// CHECK-NEXT: breakpoints verified: [True, True]
// CHECK-NEXT: stopped: breakpoint host=True
// CHECK-NEXT: frame: main at walk.cu:HOST
// CHECK-NEXT: locals: i = 2
// CHECK-NEXT: hover i * 7: 14
// CHECK-NEXT: stopped: breakpoint host=False
// CHECK-NEXT: warp thread: CUDA walk block (1,0,0) warp 0 threads (0,0,0)-(31,0,0)
// CHECK-NEXT: frame: walk<<<(2,1,1),(32,1,1)>>> (in=0x{{[0-9a-f]+}}, out=0x{{[0-9a-f]+}}, n=64) at walk.cu:DEVICE
// CHECK-NEXT: locals: i = 33
// CHECK-NEXT: lanes of i: lane 0 (0,0,0) = 32, lane 1 (1,0,0) = 33, lane 31 (31,0,0) = 63
// CHECK-NEXT: registers: R0 .. P0 .. $pc
// CHECK-NEXT: watch in[i]: 129
// CHECK-NEXT: disassemble: 3 instructions, the middle at the pc: True
// CHECK-NEXT: stepIn: digitSum (x=129)
// CHECK-NEXT: stepOut: walk
// CHECK-NEXT: stepBack: step at walk.cu:DEVICE
// CHECK-NEXT: console: info cuda kernels lists walk: True
// CHECK-NEXT: stdout: walk: 0 wrong
// CHECK-NEXT: exited: 0
// CHECK-NEXT: terminated
