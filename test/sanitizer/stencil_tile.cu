// memcheck: a 1-D stencil whose tile loads its right halo from in[i + 1]
// with no bounds check, so the last thread of the last block reads one
// element past the input. The report names the kernel, the source line, the
// thread and block, and the allocation the address is next to.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: not simt-sanitizer --tool memcheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// The same through the runtime alone: the reports and the summary.
// RUN: env SIMT_EMU_FLAGS=--sanitize=memcheck not %t 2>&1 | FileCheck %s --check-prefix=ENV
#include <cstdio>

constexpr int kBlock = 64;

__global__ void stencil(const float *in, float *out, int n) {
  __shared__ float tile[kBlock + 2];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x + 1] = in[i];
  if (threadIdx.x == 0)
    tile[0] = i > 0 ? in[i - 1] : 0.0f;
  if (threadIdx.x == blockDim.x - 1)
    tile[threadIdx.x + 2] = in[i + 1]; // BUG: no check of i + 1 < n
  __syncthreads();
  out[i] = (tile[threadIdx.x] + tile[threadIdx.x + 1] + tile[threadIdx.x + 2]) / 3;
}

int main() {
  const int n = 4 * kBlock;
  float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  stencil<<<n / kBlock, kBlock>>>(in, out, n);
  cudaError_t e = cudaDeviceSynchronize();
  printf("stencil: %s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}

// CHECK:      ========= SIMT-SANITIZER
// CHECK-NEXT: ========= Invalid __global__ read of size 4 bytes
// CHECK-NEXT: =========     at stencil(const float *, float *, int)+0x{{[0-9a-f]+}} in {{.*}}stencil_tile.cu:22
// CHECK-NEXT: =========     by thread (63,0,0) in block (3,0,0)
// CHECK-NEXT: =========     Access to 0x[[END:[0-9a-f]+]] is out of bounds
// CHECK-NEXT: =========     and is 1 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 1,024 bytes
// CHECK-NEXT: =========     Allocated by cudaMalloc #1
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// The sticky error the next call returns is reported too, as compute-sanitizer reports failed calls.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK:      ========= ERROR SUMMARY: 2 errors
// The program sees the error compute-sanitizer's memcheck gives it.
// OUT: stencil: cudaErrorLaunchFailure
// ENV:      ========= Invalid __global__ read of size 4 bytes
// ENV:      ========= ERROR SUMMARY: 2 errors
// Without the failed calls' reports (report-api-errors=no): the fault alone.
// RUN: env SIMT_EMU_FLAGS=--sanitize=memcheck,report-api-errors=no not %t 2>&1 | FileCheck %s --check-prefix=NO-API
// NO-API:     ========= Invalid __global__ read of size 4 bytes
// NO-API-NOT: Program hit
// NO-API:     ========= ERROR SUMMARY: 1 error
