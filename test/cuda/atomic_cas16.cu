// CUDA 12's atomicCAS on an unsigned short (a 32-bit CAS loop on the word
// that holds it, cc/headers/__simt_device_functions.h): 256 threads try to
// claim each of 38 halfword slots from 0; the host checks that every slot
// was claimed exactly once and by the thread that counted the win, so no
// CAS lost a neighbouring halfword's update.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: claimed 38 of 38 slots, 0 inconsistent
#include <cstdio>
// Each of 256 threads claims slots of a 16-bit table by CAS from 0 to its id+1.
__global__ void claim(unsigned short *table, int n, int *wins) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    unsigned short old = atomicCAS(&table[(k + t) % n], (unsigned short)0, (unsigned short)(t + 1));
    if (old == 0) atomicAdd(&wins[t], 1);
  }
}
int main() {
  const int n = 38, threads = 256;
  unsigned short *table; int *wins;
  cudaMallocManaged(&table, n * 2); cudaMallocManaged(&wins, threads * 4);
  for (int i = 0; i < n; ++i) table[i] = 0;
  for (int i = 0; i < threads; ++i) wins[i] = 0;
  claim<<<2, 128>>>(table, n, wins);
  cudaDeviceSynchronize();
  int total = 0, bad = 0;
  for (int i = 0; i < threads; ++i) total += wins[i];
  int owned[256] = {0};
  for (int i = 0; i < n; ++i) { if (table[i] == 0 || table[i] > threads) ++bad; else owned[table[i] - 1]++; }
  for (int i = 0; i < threads; ++i) if (owned[i] != wins[i]) ++bad;
  printf("claimed %d of %d slots, %d inconsistent\n", total, n, bad);
}
