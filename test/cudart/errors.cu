// CUDA's error semantics through libcudart: launch-configuration errors are
// returned and not sticky; cudaGetLastError resets the last error and
// cudaPeekAtLastError does not; bad pointers and copy kinds are errors, not
// crashes; unsupported calls warn once; a device fault is reported once
// (kernel, CTA, warp, lanes, PC, instruction) and then every call returns
// the sticky error.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
#include <cstdio>

__global__ void write_index(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i;
}

// Writes one element past the end from thread 0 of CTA 1.
__global__ void overrun(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i == blockDim.x ? n : i % n] = i;
}

#define SHOW(call) printf("%s -> %s\n", #call, cudaGetErrorName(call))

int main() {
  int *d = nullptr;
  SHOW(cudaMalloc(&d, 64 * sizeof(int)));
  // CHECK: cudaMalloc(&d, 64 * sizeof(int)) -> cudaSuccess

  write_index<<<1, 2048>>>(d, 64);
  SHOW(cudaPeekAtLastError());
  SHOW(cudaGetLastError());
  SHOW(cudaGetLastError());
  // CHECK-NEXT: cudaPeekAtLastError() -> cudaErrorInvalidConfiguration
  // CHECK-NEXT: cudaGetLastError() -> cudaErrorInvalidConfiguration
  // CHECK-NEXT: cudaGetLastError() -> cudaSuccess

  // More shared memory than a block may have: cudaErrorInvalidValue, as
  // NVIDIA's runtime answers (not sticky either).
  write_index<<<1, 64, 64 * 1024>>>(d, 64);
  SHOW(cudaGetLastError());
  // CHECK-NEXT: cudaGetLastError() -> cudaErrorInvalidValue

  // Not sticky: the next launch runs.
  write_index<<<2, 32>>>(d, 64);
  SHOW(cudaDeviceSynchronize());
  int h[64];
  SHOW(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  printf("h[63] = %d\n", h[63]);
  // CHECK-NEXT: cudaDeviceSynchronize() -> cudaSuccess
  // CHECK-NEXT: cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) -> cudaSuccess
  // CHECK-NEXT: h[63] = 63

  SHOW(cudaMemcpy(h, d, 65 * sizeof(int), cudaMemcpyDeviceToHost));
  SHOW(cudaMemcpy(d, h, sizeof h, cudaMemcpyDeviceToHost));
  SHOW(cudaMemcpy(h, d, sizeof h, (cudaMemcpyKind)9));
  SHOW(cudaFree(d + 1));
  SHOW(cudaMemset(h, 0, sizeof h));
  // Nothing to copy at the end of an allocation is fine (mergeSort does it).
  SHOW(cudaMemcpy(h, d + 64, 0, cudaMemcpyDeviceToHost));
  SHOW(cudaMemset(d + 64, 0, 0));
  // CHECK-NEXT: cudaMemcpy(h, d, 65 * sizeof(int), cudaMemcpyDeviceToHost) -> cudaErrorInvalidValue
  // CHECK-NEXT: cudaMemcpy(d, h, sizeof h, cudaMemcpyDeviceToHost) -> cudaErrorInvalidValue
  // CHECK-NEXT: cudaMemcpy(h, d, sizeof h, (cudaMemcpyKind)9) -> cudaErrorInvalidMemcpyDirection
  // CHECK-NEXT: cudaFree(d + 1) -> cudaErrorInvalidValue
  // CHECK-NEXT: cudaMemset(h, 0, sizeof h) -> cudaErrorInvalidValue
  // CHECK-NEXT: cudaMemcpy(h, d + 64, 0, cudaMemcpyDeviceToHost) -> cudaSuccess
  // CHECK-NEXT: cudaMemset(d + 64, 0, 0) -> cudaSuccess

  cudaIpcMemHandle_t handle;
  SHOW(cudaIpcGetMemHandle(&handle, d));
  SHOW(cudaIpcGetMemHandle(&handle, d));
  // CHECK-NEXT: cudaIpcGetMemHandle(&handle, d) -> cudaErrorNotSupported
  // CHECK-NEXT: cudaIpcGetMemHandle(&handle, d) -> cudaErrorNotSupported
  // ERR: simt-cudart: cudaIpcGetMemHandle is not supported: the emulated device lives in one process
  // ERR-NOT: cudaIpcGetMemHandle is not supported

  // The fault: reported once, then sticky.
  SHOW(cudaGetLastError());
  overrun<<<2, 32>>>(d, 64);
  SHOW(cudaGetLastError());
  SHOW(cudaDeviceSynchronize());
  SHOW(cudaGetLastError());
  SHOW(cudaMalloc(&d, 16));
  SHOW(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  // CHECK-NEXT: cudaGetLastError() -> cudaErrorNotSupported
  // CHECK-NEXT: cudaGetLastError() -> cudaSuccess
  // CHECK-NEXT: cudaDeviceSynchronize() -> cudaErrorIllegalAddress
  // CHECK-NEXT: cudaGetLastError() -> cudaErrorIllegalAddress
  // CHECK-NEXT: cudaMalloc(&d, 16) -> cudaErrorIllegalAddress
  // CHECK-NEXT: cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) -> cudaErrorIllegalAddress
  // ERR: fault: global memory access out of range in kernel 'overrun(int*, int) (_Z7overrunPii)'
  // ERR-NEXT: cta (1,0,0) warp 0 lane 0 (0x00000001) pc 0x{{[0-9a-f]+}}
  // ERR-NEXT: 0x{{[0-9a-f]+}}: ST.E [R{{[0-9]+}}], R{{[0-9]+}}
  // ERR-NEXT: global store of 4 bytes at 0x10000100: 0x10000100 is 0 bytes after allocation
  // ERR-NOT: fault:

  // cudaDeviceReset clears it: the program can start again.
  SHOW(cudaDeviceReset());
  SHOW(cudaMalloc(&d, 64 * sizeof(int)));
  write_index<<<1, 64>>>(d, 64);
  SHOW(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  printf("h[5] = %d\n", h[5]);
  // CHECK-NEXT: cudaDeviceReset() -> cudaSuccess
  // CHECK-NEXT: cudaMalloc(&d, 64 * sizeof(int)) -> cudaSuccess
  // CHECK-NEXT: cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) -> cudaSuccess
  // CHECK-NEXT: h[5] = 5
  return 1;
}
