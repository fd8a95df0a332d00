// What a deviceQuery-style program reads: the modeled device's properties
// and attributes (compute capability 2.0 built for sm_20, 3.5 built as nvcc
// builds without -arch, the configured SMs), a kernel's real registers and
// shared memory (against simt-objdump --kernels), and occupancy from them.
// The 3.5 figures are the CUDA Programming Guide's for compute capability 3.5.
// RUN: simt-nvcc -O2 -arch=sm_20 %s -o %t
// RUN: %t | FileCheck %s
// RUN: simt-nvcc -O2 %s -o %t35 && %t35 | FileCheck %s --check-prefix=K35
// RUN: env SIMT_EMU_FLAGS="--sms 14" %t | FileCheck %s --check-prefix=SMS
// RUN: env SIMT_EMU_FLAGS="--sms 0" not %t 2>&1 | FileCheck %s --check-prefix=BADFLAGS
// RUN: simt-nvcc -arch=sm_20 -cubin %s -o %t.cubin
// RUN: %t > %t.both && simt-objdump --kernels %t.cubin >> %t.both
// RUN: FileCheck %s --check-prefix=AGREE < %t.both
// CHECK: count 1, capability 2.0, 4 SMs, warp 32
// CHECK: max threads 1024 (1024,1024,64), grid (65535,65535,65535)
// CHECK: shared/block 49152, regs/block 32768, const 65536, clock 1401000 kHz
// CHECK: per SM: 1536 threads, 8 blocks, 32768 registers
// CHECK: attributes agree: 1
// CHECK: runtime 12050, driver 12050
// CHECK: tile: [[REGS:[0-9]+]] regs, 1024 shared bytes, 0 local
// 48 KiB less the kernel's 1024 static bytes; no carveout preference.
// CHECK: tile: up to 48128 dynamic shared bytes, carveout -1
// CHECK: occupancy(256): {{[1-8]}} CTAs/SM
// CHECK: suggested block {{[0-9]+}}, min grid {{[0-9]+}}
// K35: count 1, capability 3.5, 4 SMs, warp 32
// K35: max threads 1024 (1024,1024,64), grid (2147483647,65535,65535)
// K35: shared/block 49152, regs/block 65536, const 65536, clock 1401000 kHz
// K35: per SM: 2048 threads, 16 blocks, 65536 registers
// K35: attributes agree: 1
// SMS: 14 SMs
// BADFLAGS: simt-cudart: SIMT_EMU_FLAGS: --sms: Value 0 not in range 1 to 256
// BADFLAGS-NOT: simt-cudart:
// BADFLAGS: count 0, capability 0.0
// The runtime's figures are simt-objdump's (occupancy for 256 threads).
// AGREE: tile: [[REGS:[0-9]+]] regs, 1024 shared bytes, 0 local
// AGREE: occupancy(256): [[CTAS:[0-9]]] CTAs/SM
// AGREE: tile(float*, float const*) {{ *}}[[REGS]] {{ *}}1024 {{ *}}0 {{ *}}1 {{ *}}[[CTAS]]
#include <cstdio>

__global__ void tile(float *out, const float *in) {
  __shared__ float t[256];
  t[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = t[255 - threadIdx.x];
}

int main() {
  int count = 0;
  cudaGetDeviceCount(&count);
  cudaDeviceProp p = {};
  cudaGetDeviceProperties(&p, 0);
  printf("count %d, capability %d.%d, %d SMs, warp %d\n", count, p.major, p.minor,
         p.multiProcessorCount, p.warpSize);
  printf("max threads %d (%d,%d,%d), grid (%d,%d,%d)\n", p.maxThreadsPerBlock,
         p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2], p.maxGridSize[0],
         p.maxGridSize[1], p.maxGridSize[2]);
  printf("shared/block %zu, regs/block %d, const %zu, clock %d kHz\n", p.sharedMemPerBlock,
         p.regsPerBlock, p.totalConstMem, p.clockRate);
  printf("per SM: %d threads, %d blocks, %d registers\n", p.maxThreadsPerMultiProcessor,
         p.maxBlocksPerMultiProcessor, p.regsPerMultiprocessor);
  int major, sms, clock;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, 0);
  printf("attributes agree: %d\n", major == p.major && sms == p.multiProcessorCount &&
                                       clock == p.clockRate);
  int rt, drv;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  printf("runtime %d, driver %d\n", rt, drv);
  cudaFuncAttributes a;
  cudaFuncGetAttributes(&a, tile);
  printf("tile: %d regs, %zu shared bytes, %zu local\n", a.numRegs, a.sharedSizeBytes,
         a.localSizeBytes);
  printf("tile: up to %d dynamic shared bytes, carveout %d\n", a.maxDynamicSharedSizeBytes,
         a.preferredShmemCarveout);
  int ctas = 0, minGrid = 0, block = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&ctas, tile, 256, 0);
  printf("occupancy(256): %d CTAs/SM\n", ctas);
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, tile);
  printf("suggested block %d, min grid %d\n", block, minGrid);
  printf("%d SMs\n", p.multiProcessorCount);
  return count == 1 ? 0 : 1;
}
