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
// STRICT: fault: global memory access out of range in kernel 'halo'
// STRICT: global load of 4 bytes at 0x{{[0-9a-f]+}}: 0x{{[0-9a-f]+}} is {{.*}} buffer 'in' [0x10000000, 0x10000100), outside every allocation (simt-emu --memcheck=page allows accesses within an allocation's pages, as hardware does)
// FAR: fault: global memory access out of range in kernel 'halo'
// FAR: global load of 4 bytes at 0xfffe000: 0xfffe000 is 8192 bytes before buffer 'in' [0x10000000, 0x10000100), outside every allocation{{$}}
#include <cuda_runtime.h>

extern "C" __global__ void halo(const float *in, float *out, int n, int reach) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i - reach] + in[i] + in[i + reach];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 64 * sizeof(float));
  cudaMalloc(&out, 64 * sizeof(float));
  halo<<<1, 64>>>(in, out, 64, 1);
  cudaDeviceSynchronize();
  return 0;
}
