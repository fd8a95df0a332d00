// A call whose arguments go partly on the stack (a 14-word struct and two
// ints: more than the 12 argument registers) where register pressure makes
// the caller spill. The call moves R1 down by the stack-argument area;
// reloads of spilled values between that move and the call, and the save
// of the result before R1 comes back, address their slots from the moved
// R1 plus the move (cc/mir/LowerFrame.cpp). Before, they read and wrote
// 16 bytes off: at -O2 every thread's result was wrong (HeCBench's bonds
// printed all-zero prices). Expected values: the same arithmetic on the host.
// RUN: simt-nvcc -O2 %s -o %t2 && %t2 | FileCheck %s
// RUN: simt-nvcc -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: 64 threads: PASS
#include <stdio.h>
struct Big { int w[14]; };

__device__ __noinline__ int callee(Big b, int x, int n) {
  int s = 0;
  for (int i = 0; i < 14; i++) s += b.w[i];
  return s * 1000 + x * 10 + n;
}

__global__ void k(const int *in, int *out, int n) {
  int t = threadIdx.x;
  // many values live across the calls, to force spills
  int v[40];
#pragma unroll
  for (int i = 0; i < 40; i++) v[i] = in[(t + i) % 64] * (i + 1);
  Big b;
#pragma unroll
  for (int i = 0; i < 14; i++) b.w[i] = in[i];
  int r = 0;
#pragma unroll
  for (int j = 0; j < 4; j++) {
    r += callee(b, v[j], n + j);
#pragma unroll
    for (int i = 0; i < 40; i++) v[i] = v[i] * 3 + r;
  }
  int acc = r;
#pragma unroll
  for (int i = 0; i < 40; i++) acc ^= v[i];
  out[t] = acc;
}

int main() {
  int hin[64], hout[64], *din, *dout;
  for (int i = 0; i < 64; i++) hin[i] = i * 7 % 13;
  cudaMalloc(&din, sizeof hin); cudaMalloc(&dout, sizeof hout);
  cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
  k<<<1, 64>>>(din, dout, 5);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 64; t++) {
    int v[40]; for (int i = 0; i < 40; i++) v[i] = hin[(t + i) % 64] * (i + 1);
    int s = 0; for (int i = 0; i < 14; i++) s += hin[i];
    int r = 0;
    for (int j = 0; j < 4; j++) { r += s * 1000 + v[j] * 10 + 5 + j; for (int i = 0; i < 40; i++) v[i] = v[i] * 3 + r; }
    int acc = r; for (int i = 0; i < 40; i++) acc ^= v[i];
    if (hout[t] != acc) { if (bad++ < 3) printf("t=%d got %d want %d\n", t, hout[t], acc); }
  }
  printf("64 threads: %s (%s)\n", bad ? "FAIL" : "PASS", cudaGetErrorString(e));
}
