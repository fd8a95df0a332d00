// A 2D grid of 2D blocks: each block sums its 8x8 tile of a 12x10 matrix
// through shared memory (the tiles past the edges read zeros). For the
// debugger's tests of gdb's expressions and print formats.
#include <cstdio>

__global__ void tileSum(const int *m, int *sums, int width, int height) {
  __shared__ int tile[64];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  float scale = 0.5f;
  tile[t] = (x < width && y < height) ? m[y * width + x] : 0;
  __syncthreads();
  for (int s = blockDim.x * blockDim.y / 2; s > 0; s >>= 1) {
    if (t < s)
      tile[t] += tile[t + s];
    __syncthreads();
  }
  if (t == 0)
    sums[blockIdx.y * gridDim.x + blockIdx.x] = int(tile[0] * scale * 2);
}

int main() {
  const int width = 12, height = 10;
  int h[width * height];
  for (int i = 0; i < width * height; ++i)
    h[i] = i % 7;
  int *m, *sums;
  cudaMalloc(&m, sizeof h);
  cudaMalloc(&sums, 4 * sizeof(int));
  int *buffers[2] = {m, sums};
  cudaMemcpy(buffers[0], h, sizeof h, cudaMemcpyHostToDevice);
  tileSum<<<dim3(2, 2), dim3(8, 8)>>>(m, sums, width, height);
  int out[4];
  cudaMemcpy(out, sums, sizeof out, cudaMemcpyDeviceToHost);
  printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
  return 0;
}

// Expected values: C's rules for the casts, the conditional and the f
// suffix (7.0f / 2 is 3.5; (float)12 / 5 is the float nearest 2.4), gdb's
// manual for the formats (x, o, t: the value's bits with no leading zeros,
// z: zero-padded to the type's size, c: the number and its character;
// floats with 9 significant digits, doubles with 17), and cuda-gdb's
// messages for a focus that names no resident thread.
// RUN: simt-nvcc -G -O0 %s -o %t
// RUN: cd %S && simt-dbg -batch -x %S/Inputs/tile_sum.cmds --args %t 2>&1 | FileCheck %s --match-full-lines
// RUN: cd %S && simt-dbg -batch -ex 'cuda thread 1' -ex 'break tile_sum.cu:12' -ex run -ex 'p nosuchvar' -ex 'cuda thread (100,0,0)' -ex 'cuda lane 40' -ex 'cuda device 1' -ex 'cuda block (5,5,0)' -ex 'cuda thread (3,0,0)' -ex kill --args %t 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: cd %S && simt-dbg -batch -ex 'break tile_sum.cu:16 if s == 16' -ex run -ex 'display s' -ex 'display t' -ex 'tbreak tile_sum.cu:19' -ex 'delete 1' -ex continue -ex kill --args %t 2>&1 | FileCheck %s --check-prefix=DISP
// RUN: cd %S && simt-dbg -batch -ex 'break tile_sum.cu:27' -ex run -ex 'info locals' -ex 'tbreak tile_sum.cu:33' -ex 'delete 1' -ex continue -ex 'print buffers' -ex 'print buffers[1]' -ex kill --args %t 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: cd %S && simt-dbg -batch -ex 'break tile_sum.cu:12' -ex run -ex stepi -ex stepi -ex next -ex kill --args %t 2>&1 | FileCheck %s --check-prefix=STEPI
// RUN: cd %S && simt-dbg -batch -ex run -ex 'print $_exitcode' --args %t 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: cd %S && simt-dbg -batch -ex start -ex next -ex kill --args %t 2>&1 | FileCheck %s --check-prefix=START
//
// A breakpoint gdb cannot place asks whether to make it pending, answered
// no, and the command file goes on.
// CHECK: Function "nosuchfn" not defined.
// CHECK-NEXT: Make breakpoint pending on future shared library load? (y or [n]) [answered N; input not from terminal]
// Line 12's code comes in pieces (the ?: operands) in one block: one
// location, as gdb's linespec keeps one address per block.
// CHECK-NEXT: Breakpoint 1 at 0x{{[0-9a-f]+}}: file {{.*}}tile_sum.cu, line 12.
// CHECK: CUDA thread hit Breakpoint 1, tileSum<<<(2,2,1),(8,8,1)>>> (m=0x{{[0-9a-f]+}}, sums=0x{{[0-9a-f]+}}, width=12, height=10) at {{.*}}tile_sum.cu:12
// CHECK-NEXT: 12	  tile[t] = (x < width && y < height) ? m[y * width + x] : 0;
// CHECK-NEXT: $1 = 0xc
// CHECK-NEXT: $2 = 014
// CHECK-NEXT: $3 = 1100
// CHECK-NEXT: $4 = 0x0000000c
// CHECK-NEXT: $5 = 65 'A'
// CHECK-NEXT: $6 = 0x3f000000
// CHECK-NEXT: $7 = 0xffff
// CHECK-NEXT: $8 = 2.4000001
// CHECK-NEXT: $9 = 0.166666672
// CHECK-NEXT: $10 = 0
// CHECK-NEXT: $11 = 0.5
// CHECK-NEXT: $12 = 4294967295
// CHECK-NEXT: $13 = 65 'A'
// CHECK-NEXT: type = char
// CHECK-NEXT: $14 = 1
// CHECK-NEXT: $15 = 0.5
// CHECK-NEXT: $16 = 3.5
// CHECK-NEXT: $17 = 2.3999999999999999
// `next` leaves line 12 without stopping again at its second piece.
// CHECK-NEXT: 13	  __syncthreads();
// CHECK-NEXT: Kill the program being debugged? (y or n) [answered Y; input not from terminal]
// CHECK-NEXT: [Inferior 1 (process {{[0-9]+}}) killed]
//
// Errors (each -ex goes on after one, as in gdb): no kernel to focus yet,
// a name no scope has, coordinates of no resident thread.
// ERR: Focus not set on any active CUDA kernel.
// ERR: CUDA thread hit Breakpoint 1, tileSum<<<(2,2,1),(8,8,1)>>> {{.*}}
// ERR-NEXT: 12	  tile[t] = (x < width && y < height) ? m[y * width + x] : 0;
// ERR-NEXT: No symbol "nosuchvar" in current context.
// ERR-NEXT: Invalid coordinates requested. CUDA focus unchanged.
// ERR-NEXT: Invalid coordinates requested. CUDA focus unchanged.
// ERR-NEXT: Invalid coordinates requested. CUDA focus unchanged.
// ERR-NEXT: Invalid coordinates requested. CUDA focus unchanged.
// ERR-NEXT: [Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (3,0,0), device 0, sm 0, warp 0, lane 3]
//
// A display shows only where its variables are in scope: `s` is the loop's.
// DISP: 1: s = 16
// DISP-NEXT: 2: t = 0
// DISP: CUDA thread hit Temporary breakpoint 2, tileSum<<<(2,2,1),(8,8,1)>>> {{.*}}
// DISP-NEXT: 19	  if (t == 0)
// DISP-NEXT: 2: t = {{[0-9]+}}
// DISP-NEXT: Kill the program being debugged? (y or n) [answered Y; input not from terminal]
// DISP-NEXT: [Inferior 1 (process {{[0-9]+}}) killed]
//
// Host locals in gdb's order, the innermost block's first (the loop's i);
// pointers in an aggregate without their type, a pointer alone with it.
// HOST: 27	    h[i] = i % 7;
// HOST-NEXT: i = 0
// HOST-NEXT: width = 12
// HOST-NEXT: height = 10
// HOST: 33	  tileSum<<<dim3(2, 2), dim3(8, 8)>>>(m, sums, width, height);
// HOST-NEXT: $1 = {0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}}
// HOST-NEXT: $2 = (int *) 0x{{[0-9a-f]+}}
//
// gdb's stepi: the pc and the line while the pc is inside
// one, the line alone where one begins.
// STEPI: 12	  tile[t] = (x < width && y < height) ? m[y * width + x] : 0;
// STEPI-NEXT: 0x{{[0-9a-f]+}}	12	  tile[t] = (x < width && y < height) ? m[y * width + x] : 0;
// STEPI-NEXT: 0x{{[0-9a-f]+}}	12	  tile[t] = (x < width && y < height) ? m[y * width + x] : 0;
// STEPI-NEXT: 13	  __syncthreads();
//
// The tiles' sums (a Python model: 189 94 50 24), and gdb's $_exitcode
// once the program has ended.
// EXIT: 189 94 50 24
// EXIT-NEXT: [Inferior 1 (process {{[0-9]+}}) exited normally]
// EXIT-NEXT: $1 = 0
//
// gdb's start: a temporary breakpoint at main, then run.
// START: Temporary breakpoint 1 at 0x{{[0-9a-f]+}}: file {{.*}}tile_sum.cu, line [[#MAIN:]].
// START-EMPTY:
// START-NEXT: Temporary breakpoint 1, main () at {{.*}}tile_sum.cu:[[#MAIN]]
// START-NEXT: [[#MAIN]]	  const int width = 12, height = 10;
// START-NEXT: [[#MAIN+2]]	  for (int i = 0; i < width * height; ++i)
// START-NEXT: Kill the program being debugged? (y or n) [answered Y; input not from terminal]
// START-NEXT: [Inferior 1 (process {{[0-9]+}}) killed]
