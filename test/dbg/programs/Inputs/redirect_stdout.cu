#include <cstdio>
__global__ void k(int *x) {
  int i = threadIdx.x;
  x[i] = i * 2;
}
int main(int argc, char **argv) {
  printf("to the terminal\n");
  freopen(argv[1], "w", stdout); // the program's own log from here on
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  k<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  printf("done\n");
  fclose(stdout);
  return 0;
}
