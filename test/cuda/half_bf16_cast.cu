// CUDA 12's __half(const __nv_bfloat16): static_cast<__half>(b) of every
// bfloat16 pattern on the device, against the host compiler's own float to
// _Float16 conversion (round to nearest even) of the bfloat16's exact
// float value; NaNs stay NaNs. HeCBench's conversion program did not build
// ("ambiguous conversion for static_cast from 'const __nv_bfloat16' to
// '__half'").
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: bfloat16 to half: 65536 of 65536 as the host converts them
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdio>
#include <cstring>

__global__ void toHalf(const __nv_bfloat16 *in, __half *out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = static_cast<__half>(in[i]);
}

static unsigned short hostHalf(unsigned short bf16) {
  float f;
  const unsigned bits = unsigned(bf16) << 16;
  std::memcpy(&f, &bits, 4);
  const _Float16 h = static_cast<_Float16>(f);
  unsigned short out;
  std::memcpy(&out, &h, 2);
  return out;
}

static bool isNaNHalf(unsigned short h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }

int main() {
  const int n = 65536;
  static unsigned short in[n], out[n];
  for (int i = 0; i < n; i++)
    in[i] = (unsigned short)i;
  __nv_bfloat16 *dIn;
  __half *dOut;
  cudaMalloc(&dIn, sizeof in);
  cudaMalloc(&dOut, sizeof out);
  cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice);
  toHalf<<<n / 256, 256>>>(dIn, dOut);
  cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost);
  int same = 0, shown = 0;
  for (int i = 0; i < n; i++) {
    const unsigned short want = hostHalf(in[i]);
    if (out[i] == want || (isNaNHalf(out[i]) && isNaNHalf(want)))
      ++same;
    else if (shown++ < 5)
      printf("bf16 0x%04x: 0x%04x, host 0x%04x\n", in[i], out[i], want);
  }
  printf("bfloat16 to half: %d of %d as the host converts them\n", same, n);
  return 0;
}
