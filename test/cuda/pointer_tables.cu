// Pointers in the initialisers of __device__ and __constant__ variables: a
// table of strings, a pointer into an array, a pointer to a variable placed
// after it (an uninitialised one), linked lists across three variables,
// and a __constant__ table of pointers to __device__ data. (A variable
// pointing into itself is clang's NVPTX limit: "Circular dependency found
// in global variable set".) The loader writes each address where it places
// the variables (`.var_addr`).
// The host runs the same code over its own copy of the same tables; the
// pointer the runtime reads back is the one cudaGetSymbolAddress gives.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: simt-cc -O2 %s -S -o - | FileCheck %s --check-prefix=ASM
// CHECK: px is &x[2]: yes
// CHECK: PASSED
// ASM-DAG: .var_addr {{.*}}px, 0, {{.*}}x+8
// ASM-DAG: .var_addr {{.*}}nodes, 24, {{.*}}mid+16
// ASM-DAG: .var_addr {{.*}}rows, 8, {{.*}}x+12
#include <cstdio>

struct Node {
  int value;
  const Node *next;
};

#define DEFINE_TABLES(SPACE, CONST_SPACE, P)                                        \
  SPACE int P##x[4] = {1, 2, 3, 4};                                                 \
  SPACE int *P##px = &P##x[2];                                                      \
  SPACE const char *P##names[3] = {"alpha", "beta", "gamma"};                       \
  SPACE int P##buf[4];                                                              \
  SPACE int *P##pbuf = P##buf;                                                      \
  SPACE Node P##last = {30, nullptr};                                                \
  SPACE Node P##mid[2] = {{20, &P##last}, {25, &P##last}};                          \
  SPACE Node P##nodes[3] = {{10, &P##mid[0]}, {15, &P##mid[1]}, {5, nullptr}};      \
  CONST_SPACE const int *P##rows[2] = {&P##x[1], &P##x[3]};

DEFINE_TABLES(__device__, __constant__, d_)
DEFINE_TABLES(static, static, h_)

__host__ __device__ int walk(int t, const int *px, const char *const *names, const int *pbuf,
                             const Node *nodes) {
  int r = *px * 1000 + names[t % 3][t % 4] + pbuf[t & 3];
  for (const Node *n = &nodes[t % 3]; n; n = n->next)
    r += n->value;
  return r;
}

__global__ void tables(int *out) {
  int t = threadIdx.x;
  if (t < 4)
    d_pbuf[t] = 7 * t;
  __syncthreads();
  out[t] = walk(t, d_px, d_names, d_pbuf, d_nodes) + *d_rows[t & 1] * 100000;
}

int main() {
  const int n = 12;
  int *out;
  cudaMalloc(&out, n * sizeof(int));
  tables<<<1, n>>>(out);
  int got[n];
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  int *px = nullptr, *x = nullptr;
  cudaMemcpyFromSymbol(&px, d_px, sizeof px);
  cudaGetSymbolAddress((void **)&x, d_x);
  printf("px is &x[2]: %s\n", px == x + 2 ? "yes" : "no");
  for (int t = 0; t < 4; ++t)
    h_pbuf[t] = 7 * t;
  int bad = 0;
  for (int t = 0; t < n; ++t) {
    int want = walk(t, h_px, h_names, h_pbuf, h_nodes) + *h_rows[t & 1] * 100000;
    if (got[t] != want && bad++ < 4)
      printf("out[%d] = %d, expected %d\n", t, got[t], want);
  }
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
