// synccheck: warp-level syncs (the *_sync functions' member masks,
// __syncwarp) on a warp that runs in lockstep. PTX's rule for such a warp
// (sm_6x and earlier): every non-exited lane a mask names executes the same
// *_sync with the lanes that name it, and each of those lanes is in its own
// mask. Lanes that have exited are not missing (the tail warp's full mask is
// correct code), and two branches each with the mask of its own lanes are
// correct too. Block of 64, n = 40: warp 1 has 8 live lanes.
// RUN: simt-nvcc -arch=sm_35 -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool synccheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: simt-sanitizer --tool memcheck %t 2>&1 | FileCheck %s --check-prefix=MEMCHECK
#include <cstdio>

__global__ void lanes(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i];
  v += __shfl_down_sync(0xffffffffu, v, 1);
  const unsigned lane = threadIdx.x % 32;
  if (lane < 16)
    v += __shfl_xor_sync(0xffffffffu, v, 1); // BUG: names lanes 16..31, which are elsewhere
  const unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  if (lane < 16)
    v += __shfl_xor_sync(half, v, 2);
  else
    v -= __shfl_xor_sync(half, v, 2);
  __syncwarp(0xfffffffeu); // BUG: lane 0 executes it and is not in the mask
  out[i] = v;
}

int main() {
  const int n = 40;
  int host[n], *in, *out;
  for (int i = 0; i < n; ++i)
    host[i] = i;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, sizeof host);
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  lanes<<<1, 64>>>(in, out, n);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaFree(in);
  cudaFree(out);
  return 0;
}

// The results are not checked here: the point is what synccheck says. The
// errors end the kernel, as compute-sanitizer's synccheck does.
// OUT: cudaErrorLaunchFailure
// CHECK:      ========= Barrier error detected. Divergent thread(s) in warp.
// CHECK-NEXT: =========     at lanes(const int *, int *, int)+0x{{[0-9a-f]+}} in {{.*}}warp_sync_mask.cu:23
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     the mask names lanes 16-31, which do not execute it with lanes 0-15
// CHECK-NEXT: =========
// CHECK-NOT:  Divergent
// CHECK:      ========= Barrier error detected. Invalid arguments.
// CHECK-NEXT: =========     at lanes(const int *, int *, int)+0x{{[0-9a-f]+}} in {{.*}}warp_sync_mask.cu:29
// CHECK-NEXT: =========     by thread ([[T:0|32]],0,0) in block (0,0,0)
// CHECK-NEXT: =========     executed by lane 0, which the mask leaves out
// CHECK-NOT:  Divergent
// CHECK:      =========     executed by lane 0, which the mask leaves out
// CHECK:      ========= ERROR SUMMARY: 3 errors
// MEMCHECK: ERROR SUMMARY: 0 errors
