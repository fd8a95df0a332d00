// A device fault in a program under simt-dbg: the stop is cuda-gdb's CUDA
// exception, naming the lane and the source line, reverse-stepi goes back within the launch, and
// `continue` from the exception's stop kills the program (SIGKILL), as cuda-gdb's driver does.
// RUN: simt-nvcc -G -O0 %s -o %t
// RUN: printf 'run\nreverse-stepi 3\nprint $lane[5].R2\ncontinue\ncontinue\n' > %t.cmds
// RUN: simt-dbg --batch -x %t.cmds --args %t 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --allow-empty < %t.err
#include <cstdio>
#include <cuda_runtime.h>

__global__ void gather(const int *idx, const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int j = idx[i];
    dst[i] = src[j];
  }
}

int main() {
  const int n = 32;
  int hostIdx[n];
  for (int i = 0; i < n; ++i)
    hostIdx[i] = i == 5 ? 1 << 24 : n - 1 - i; // lane 5 reads far past src
  int *idx;
  float *src, *dst;
  cudaMalloc(&idx, sizeof hostIdx);
  cudaMalloc(&src, n * sizeof(float));
  cudaMalloc(&dst, n * sizeof(float));
  cudaMemcpy(idx, hostIdx, sizeof hostIdx, cudaMemcpyHostToDevice);
  gather<<<1, n>>>(idx, src, dst, n);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}

// The emulator's account of the fault, then cuda-gdb's: the exception
// (CUDA_EXCEPTION_14, the code its manual gives an illegal address, which
// the program then gets as cudaErrorIllegalAddress), the focus on the
// faulting lane, the frame and the line.
// CHECK: fault: global memory access out of range in kernel 'gather(int const*, float const*, float*, int) (_Z6gatherPKiPKfPfi)' (grid 1)
// CHECK: CUDA Exception: Warp Illegal Address
// CHECK-NEXT: The exception was triggered at PC 0x[[PC:[0-9a-f]+]]  gather(int const*, float const*, float*, int)  ({{.*}}fault.cu:15)
// CHECK-EMPTY:
// CHECK-NEXT: Thread 1 "{{.+}}" received signal CUDA_EXCEPTION_14, Warp Illegal Address.
// CHECK-NEXT: [Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (5,0,0), device 0, sm 0, warp 0, lane 5]
// CHECK-NEXT: 0x[[PC]] in gather<<<(1,1,1),(32,1,1)>>> (idx=0x{{[0-9a-f]+}}, src=0x{{[0-9a-f]+}}, dst=0x{{[0-9a-f]+}}, n=32) at {{.*}}fault.cu:15
// CHECK-NEXT: 15	    dst[i] = src[j];
// Three instructions back the warp is still on line 15, before the load.
// CHECK: stopped: reverse-step grid 1 cta (0,0,0) warp 0 lane 5 pc 0x{{[0-9a-f]+}} mask 0xffffffff at {{.*}}fault.cu:15
// R2 holds j = idx[5] (before it is scaled to an address).
// CHECK: $1 = 16777216
// Going forward again repeats the fault; continuing from it kills the
// program.
// CHECK: Thread 1 "{{.+}}" received signal CUDA_EXCEPTION_14, Warp Illegal Address.
// CHECK-NEXT: 0x[[PC]] in gather<<<(1,1,1),(32,1,1)>>>
// CHECK-NOT: sync:
// CHECK: Program terminated with signal SIGKILL, Killed.
// CHECK-NEXT: The program no longer exists.
// ERR-NOT: sync:

// cuda-gdb's warp and lane tables at the exception: every lane is below n,
// so the warp is whole (0xffffffff, none divergent) at the faulting load;
// the exception is the warp's, so cuda-gdb shows it on each of its lanes.
// RUN: simt-dbg -batch -ex run -ex 'info cuda warps' -ex 'info cuda lanes lane 5' -ex kill --args %t 2>&1 | FileCheck %s --check-prefix=TABLES --match-full-lines --strict-whitespace
// TABLES:The exception was triggered at PC 0x[[PC:[0-9a-f]+]]  gather(int const*, float const*, float*, int)  ({{.*}}fault.cu:15)
// TABLES:  Wp Active Lanes Mask Divergent Lanes Mask          Active PC Kernel BlockIdx First Active ThreadIdx 
// TABLES-NEXT:Device 0 SM 0
// TABLES-NEXT:*  0        0xffffffff           0x00000000 0x[[PC]]      0  (0,0,0)                (0,0,0) 
// TABLES-NEXT:  Ln  State         PC         ThreadIdx       Exception      
// TABLES-NEXT:Device 0 SM 0 Warp 0
// TABLES-NEXT:*  5 active 0x[[PC]]   (5,0,0) Warp Illegal Address 
