// A program whose kernel waits for a flag nobody sets: Ctrl-C in simt-dbg
// must stop it (test/dbg/interactive.test).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void spin(volatile int *flag) {
  while (*flag == 0) {
  }
}

int main() {
  int *flag;
  cudaMalloc(&flag, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  printf("launching the spinner\n");
  fflush(stdout);
  spin<<<1, 32>>>(flag);
  cudaDeviceSynchronize();
  printf("the spinner ended\n");
  return 0;
}
