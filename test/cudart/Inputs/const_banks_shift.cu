// A file of const_banks_link.cu: a table indexed per thread (an LDC with a
// register offset, where the other files' reads are c[BANK][OFFSET]
// operands), not initialized: zero until the host writes it.
#include "const_banks.cuh"

__constant__ int table[16];

__global__ void shift(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] + table[in[i] & 15];
}

void shift_launch(const int *in, int *out, int n, cudaStream_t s) {
  shift<<<(n + 63) / 64, 64, 0, s>>>(in, out, n);
}
void shift_set(const int t[16]) { cudaMemcpyToSymbol(table, t, sizeof table); }
void shift_get(int t[16]) { cudaMemcpyFromSymbol(t, table, sizeof table); }
void *shift_table_address() {
  void *p = nullptr;
  cudaGetSymbolAddress(&p, table);
  return p;
}
