// simt-nvcc compiles host code for the launch ABI of CUDA 10 to 13:
// <<<...>>> calls __cudaPushCallConfiguration, the kernel's stub
// __cudaPopCallConfiguration and cudaLaunchKernel, and the registration
// ends with __cudaRegisterFatBinaryEnd; CUDA 8's cudaConfigureCall,
// cudaSetupArgument and cudaLaunch are not called (libcudart still exports
// them, for old objects: launch_arguments.cu calls them). What the
// configuration carries arrives: every component of both dim3s, the
// dynamic shared memory (the kernel writes its last word: a smaller size
// would be out of bounds) and the stream (the profiler's trace shows the
// launch on the program's second stream, the one it made).
// RUN: simt-nvcc -O2 %s -o %t
// RUN: llvm-nm -u %t | FileCheck %s --check-prefix=SYMBOLS
// SYMBOLS-NOT: cudaConfigureCall
// SYMBOLS-NOT: cudaSetupArgument
// SYMBOLS-DAG: U __cudaPopCallConfiguration
// SYMBOLS-DAG: U __cudaPushCallConfiguration
// SYMBOLS-DAG: U __cudaRegisterFatBinaryEnd
// SYMBOLS-DAG: U cudaLaunchKernel
// SYMBOLS-NOT: {{ cudaLaunch$}}
// RUN: %t | FileCheck %s
// CHECK: grid (2,3,4) block (4,3,2) shared 100: last word 0x5a5a5a5a
// CHECK-NEXT: blocks 24, threads 576, stream cudaSuccess
// RUN: simt-prof --print-gpu-trace %t 2>&1 >/dev/null | FileCheck %s --check-prefix=TRACE
// TRACE: {{ }}(2 3 4){{ +}}(4 3 2){{ +}}{{[0-9]+}}{{ +}}0B{{ +}}100B{{.*}} 1{{ +}}1{{ +}}shape(
// The push and the pop are the compiler's, not API calls (nvprof lists
// neither): the launch is its cudaLaunchKernel.
// RUN: simt-prof %t 2>&1 >/dev/null | FileCheck %s --check-prefix=API
// API: API calls:
// API-NOT: CallConfiguration
// API: {{ }}cudaLaunchKernel{{$}}
// API-NOT: CallConfiguration
#include <cuda_runtime.h>

#include <cstdio>

struct Shape {
  unsigned grid[3], block[3];
  unsigned lastWord;
  int blocks, threads;
};

__global__ void shape(Shape *out, unsigned sharedWords) {
  extern __shared__ unsigned words[];
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    words[sharedWords - 1] = 0x5a5a5a5a;
  __syncthreads();
  if (blockIdx.x + blockIdx.y + blockIdx.z == 0 && threadIdx.x + threadIdx.y + threadIdx.z == 0) {
    out->grid[0] = gridDim.x, out->grid[1] = gridDim.y, out->grid[2] = gridDim.z;
    out->block[0] = blockDim.x, out->block[1] = blockDim.y, out->block[2] = blockDim.z;
    out->lastWord = words[sharedWords - 1];
  }
  if (threadIdx.x + threadIdx.y + threadIdx.z == 0)
    atomicAdd(&out->blocks, 1);
  atomicAdd(&out->threads, 1);
}

int main() {
  Shape *d = nullptr, h = {};
  cudaMalloc(&d, sizeof(Shape));
  cudaMemset(d, 0, sizeof(Shape));
  cudaStream_t s;
  cudaStreamCreate(&s);
  shape<<<dim3(2, 3, 4), dim3(4, 3, 2), 100, s>>>(d, 25);
  const cudaError_t e = cudaStreamSynchronize(s);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("grid (%u,%u,%u) block (%u,%u,%u) shared 100: last word %#x\n", h.grid[0], h.grid[1],
         h.grid[2], h.block[0], h.block[1], h.block[2], h.lastWord);
  printf("blocks %d, threads %d, stream %s\n", h.blocks, h.threads, cudaGetErrorName(e));
  return 0;
}
