// memcheck: the host backtrace saved at a kernel's launch ends in the
// program's own frames (`main`) for every kind of kernel: a template kernel
// and a kernel in a namespace are launched through stubs whose demangled
// names start with their return type or namespace, and those stubs are the
// runtime's, which compute-sanitizer's launch backtraces leave out
// (reference: its transcripts' `Saved host backtrace up to driver entry
// point at kernel launch time` is followed by `Host Frame: main` alone).
// RUN: simt-nvcc -lineinfo %s -o %t
// RUN: simt-sanitizer --destroy-on-device-error kernel %t > %t.out
// RUN: FileCheck %s < %t.out
#include <cstdio>

namespace img {
template <typename T> __global__ void blur(const T *in, T *out, int n) {
  int i = threadIdx.x;
  out[i] = (in[i] + in[i + 1]) / 2; // BUG: in[n] read by the last thread
}
__global__ void clear(int *p) { p[threadIdx.x + 1] = 0; } // BUG: p[n]
} // namespace img

int main() {
  const int n = 64;
  float *a, *b;
  int *c;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&c, n * sizeof(int));
  cudaMemset(a, 0, n * sizeof(float));
  img::blur<float><<<1, n>>>(a, b, n);
  printf("blur: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  img::clear<<<1, n>>>(c);
  printf("clear: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

// CHECK:      ========= Invalid __global__ read of size 4 bytes
// CHECK-NEXT: =========     at void img::blur<float>(const float *, float *, int)+0x{{[0-9a-f]+}} in {{.*}}stub_frames.cu:16
// CHECK-NEXT: =========     by thread (63,0,0) in block (0,0,0)
// CHECK:      =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK:      ========= Invalid __global__ write of size 4 bytes
// CHECK-NEXT: =========     at img::clear(int *)+0x{{[0-9a-f]+}} in {{.*}}stub_frames.cu:18
// CHECK-NEXT: =========     by thread (63,0,0) in block (0,0,0)
// CHECK:      =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NOT:  __device_stub__

// --demangle simple names functions without parameters or template
// arguments, --demangle no by their symbols (compute-sanitizer's help for
// --demangle); the host frames likewise.
// RUN: simt-sanitizer --demangle simple --destroy-on-device-error kernel %t | FileCheck %s --check-prefix=SIMPLE
// SIMPLE: at img::blur+0x{{[0-9a-f]+}} in {{.*}}stub_frames.cu:16
// SIMPLE: at img::clear+0x{{[0-9a-f]+}} in {{.*}}stub_frames.cu:18
// RUN: simt-sanitizer --demangle no --destroy-on-device-error kernel %t | FileCheck %s --check-prefix=MANGLED
// MANGLED: at _ZN3img4blurIfEEvPKT_PS1_i+0x{{[0-9a-f]+}} in {{.*}}stub_frames.cu:16
// MANGLED: at _ZN3img5clearEPi+0x{{[0-9a-f]+}} in {{.*}}stub_frames.cu:18
// RUN: not simt-sanitizer --demangle partly %t 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: --demangle: partly not in {full,simple,no}
