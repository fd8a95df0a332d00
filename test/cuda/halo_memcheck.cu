// A stencil that reads one element before and after its buffer (a halo), as
// some well-known kernels do and hardware forgives. The default strict
// check faults and says that --memcheck=page exists; page mode (the flag or
// the run script's `set memcheck page`) runs it, the halo reading zero-filled
// memory; a read two pages away faults in both modes, without the hint.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/halo.py strict 1 > %t-strict.simt
// RUN: not simt-emu %t.o %t-strict.simt 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: simt-emu %t.o %t-strict.simt --memcheck=page
// RUN: %python %S/Inputs/halo.py page 1 > %t-page.simt
// RUN: simt-emu %t.o %t-page.simt
// RUN: %python %S/Inputs/halo.py page 2048 > %t-far.simt
// RUN: not simt-emu %t.o %t-far.simt 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: not simt-emu %t.o %t-far.simt --memcheck=strict 2>&1 | FileCheck %s --check-prefix=FAR
// The program itself: page mode through SIMT_EMU_FLAGS, and the strict
// default's fault as cudaDeviceSynchronize's error.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: env SIMT_EMU_FLAGS=--memcheck=page %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
// RUN: not %t.app 2>&1 | FileCheck %s --check-prefix=MAINSTRICT
// MAINSTRICT: halo: an illegal memory access was encountered
// STRICT: fault: global memory access out of range in kernel 'halo'
// STRICT: global load of 4 bytes at 0x{{[0-9a-f]+}}: 0x{{[0-9a-f]+}} is {{.*}} buffer 'in' [0x10000000, 0x10000100), outside every allocation (simt-emu --memcheck=page allows accesses within an allocation's pages, as hardware does)
// FAR: fault: global memory access out of range in kernel 'halo'
// FAR: global load of 4 bytes at 0xfffe000: 0xfffe000 is 8192 bytes before buffer 'in' [0x10000000, 0x10000100), outside every allocation{{$}}
#include <cuda_runtime.h>
#include <stdio.h>

extern "C" __global__ void halo(const float *in, float *out, int n, int reach) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i - reach] + in[i] + in[i + reach];
}

int main() {
  const int n = 64;
  float h_in[n], h_out[n];
  for (int i = 0; i < n; ++i)
    h_in[i] = (float)i;
  float *in, *out;
  cudaMalloc(&in, 64 * sizeof(float));
  cudaMalloc(&out, 64 * sizeof(float));
  cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  halo<<<1, 64>>>(in, out, 64, 1);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("halo: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
  // CPU reference: the halo outside the buffer reads 0 (the emulator's
  // guard pages are zero-filled, docs/limits.md); small integers: exact.
  for (int i = 0; i < n; ++i) {
    float left = i > 0 ? h_in[i - 1] : 0.0f, right = i < n - 1 ? h_in[i + 1] : 0.0f;
    if (h_out[i] != left + h_in[i] + right) {
      printf("mismatch at %d: %f != %f\n", i, h_out[i], left + h_in[i] + right);
      return 1;
    }
  }
  cudaFree(in);
  cudaFree(out);
  printf("PASSED\n");
  return 0;
}
