// simt-dbg --args on a program built by simt-nvcc: breakpoints by kernel
// name and by FILE:LINE in two kernels, the program's arguments, output and
// exit status, cuda-gdb's info cuda kernels, `run` again with the
// breakpoints kept, and `kill` (and, at the end, `capture`).
// RUN: simt-nvcc -G -O0 %s -o %t
// RUN: not simt-dbg --batch -x %S/Inputs/two_kernels.cmds --args %t 70 2>&1 | FileCheck %s
// RUN: printf 'run\n' > %t.run
// RUN: simt-dbg --batch -x %t.run --args %t 3 2>&1 | FileCheck %s --check-prefix=EXIT
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = a * x[i];
}

__global__ void negateOdd(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (i & 1)
    x[i] = -x[i];
  else
    x[i] = x[i] + 1.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  float *h = new float[n];
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  scale<<<(n + 63) / 64, 64>>>(d, 2.0f, n);
  negateOdd<<<(n + 63) / 64, 64>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (h[i] != ((i & 1) ? -2.0f * i : 2.0f * i + 1.0f))
      ++bad;
  printf("n=%d: %d wrong\n", n, bad);
  return n == 3 ? 3 : bad;
}

// Breakpoints are set before the program runs; the kernel's is found in the
// program's embedded object, after its prologue (as gdb's), on line 14.
// CHECK: Breakpoint 1 at 0x{{[0-9a-f]+}}
// CHECK: Breakpoint 2 at 0x{{[0-9a-f]+}}: file {{.*}}two_kernels.cu, line 24.
// The stops and `info cuda kernels` as cuda-gdb prints them
// (dbg_two_kernels.txt in the reference transcripts): the focus, a blank
// line, the kernel's frame with its arguments, the line; kernels numbered
// from 0. The emulated device's SMs, SM mask and addresses are its own.
// CHECK: [Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]
// CHECK-EMPTY:
// CHECK-NEXT: CUDA thread hit Breakpoint 1.2, scale<<<(2,1,1),(64,1,1)>>> (x=0x{{[0-9a-f]+}}, a=2, n=70) at {{.*}}two_kernels.cu:14
// CHECK-NEXT: 14	  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT:   Kernel Parent Dev Grid Status SMs Mask GridDim BlockDim Invocation                     {{$}}
// CHECK-NEXT: *      0      -   0    1 Active     0x03 (2,1,1) (64,1,1) scale(x=0x{{[0-9a-f]+}}, a=2, n=70) {{$}}
// Line 24 is the odd lanes' path: lane 1 is the first to reach it, and the
// other warps' odd lanes arrive with it, as on a GPU (one stop). The
// finished scale has left the device: cuda-gdb lists only negateOdd.
// CHECK-NEXT: [Switching focus to CUDA kernel 1, grid 2, block (0,0,0), thread (1,0,0), device 0, sm 2, warp 0, lane 1]
// CHECK-EMPTY:
// CHECK-NEXT: CUDA thread hit Breakpoint 2, negateOdd<<<(2,1,1),(64,1,1)>>> (x=0x{{[0-9a-f]+}}, n=70) at {{.*}}two_kernels.cu:24
// CHECK-NEXT: 24	    x[i] = -x[i];
// CHECK-NEXT:   Kernel Parent Dev Grid Status SMs Mask GridDim BlockDim Invocation                    {{$}}
// CHECK-NEXT: *      1      -   0    2 Active     0x0c (2,1,1) (64,1,1) negateOdd(x=0x{{[0-9a-f]+}}, n=70) {{$}}
// The rest runs without stops: the program prints and exits. `continue`
// then fails, and as in gdb the error ends the command file (the
// reference's dbg_two_kernels.txt: "Error in sourced command file" and
// nothing after it, on standard error: the file's line, then the
// message); -batch exits with 1.
// CHECK-NEXT: n=70: 0 wrong
// CHECK-NEXT: [Inferior 1 (process {{[0-9]+}}) exited normally]
// CHECK-NEXT: {{.*}}two_kernels.cmds:10: Error in sourced command file:
// CHECK-NEXT: The program is not being run.
// CHECK-NOT: {{.}}

// EXIT: n=3: 0 wrong
// EXIT-NEXT: [Inferior 1 (process {{[0-9]+}}) exited with code 03]

// `capture` of one kernel's launches, which simt-emu replays (the lines above
// keep their numbers: the sessions name them).
// RUN: rm -rf %t.caps && printf 'capture %t.caps negateOdd\nrun\n' > %t.cap
// RUN: simt-dbg --batch -x %t.cap --args %t 70 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: simt-emu %t.caps/launch-2.simt
// RUN: not ls %t.caps/launch-1.simt
// CAP: the program's next launches of negateOdd are written to {{.*}}.caps/launch-N.simt
// CAP-DAG: simt-capture: launch 2 (negateOdd(float*, int)): {{.*}}launch-2.simt, 1 buffer
// CAP-DAG: n=70: 0 wrong

// cuda-gdb's break_on_launch: each kernel stops at its first line after the
// prologue (line 14, then line 20), in its first warp, with the kernel's
// launch shape and arguments; no breakpoint of the user's is listed.
// RUN: simt-dbg -batch -ex 'set cuda break_on_launch application' -ex run -ex 'info breakpoints' -ex continue -ex 'set cuda break_on_launch none' -ex continue --args %t 70 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: [Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]
// LAUNCH-EMPTY:
// LAUNCH-NEXT: CUDA thread hit application kernel entry function breakpoint, scale<<<(2,1,1),(64,1,1)>>> (x=0x{{[0-9a-f]+}}, a=2, n=70) at {{.*}}two_kernels.cu:14
// LAUNCH-NEXT: 14	  int i = blockIdx.x * blockDim.x + threadIdx.x;
// LAUNCH-NEXT: No breakpoints or watchpoints.
// LAUNCH-NEXT: [Switching focus to CUDA kernel 1, grid 2, block (0,0,0), thread (0,0,0), device 0, sm {{[0-9]+}}, warp 0, lane 0]
// LAUNCH-EMPTY:
// LAUNCH-NEXT: CUDA thread hit application kernel entry function breakpoint, negateOdd<<<(2,1,1),(64,1,1)>>> (x=0x{{[0-9a-f]+}}, n=70) at {{.*}}two_kernels.cu:20
// LAUNCH-NEXT: 20	  int i = blockIdx.x * blockDim.x + threadIdx.x;
// LAUNCH-NEXT: n=70: 0 wrong

// `run` again: breakpoint 1 stops it; `run` once more restarts it (from a
// command line's -ex, as gdb, without a word), and the breakpoint is still
// there; `kill`, then `continue` fails (exit 1).
// RUN: not simt-dbg -batch -ex 'break scale' -ex run -ex run -ex 'disable 1' -ex 'info breakpoints' -ex kill -ex continue --args %t 70 2>&1 | FileCheck %s --check-prefix=AGAIN
// AGAIN: Breakpoint 1 at 0x
// AGAIN: CUDA thread hit Breakpoint 1.2, scale<<<(2,1,1),(64,1,1)>>>
// AGAIN-NOT: started already
// AGAIN: [Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]
// AGAIN-EMPTY:
// AGAIN-NEXT: CUDA thread hit Breakpoint 1.2, scale<<<(2,1,1),(64,1,1)>>>
// The kernel's name is also its host stub's: with LLDB, cuda-gdb's two
// locations (host_device.cu shows them).
// AGAIN: Num     Type           Disp Enb Address            What
// AGAIN-NEXT: 1       breakpoint     keep n   {{.*}}
// AGAIN: {{^	}}breakpoint already hit 1 time
// AGAIN: 0x{{[0-9a-f]+}} in scale(float*, float, int) at {{.*}}two_kernels.cu:14
// AGAIN-NEXT: Kill the program being debugged? (y or n) [answered Y; input not from terminal]
// AGAIN-NEXT: [Inferior 1 (process {{[0-9]+}}) killed]
// AGAIN-NEXT: The program is not being run.

// gdb's printf and output at a device stop, for the focused thread
// (thread 1 of negateOdd: i = 1, x[1] = 2 * 1 after scale, blockDim.x = 64
// = 0x40); gdb's errors for a format without its arguments and an
// unknown conversion; the value history keeps a value, not the format it
// was printed in (`p/x n` then `p $1`: 70, as gdb).
// RUN: simt-dbg -batch -ex 'break two_kernels.cu:24' -ex run -ex 'printf "i=%%d n=%%d x=%%.1f dim=%%x %%s|%%5d|\n", i, n, x[i], blockDim.x, "ok", n' -ex 'output i' -ex 'output/x n' -ex 'echo \n' -ex 'printf "%%d %%d\n", n' -ex 'printf "%%y\n", n' -ex 'p/x n' -ex 'p $1' -ex kill --args %t 70 2>&1 | FileCheck %s --check-prefix=PRINTF
// PRINTF:      CUDA thread hit Breakpoint 1, negateOdd
// PRINTF:      i=1 n=70 x=2.0 dim=40 ok|   70|
// PRINTF-NEXT: 10x46
// PRINTF-NEXT: Wrong number of arguments for specified format-string
// PRINTF-NEXT: Unrecognized format specifier 'y' in printf
// PRINTF-NEXT: $1 = 0x46
// PRINTF-NEXT: $2 = 70
