// Divergent branches whose other ways end the thread (a dead end: `exit`
// or `trap`, never a return) reconverge where the threads that go on meet,
// not at the kernel's end: a switch clang proves total (its default is
// `unreachable`, an `exit` in the PTX) before a shuffle, an if/else with
// an assert on one side before a vote, and lanes that really end
// (`exit`) inside an if before a shuffle among the lanes left. Without
// that, the warp ran on split and each lane's shuffle read its own value.
// Expected values: the host's model of the same lanes below (lane 1:
// component 1 of lane 1 plus component 0 of lane 0, 5 + 0).
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O2 -ptx %s -o %t.ptx
// RUN: simt-ptxas -print-after=reconvergence %t.ptx | FileCheck %s --check-prefix=RC
// CHECK: mismatches 0 ballot ffffffe8 out[1] 5
// No divergent branch of the kernel or of component() waits for the end.
// RC-NOT: reconverges at exit
// RC: reconvergence of _Z6gatherPK4int4PiS2_S2_:
// RC-NOT: reconverges at exit
#include <cassert>
#include <cstdio>

__device__ int component(int4 v, unsigned k) {
  switch (k) {
  case 0: return v.x;
  case 1: return v.y;
  case 2: return v.z;
  case 3: return v.w;
  }
  __builtin_unreachable();
}

__global__ void gather(const int4 *in, int *out, int *votes, int *ended) {
  unsigned lane = threadIdx.x;
  int x = component(in[lane], lane & 3);
  x += __shfl_xor_sync(0xffffffffu, x, 1);
  out[lane] = x;
  if (lane & 1) {
    assert(x >= 0);
    x *= 2;
  } else {
    x += 1;
  }
  votes[lane] = __ballot_sync(0xffffffffu, x > 40);
  if (lane < 8) {
    if (lane >= 6) {
      ended[lane] = 1;
      asm volatile("exit;");
      __builtin_unreachable();
    }
    x += lane;
  }
  // Lanes 6 and 7 have ended; 14 and 15, their partners, stay out.
  out[32 + lane] = __shfl_xor_sync(0xffff3f3fu, x, 8);
}

int main() {
  int4 h[32];
  for (int i = 0; i < 32; ++i)
    h[i] = make_int4(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);
  int4 *din;
  int *dout, *dvotes, *dended;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&dout, 64 * sizeof(int));
  cudaMalloc(&dvotes, 32 * sizeof(int));
  cudaMalloc(&dended, 32 * sizeof(int));
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, 64 * sizeof(int));
  cudaMemset(dended, 0, 32 * sizeof(int));
  gather<<<1, 32>>>(din, dout, dvotes, dended);
  int out[64], votes[32], ended[32];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(votes, dvotes, sizeof votes, cudaMemcpyDeviceToHost);
  cudaMemcpy(ended, dended, sizeof ended, cudaMemcpyDeviceToHost);

  int x[32], y[32], bad = 0;
  for (int l = 0; l < 32; ++l) {
    int c[4] = {h[l].x, h[l].y, h[l].z, h[l].w};
    x[l] = c[l & 3];
  }
  for (int l = 0; l < 32; ++l)
    y[l] = x[l] + x[l ^ 1];
  unsigned ballot = 0;
  for (int l = 0; l < 32; ++l) {
    bad += out[l] != y[l];
    x[l] = (l & 1) ? y[l] * 2 : y[l] + 1;
    if (x[l] > 40)
      ballot |= 1u << l;
  }
  for (int l = 0; l < 32; ++l)
    bad += votes[l] != (int)ballot;
  for (int l = 0; l < 6; ++l)
    x[l] += l;
  for (int l = 0; l < 32; ++l) {
    if (l == 6 || l == 7)
      bad += ended[l] != 1 || out[32 + l] != 0;
    else if (l != 14 && l != 15)
      bad += out[32 + l] != x[l ^ 8];
  }
  printf("mismatches %d ballot %08x out[1] %d\n", bad, ballot, out[1]);
  return bad != 0;
}
