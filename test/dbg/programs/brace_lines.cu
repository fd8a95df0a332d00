// Kernels and device functions written with the opening brace on a line
// of its own and the parameters over several lines, as much public CUDA
// code is: the prologue (the parameters' copies) is on the brace's line.
#include <cstdio>

__device__ int
weight(int value,
       int scale)
{
  int w = value * scale;
  return w + 1;
}

__global__ void
scaleAll(const int *in,
         int *out,
         int n)
{
  // the first statement follows
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = weight(in[i], 3);
}

int main()
{
  const int n = 64;
  int host[n];
  for (int i = 0; i < n; i++)
    host[i] = i;
  int *in, *out;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, sizeof host);
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  scaleAll<<<2, 32>>>(in, out, n);
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  printf("out[5] = %d\n", host[5]);
  return 0;
}

// The test: `break KERNEL` and `step` into a device function whose opening brace is
// on a line of its own, after parameters over several lines (above,
// the style of much public CUDA code): clang puts the prologue, the
// parameters' copies, on the brace's line, and cuda-gdb stops after it, at
// the first statement, as gdb does for host code (the reference
// transcripts' stops are at a kernel's first statement with its arguments
// shown). Before, simt-dbg only skipped a prologue on the line of the
// function's name and stopped at the brace, PC 0, arguments not yet
// stored.
// With line tables only (-O2 -lineinfo: no DWARF names the function's
// lines), the stop is past the function's first line when that line opens
// it (ends in its `{`), gdb's rule for clang's code.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t.lines
// RUN: simt-dbg -batch -ex 'break scaleAll' -ex run -ex kill --args %t.lines | FileCheck %s --check-prefix=LINES
// LINES:      CUDA thread hit Breakpoint 1.2, scaleAll<<<(2,1,1),(32,1,1)>>> () at {{.*}}brace_lines.cu:20
// LINES-NEXT: 20	  const int i = blockIdx.x * blockDim.x + threadIdx.x;
// RUN: simt-nvcc -g -G %s -o %t
// RUN: simt-dbg -batch -ex 'break scaleAll' -ex run -ex 'info cuda threads' -ex next -ex next -ex step -ex 'print value' -ex 'info args' -ex kill --args %t | FileCheck %s
// CHECK:      CUDA thread hit Breakpoint 1.2, scaleAll<<<(2,1,1),(32,1,1)>>> (in=0x{{[0-9a-f]+}}, out=0x{{[0-9a-f]+}}, n=64) at {{.*}}brace_lines.cu:20
// CHECK-NEXT: 20	  const int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK:      *  (0,0,0) (0,0,0) (1,0,0) (31,0,0) 64 0x{{0*[1-9a-f][0-9a-f]*}} {{.*}}brace_lines.cu 20
// CHECK-NEXT: 21	  if (i < n)
// CHECK-NEXT: 22	    out[i] = weight(in[i], 3);
// CHECK-NEXT: weight (value=0, scale=3) at {{.*}}brace_lines.cu:10
// CHECK-NEXT: 10	  int w = value * scale;
// CHECK-NEXT: $1 = 0
// CHECK-NEXT: value = 0
// CHECK-NEXT: scale = 3
