// Three files compiled one by one (-c), each with its own __constant__
// variables and a kernel that reads them, linked by simt-nvcc: the three
// objects name the same user constant bank (bank 2, as every file compiled
// alone does; these three paths also went to one bank under the hash of
// the path that simt-nvcc used before, in a checkout at /work/wt-banks),
// and each module keeps its own bytes, which a launch of its kernels binds
// (runtime/ModuleBanks.h). Every result is checked against the host's own
// arithmetic: with the initializers, with the three modules' grids running
// side by side, after cudaMemcpyToSymbol into each file's constants, with
// a write between two launches of one kernel, through
// cudaGetSymbolAddress, and read back with cudaMemcpyFromSymbol while
// another module holds the bank.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -O2 -I%S/Inputs -c %s -o %t/link.o
// RUN: simt-nvcc -O2 -I%S/Inputs -c %S/Inputs/const_banks_stencil.cu -o %t/stencil.o
// RUN: simt-nvcc -O2 -I%S/Inputs -c %S/Inputs/const_banks_shift.cu -o %t/shift.o
// RUN: simt-nvcc %t/link.o %t/stencil.o %t/shift.o -o %t/app
// RUN: %t/app | FileCheck %s
// In one command too (banks in order, no module binds again).
// RUN: simt-nvcc -O2 -I%S/Inputs %s %S/Inputs/const_banks_stencil.cu %S/Inputs/const_banks_shift.cu -o %t/app2
// RUN: %t/app2 | FileCheck %s
// CHECK: initializers: ok
// CHECK-NEXT: side by side: ok
// CHECK-NEXT: cudaMemcpyToSymbol: ok
// CHECK-NEXT: a write between two launches: ok
// CHECK-NEXT: symbol addresses: ok
// CHECK-NEXT: cudaMemcpyFromSymbol: ok
// CHECK-NEXT: PASSED
#include "const_banks.cuh"
#include <cstdio>
#include <cstring>

__constant__ int poly[4] = {3, -2, 5, 1};

__global__ void poly_eval(const int *x, int *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = poly[0] + x[i] * (poly[1] + x[i] * (poly[2] + x[i] * poly[3]));
}

namespace {

constexpr int N = 700;
int X[N];

bool check(const char *what, const int *got, const int *want) {
  for (int i = 0; i < N; ++i)
    if (got[i] != want[i]) {
      printf("FAILED: %s at %d: %d, expected %d\n", what, i, got[i], want[i]);
      return false;
    }
  return true;
}

void polyOnHost(const int p[4], int *y) {
  for (int i = 0; i < N; ++i)
    y[i] = p[0] + X[i] * (p[1] + X[i] * (p[2] + X[i] * p[3]));
}
void stencilOnHost(const int t[3], int b, int *y) {
  for (int i = 0; i < N; ++i)
    y[i] = t[0] * X[i > 0 ? i - 1 : i] + t[1] * X[i] + t[2] * X[i + 1 < N ? i + 1 : i] + b;
}
void shiftOnHost(const int t[16], int *y) {
  for (int i = 0; i < N; ++i)
    y[i] = X[i] + t[X[i] & 15];
}

struct Buffers {
  int *in = nullptr, *poly = nullptr, *stencil = nullptr, *shift = nullptr;
};

// The three kernels on three streams, no wait between them: each launch
// binds its module's bytes while the grids before it still run.
bool runAll(const Buffers &d, cudaStream_t s[3], const int p[4], const int t[3], int b,
            const int table[16], const char *what) {
  poly_eval<<<(N + 255) / 256, 256, 0, s[0]>>>(d.in, d.poly, N);
  stencil_launch(d.in, d.stencil, N, s[1]);
  shift_launch(d.in, d.shift, N, s[2]);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAILED: %s: %s\n", what, cudaGetErrorString(cudaGetLastError()));
    return false;
  }
  static int got[N], want[N];
  cudaMemcpy(got, d.poly, sizeof got, cudaMemcpyDeviceToHost);
  polyOnHost(p, want);
  if (!check("poly", got, want))
    return false;
  cudaMemcpy(got, d.stencil, sizeof got, cudaMemcpyDeviceToHost);
  stencilOnHost(t, b, want);
  if (!check("stencil", got, want))
    return false;
  cudaMemcpy(got, d.shift, sizeof got, cudaMemcpyDeviceToHost);
  shiftOnHost(table, want);
  if (!check("shift", got, want))
    return false;
  printf("%s: ok\n", what);
  return true;
}

} // namespace

int main() {
  for (int i = 0; i < N; ++i)
    X[i] = (i * 37) % 61 - 30;
  Buffers d;
  int **all[] = {&d.in, &d.poly, &d.stencil, &d.shift};
  for (int **p : all)
    cudaMalloc(p, N * sizeof(int));
  cudaMemcpy(d.in, X, sizeof X, cudaMemcpyHostToDevice);
  cudaStream_t s[3];
  for (cudaStream_t &st : s)
    cudaStreamCreate(&st);

  // The initializers: shift's table has none (zeros), although the other
  // files' bytes lie at the same offsets of the same bank.
  int p[4] = {3, -2, 5, 1}, t[3] = {1, 2, 1}, b = 7, table[16] = {};
  if (!runAll(d, s, p, t, b, table, "initializers"))
    return 1;
  if (!runAll(d, s, p, t, b, table, "side by side"))
    return 1;

  // Each file's constants written by its own host code.
  const int p2[4] = {-4, 0, 2, -1}, t2[3] = {3, -1, 4};
  std::memcpy(p, p2, sizeof p);
  std::memcpy(t, t2, sizeof t);
  b = -11;
  for (int i = 0; i < 16; ++i)
    table[i] = i * i - 40;
  cudaMemcpyToSymbol(poly, p, sizeof p);
  stencil_set(t, b);
  shift_set(table);
  if (!runAll(d, s, p, t, b, table, "cudaMemcpyToSymbol"))
    return 1;

  // A write between two launches of one kernel, another module's launch
  // between them: the first grid keeps the bytes it was launched with.
  static int y1[N], y2[N], want[N];
  int *second = nullptr;
  cudaMalloc(&second, N * sizeof(int));
  poly_eval<<<(N + 255) / 256, 256, 0, s[0]>>>(d.in, d.poly, N);
  shift_launch(d.in, d.shift, N, s[2]);
  const int p3[4] = {1, 1, -3, 2};
  cudaMemcpyToSymbolAsync(poly, p3, sizeof p3, 0, cudaMemcpyHostToDevice, s[0]);
  poly_eval<<<(N + 255) / 256, 256, 0, s[0]>>>(d.in, second, N);
  cudaDeviceSynchronize();
  cudaMemcpy(y1, d.poly, sizeof y1, cudaMemcpyDeviceToHost);
  cudaMemcpy(y2, second, sizeof y2, cudaMemcpyDeviceToHost);
  polyOnHost(p, want);
  if (!check("poly before the write", y1, want))
    return 1;
  polyOnHost(p3, want);
  if (!check("poly after the write", y2, want))
    return 1;
  std::memcpy(p, p3, sizeof p);
  printf("a write between two launches: ok\n");

  // cudaGetSymbolAddress: the same bank and offset in two modules are two
  // addresses, and a copy to one reaches only its module.
  void *biasAt = stencil_bias_address(), *tableAt = shift_table_address(), *polyAt = nullptr;
  cudaGetSymbolAddress(&polyAt, poly);
  if (!biasAt || !tableAt || !polyAt || polyAt == tableAt) {
    printf("FAILED: symbol addresses %p %p %p\n", polyAt, biasAt, tableAt);
    return 1;
  }
  table[0] = 1000;
  table[15] = -1000;
  cudaMemcpy(tableAt, table, sizeof table, cudaMemcpyHostToDevice);
  b = 123;
  cudaMemcpy(biasAt, &b, sizeof b, cudaMemcpyHostToDevice);
  int readBias = 0;
  cudaMemcpy(&readBias, biasAt, sizeof readBias, cudaMemcpyDeviceToHost);
  if (readBias != b) {
    printf("FAILED: bias through its address: %d, expected %d\n", readBias, b);
    return 1;
  }
  if (!runAll(d, s, p, t, b, table, "symbol addresses"))
    return 1;

  // Read back while shift's module holds the bank (it launched last).
  int gp[4], gt[3], gb, gtable[16];
  cudaMemcpyFromSymbol(gp, poly, sizeof gp);
  stencil_get(gt, &gb);
  shift_get(gtable);
  if (std::memcmp(gp, p, sizeof p) || std::memcmp(gt, t, sizeof t) || gb != b ||
      std::memcmp(gtable, table, sizeof table)) {
    printf("FAILED: cudaMemcpyFromSymbol: poly[0] %d (%d), taps[0] %d (%d), bias %d (%d), "
           "table[0] %d (%d)\n",
           gp[0], p[0], gt[0], t[0], gb, b, gtable[0], table[0]);
    return 1;
  }
  printf("cudaMemcpyFromSymbol: ok\n");
  printf("PASSED\n");
  return 0;
}
