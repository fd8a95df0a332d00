// The launch's dynamic shared memory, `extern __shared__ T name[]`, in the
// debugger: clang writes no DWARF for an extern array, so simt-dbg reads
// the declaration from the source (the kernel's own, else the file's) and
// shows the array after the kernel's static shared variables, as many
// elements as the launch asked bytes for, as cuda-gdb shows nvcc's.
#include <cstdio>

extern __shared__ int slots[]; // the file's: sumSquares uses it

__global__ void sumSquares(int *out) {
  __shared__ int bias[4];
  const int t = threadIdx.x;
  if (t < 4)
    bias[t] = 100 * t;
  slots[t] = t * t;
  __syncthreads();
  out[t] = slots[(t + 1) % blockDim.x] + bias[t % 4];
}

__global__ void halves(float *out) {
  extern __shared__ float staged[]; // its own
  const int t = threadIdx.x;
  staged[t] = t / 2.0f;
  __syncthreads();
  out[t] = staged[blockDim.x - 1 - t];
}

int main() {
  int *ints;
  float *floats;
  cudaMalloc(&ints, 16 * sizeof(int));
  cudaMalloc(&floats, 8 * sizeof(float));
  sumSquares<<<1, 16, 16 * sizeof(int)>>>(ints);
  halves<<<1, 8, 8 * sizeof(float)>>>(floats);
  int h[16];
  cudaMemcpy(h, ints, sizeof h, cudaMemcpyDeviceToHost);
  printf("out[3] = %d\n", h[3]);
  return 0;
}

// At line 17 every thread has stored slots[t] = t * t and bias[t] = 100 * t
// (t < 4); the dynamic array starts after bias's 16 bytes. halves' own
// array holds t / 2.
// RUN: simt-nvcc -g -G %s -o %t
// RUN: simt-dbg -batch -ex 'break 17' -ex 'break 25' -ex run -ex 'print slots' -ex 'print slots[5]' -ex 'print bias' -ex 'print &slots[0]' -ex 'whatis slots' -ex continue -ex 'print staged' -ex 'print staged[1] + staged[3]' -ex kill --args %t 2>&1 | FileCheck %s
// CHECK:      CUDA thread hit Breakpoint 1, sumSquares<<<(1,1,1),(16,1,1)>>> (out=0x{{[0-9a-f]+}}) at {{.*}}extern_shared.cu:17
// CHECK:      $1 = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225}
// CHECK-NEXT: $2 = 25
// CHECK-NEXT: $3 = {0, 100, 200, 300}
// CHECK-NEXT: $4 = (@shared int *) 0x10
// CHECK-NEXT: type = int [16]
// CHECK:      CUDA thread hit Breakpoint 2, halves<<<(1,1,1),(8,1,1)>>> (out=0x{{[0-9a-f]+}}) at {{.*}}extern_shared.cu:25
// CHECK:      $5 = {0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5}
// CHECK-NEXT: $6 = 2
