// Loops left by `break` from inside an if/else, as real kernels write them:
// an else-if that breaks (the if/else reconverges inside the loop, at its
// own SSY under the loop's PBK, so a warp that splits there every iteration
// stacks nothing), a break under a two-part condition inside an `if` (a
// graph colouring's conflict scan), and a trap under a condition in a
// grid-stride loop (nothing after it is reached).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/loop_exits.py > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
// RUN: simt-cc -O0 %s -o %t-o0.o
// RUN: simt-emu %t-o0.o %t.simt
// RUN: simt-objdump -d %t-o0.o | FileCheck %s --check-prefix=DEPTH
// DEPTH-LABEL: .kernel eight_breaks
// DEPTH: .max_stack 3{{[0-9]}}
// A 7 followed by a 0 traps, reported as a fault at the trap.
// RUN: %python %S/Inputs/loop_exits.py trap > %t-trap.simt
// RUN: not simt-emu %t.o %t-trap.simt 2>&1 | FileCheck %s --check-prefix=TRAP
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// RUN: simt-nvcc -O0 %s -o %t-o0.app
// RUN: %t-o0.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
// TRAP: trap
// TRAP: BPT.TRAP
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

// hits + the iteration the loop ended in: 100 + n when a[t] is in [0, n),
// 0 when a[t] is 31 (it breaks at once), n otherwise.
extern "C" __global__ void else_break(const int *a, int *b, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int hits = 0, i = 0;
  for (; i < n; i++) {
    int x = a[t];
    if (x == i)
      hits += 100;
    else if (x == 31)
      break;
  }
  b[t] = hits + i;
}

// The first edge o of vertex id to a higher-numbered neighbour of the same
// colour, or -1; inactive vertices keep their out value.
extern "C" __global__ void first_conflict(const int *rows, const int *cols, const int *colors,
                                          const int *active, int *out, int m) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < m && active[id]) {
    out[id] = -1;
    for (int o = rows[id]; o < rows[id + 1]; o++) {
      int nb = cols[o];
      if (id < nb && colors[id] == colors[nb]) {
        out[id] = o;
        break;
      }
    }
  }
}

// Sums a with a stride of the block; a 7 followed by a 0 is a corrupt input.
extern "C" __global__ void checked_sum(const int *a, int *out, int n) {
  int s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    if (a[i] == 7 && a[i + 1] == 0)
      asm volatile("trap;");
    s += a[i];
  }
  out[threadIdx.x] = s;
}

// Eight ways out of one loop: at -O0 each break is a divergent branch to
// the loop's exit, and the orders in which a warp's DIV tokens can stack up
// outnumber what the stack-depth walk follows; its bound is then the SSY and
// PBK depth plus the 31 DIV tokens a warp can hold (StackDepth.cpp).
// acc * 64 + the iteration the loop ended in.
extern "C" __global__ void eight_breaks(const int *a, int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0, i = 0;
  for (; i < n; ++i) {
    const int *row = a + 8 * i;
    if (row[0] == t) break;
    if (row[1] == t + 1) break;
    if (row[2] == t + 2) break;
    if (row[3] == t + 3) break;
    if (row[4] == t + 4) break;
    if (row[5] == t + 5) break;
    if (row[6] == t + 6) break;
    if (row[7] == t + 7) break;
    acc += row[t & 7];
  }
  out[t] = acc * 64 + i;
}

int main() {
  const int n = 20, threads = 64;
  int h_a[8 * n], h_b[threads];
  for (int t = 0; t < threads; t++)
    h_a[t] = (t * 7) % 40; // in [0, n), 31 or past n
  int *a, *b;
  cudaMalloc(&a, 64 * sizeof(int));
  cudaMalloc(&b, 64 * sizeof(int));
  cudaMemcpy(a, h_a, threads * sizeof(int), cudaMemcpyHostToDevice);
  else_break<<<1, 64>>>(a, b, 20);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  cudaMemcpy(h_b, b, sizeof h_b, cudaMemcpyDeviceToHost);
  // CPU reference: a value met by the loop counter scores 100 and the loop
  // runs to n; 31 (never met, n < 31) stops it at once; others run to n.
  for (int t = 0; t < threads; t++) {
    int expect = h_a[t] == 31 ? 0 : h_a[t] >= 0 && h_a[t] < n ? 100 + n : n;
    if (h_b[t] != expect) {
      printf("else_break mismatch at %d: %d != %d\n", t, h_b[t], expect);
      return 1;
    }
  }

  // eight_breaks over rows of 8 values; row i ends thread t's loop when
  // row[k] == t + k for some k, else adds row[t % 8].
  int *rows;
  cudaMalloc(&rows, 8 * n * sizeof(int));
  for (int i = 0; i < 8 * n; i++)
    h_a[i] = rand() % 150;
  cudaMemcpy(rows, h_a, 8 * n * sizeof(int), cudaMemcpyHostToDevice);
  eight_breaks<<<1, threads>>>(rows, b, n);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  cudaMemcpy(h_b, b, sizeof h_b, cudaMemcpyDeviceToHost);
  for (int t = 0; t < threads; t++) {
    int acc = 0, last = n;
    for (int i = 0; i < n && last == n; i++) {
      bool stop = false;
      for (int k = 0; k < 8; k++)
        stop = stop || h_a[8 * i + k] == t + k;
      if (stop)
        last = i;
      else
        acc += h_a[8 * i + t % 8];
    }
    if (h_b[t] != acc * 64 + last) {
      printf("eight_breaks mismatch at %d: %d != %d\n", t, h_b[t], acc * 64 + last);
      return 1;
    }
  }
  cudaFree(a);
  cudaFree(b);
  cudaFree(rows);
  printf("PASSED\n");
  return 0;
}
