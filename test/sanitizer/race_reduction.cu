// racecheck: a block reduction that drops the __syncthreads() between the
// loads into shared memory and the first step of the tree. The sums come
// out right here (the emulator's schedule happens to order the accesses);
// racecheck reports the hazard all the same, once per pair of
// instructions (analysis) or per thread pair and byte (hazard).
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool racecheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: simt-sanitizer --tool racecheck --racecheck-report hazard --print-limit 2 %t 2>&1 | FileCheck %s --check-prefix=HAZARD
// RUN: simt-sanitizer --tool memcheck %t 2>&1 | FileCheck %s --check-prefix=MEMCHECK
#include <cstdio>

__global__ void blockSum(const float *in, float *out, int n) {
  __shared__ float part[128];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  part[t] = i < n ? in[i] : 0.0f;
  // BUG: no __syncthreads() here: thread t reads part[t + s], another
  // warp's element, before that warp may have written it.
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = part[0];
}

int main() {
  const int n = 256;
  float h[n], sums[2];
  for (int i = 0; i < n; ++i)
    h[i] = 1.0f;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, 2 * sizeof(float));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  blockSum<<<2, 128>>>(in, out, n);
  cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
  printf("%g %g\n", sums[0], sums[1]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}

// Thread t < 64 reads part[t + 64] (line 23), which thread t + 64 of
// another warp wrote (line 18) with no barrier between: 64 floats in each
// of the two blocks, 512 bytes, and compute-sanitizer counts a hazard a
// byte (its report for this program: "[512 hazards]", "512 errors").
// CHECK:      ========= SIMT-SANITIZER
// CHECK-NEXT: ========= Error: Race reported between Write access at blockSum(const float *, float *, int)+0x{{[0-9a-f]+}} in {{.*}}race_reduction.cu:18
// CHECK-NEXT: =========     and Read access at blockSum(const float *, float *, int)+0x{{[0-9a-f]+}} in {{.*}}race_reduction.cu:23 [512 hazards]
// CHECK-NEXT: =========
// CHECK-NEXT: 128 128
// CHECK-NEXT: ========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)
// CHECK-NOT:  SUMMARY
// OUT: 128 128

// Hazard mode: a record a byte, as compute-sanitizer's, each with the
// byte's value (1.0f is 0x3f800000: its low bytes are 0).
// HAZARD:      ========= Error: Potential RAW hazard detected at __shared__ 0x100 in block (0,0,0) :
// HAZARD-NEXT: =========     Write Thread (64,0,0) at blockSum{{.*}}+0x{{[0-9a-f]+}} in {{.*}}race_reduction.cu:18
// HAZARD-NEXT: =========     Read Thread (0,0,0) at blockSum{{.*}}+0x{{[0-9a-f]+}} in {{.*}}race_reduction.cu:23
// HAZARD-NEXT: =========     Current Value : 0
// HAZARD-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// HAZARD-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// HAZARD:      ========= Error: Potential RAW hazard detected at __shared__ 0x101 in block (0,0,0) :
// HAZARD-NEXT: =========     Write Thread (64,0,0)
// HAZARD-NEXT: =========     Read Thread (0,0,0)
// HAZARD-NEXT: =========     Current Value : 0
// HAZARD-NOT:  Potential RAW hazard
// HAZARD:      RACECHECK SUMMARY: 2 hazards displayed (512 errors, 0 warnings)
// MEMCHECK: ERROR SUMMARY: 0 errors
