// One session over a program's host and device code (simt-dbg drives the
// host through LLDB, dbg/host/): host breakpoints by function, with a
// condition and by FILE:LINE, sharing one numbering and one table with a
// kernel's breakpoint; gdb's host stops, `next`, `step` into a function and
// over a launch, `finish` with the value returned, `bt`, `up`, `print` with
// the value history shared by host and device, `info locals`, a device stop
// reached by `next` over the copy that waits for the kernel, and `run`
// again with the breakpoints kept. The expected values are the host's
// arithmetic: digitSum(19) = 10, and the sum of digitSum(i) + 1 over
// i < 40 is 240 + 40 = 280.
// REQUIRES: lldb
// RUN: simt-nvcc -G -O0 %s -o %t
// RUN: simt-dbg -batch -x %S/Inputs/host_device.cmds --args %t 40 2>&1 | FileCheck %s
// RUN: simt-dbg -batch -ex 'break nosuch' -ex 'break host_device.cu:9999' -ex 'tbreak host_device.cu:49' -ex run -ex 'info breakpoints' --args %t 40 2>&1 | FileCheck %s --check-prefix=TEMP
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void addOne(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] += 1;
}

int digitSum(int x) {
  int s = 0;
  while (x > 0) {
    s += x % 10;
    x /= 10;
  }
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  int h[64];
  for (int i = 0; i < n; ++i)
    h[i] = digitSum(i);
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
  addOne<<<(n + 31) / 32, 32>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += h[i];
  printf("sum=%d\n", sum);
  cudaFree(d);
  return sum == 280 ? 0 : 1;
}

// Set before the program runs: main and digitSum are host code (LLDB's), the
// kernel is the device's; one numbering.
// CHECK: Breakpoint 1 at 0x{{[0-9a-f]+}}: file {{.*}}host_device.cu, line 35.
// CHECK-NEXT: Breakpoint 2 at 0x{{[0-9a-f]+}}: file {{.*}}host_device.cu, line 26.
// CHECK-NEXT: Breakpoint 3 at 0x{{[0-9a-f]+}}
// gdb's table: the kernel's name is also its host stub's, location 3.1 on
// the kernel's line, as cuda-gdb lists it; the kernel's own is 3.2. gdb
// names a C++ function with its parameter types, main (not mangled) too:
// "in main(int, char**) at host_device.cu:35".
// CHECK-NEXT: Num     Type           Disp Enb Address            What
// CHECK-NEXT: 1       breakpoint     keep y   0x0000{{[0-9a-f]+}} in main(int, char**) at {{.*}}host_device.cu:35
// CHECK-NEXT: 2       breakpoint     keep y   0x{{[0-9a-f]+}} in digitSum(int) at {{.*}}host_device.cu:26
// CHECK-NEXT: {{^	}}stop only if x == 19
// CHECK-NEXT: 3       breakpoint     keep y   <MULTIPLE>         {{$}}
// CHECK-NEXT: 3.1                         y   0x{{[0-9a-f]+}} in addOne(int*, int) at {{.*}}host_device.cu:19
// CHECK-NEXT: 3.2                         y   0x{{[0-9a-f]+}} in addOne(int*, int) at {{.*}}host_device.cu:20
// gdb's host stop, then `next` prints the next line.
// CHECK-EMPTY:
// CHECK-NEXT: Breakpoint 1, main (argc=2, argv=0x{{[0-9a-f]+}}) at {{.*}}host_device.cu:35
// CHECK-NEXT: 35	  int n = argc > 1 ? atoi(argv[1]) : 40;
// CHECK-NEXT: 37	  for (int i = 0; i < n; ++i)
// CHECK-NEXT: 38	    h[i] = digitSum(i);
// `step` enters digitSum after its prologue, with its argument; `finish`
// returns with gdb's "Value returned", numbered in the one history.
// CHECK-NEXT: digitSum (x=0) at {{.*}}host_device.cu:26
// CHECK-NEXT: 26	  int s = 0;
// CHECK-NEXT: 0x{{[0-9a-f]+}} in main (argc=2, argv=0x{{[0-9a-f]+}}) at {{.*}}host_device.cu:38
// CHECK-NEXT: 38	    h[i] = digitSum(i);
// CHECK-NEXT: Value returned is $1 = 0
// The condition is LLDB's to evaluate: the first stop is at x == 19.
// CHECK-EMPTY:
// CHECK-NEXT: Breakpoint 2, digitSum (x=19) at {{.*}}host_device.cu:26
// CHECK-NEXT: 26	  int s = 0;
// CHECK-NEXT: #0  digitSum (x=19) at {{.*}}host_device.cu:26
// CHECK-NEXT: #1  0x{{[0-9a-f]+}} in main (argc=2, argv=0x{{[0-9a-f]+}}) at {{.*}}host_device.cu:38
// CHECK-NEXT: #1  0x{{[0-9a-f]+}} in main (argc=2, argv=0x{{[0-9a-f]+}}) at {{.*}}host_device.cu:38
// CHECK-NEXT: 38	    h[i] = digitSum(i);
// CHECK-NEXT: $2 = 19
// CHECK-NEXT: $3 = 40
// CHECK-NEXT: #0  digitSum (x=19) at {{.*}}host_device.cu:26
// CHECK-NEXT: 26	  int s = 0;
// CHECK-NEXT: 0x{{[0-9a-f]+}} in main (argc=2, argv=0x{{[0-9a-f]+}}) at {{.*}}host_device.cu:38
// CHECK-NEXT: 38	    h[i] = digitSum(i);
// CHECK-NEXT: Value returned is $4 = 10
// `print $4` goes through the shared history.
// CHECK-NEXT: $5 = 10
// `step` over the launch line: a launch is asynchronous; the copy after it
// waits for the kernel, whose breakpoint stops the device.
// CHECK-NEXT: Temporary breakpoint 4 at 0x{{[0-9a-f]+}}: file {{.*}}host_device.cu, line 42.
// CHECK-EMPTY:
// CHECK-NEXT: Temporary breakpoint 4, main (argc=2, argv=0x{{[0-9a-f]+}}) at {{.*}}host_device.cu:42
// CHECK-NEXT: 42	  addOne<<<(n + 31) / 32, 32>>>(d, n);
// CHECK-NEXT: 43	  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
// CHECK-NEXT: [Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]
// CHECK-EMPTY:
// CHECK-NEXT: CUDA thread hit Breakpoint 3.2, addOne<<<(2,1,1),(32,1,1)>>> (v=0x{{[0-9a-f]+}}, n=40) at {{.*}}host_device.cu:20
// CHECK-NEXT: 20	  int i = blockIdx.x * blockDim.x + threadIdx.x;
// At the device stop the commands are the device's; `backtrace` lists the
// CUDA thread's frames, the kernel's outermost, as cuda-gdb's (the
// reference transcripts' dbg_*.generic.txt: one frame, #0, in a kernel).
// CHECK-NEXT: $6 = 40
// CHECK-NEXT: #0  addOne<<<(2,1,1),(32,1,1)>>> (v=0x{{[0-9a-f]+}}, n=40) at {{.*}}host_device.cu:20
// CHECK-NEXT: Num     Type           Disp Enb Address            What
// CHECK-NEXT: 1       breakpoint     keep y   0x{{[0-9a-f]+}} in main(int, char**) at {{.*}}host_device.cu:35
// CHECK-NEXT: {{^	}}breakpoint already hit 1 time
// CHECK-NEXT: 3       breakpoint     keep y   <MULTIPLE>         {{$}}
// CHECK-NEXT: {{^	}}breakpoint already hit 1 time
// CHECK-NEXT: 3.1                         y   0x{{[0-9a-f]+}} in addOne(int*, int) at {{.*}}host_device.cu:19
// CHECK-NEXT: 3.2                         y   0x{{[0-9a-f]+}} in addOne(int*, int) at {{.*}}host_device.cu:20
// CHECK-NEXT: sum=280
// CHECK-NEXT: [Inferior 1 (process {{[0-9]+}}) exited normally]
// `run` again: the host breakpoint is kept.
// CHECK-EMPTY:
// CHECK-NEXT: Breakpoint 1, main (argc=2, argv=0x{{[0-9a-f]+}}) at {{.*}}host_device.cu:35
// CHECK-NEXT: 35	  int n = argc > 1 ? atoi(argv[1]) : 40;
// CHECK-NEXT: n = {{-?[0-9]+}}
// CHECK-NEXT: h = {{.*}}
// CHECK-NEXT: d = 0x{{[0-9a-f]+}}
// CHECK-NEXT: sum = {{-?[0-9]+}}
// CHECK-NEXT: Kill the program being debugged? (y or n) [answered Y; input not from terminal]
// CHECK-NEXT: [Inferior 1 (process {{[0-9]+}}) killed]

// gdb asks whether to make a breakpoint it cannot place pending, answers
// no when its input is not a terminal, and the commands go on.
// TEMP: Function "nosuch" not defined.
// TEMP-NEXT: Make breakpoint pending on future shared library load? (y or [n]) [answered N; input not from terminal]
// TEMP-NEXT: No line 9999 in file "{{.*}}host_device.cu".
// TEMP-NEXT: Make breakpoint pending on future shared library load? (y or [n]) [answered N; input not from terminal]
// TEMP-NEXT: Temporary breakpoint 1 at 0x{{[0-9a-f]+}}: file {{.*}}host_device.cu, line 49.
// TEMP-EMPTY:
// TEMP-NEXT: Temporary breakpoint 1, main (argc=2, argv=0x{{[0-9a-f]+}}) at {{.*}}host_device.cu:49
// TEMP-NEXT: 49	  return sum == 280 ? 0 : 1;
// The program's printf waits in its buffer (its output is a pipe) until the
// device debugger's next command flushes the program's standard output.
// TEMP-NEXT: sum=280
// TEMP-NEXT: No breakpoints or watchpoints.


// gdb's artificial arrays at a host stop (LLDB's C++ has no `@`): after the
// copy back h[i] = digitSum(i) + 1, so h[17..20] = 9, 10, 11, 3.
// RUN: simt-dbg -batch -ex 'break host_device.cu:44' -ex run -ex 'print h[17]@4' -ex 'print *h@3' -ex 'print n@0' -ex 'print (n + 1)@2' -ex 'print $1' -ex kill --args %t 40 2>&1 | FileCheck %s --check-prefix=ARRAY
// ARRAY: 44	  int sum = 0;
// ARRAY-NEXT: $1 = {9, 10, 11, 3}
// ARRAY-NEXT: $2 = {1, 2, 3}
// ARRAY-NEXT: Invalid number 0 of repetitions.
// ARRAY-NEXT: Only values in memory can be extended with '@'.
// ARRAY-NEXT: $3 = {9, 10, 11, 3}
