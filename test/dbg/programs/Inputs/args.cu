// Prints its arguments (and a line on standard error) and exits with
// their count (run-args.test).
#include <cstdio>

__global__ void touch(int *x) { *x = 1; }

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    printf("[%s]\n", argv[i]);
  fflush(stdout);
  fprintf(stderr, "to stderr\n");
  int *d;
  cudaMalloc(&d, 4);
  touch<<<1, 1>>>(d);
  cudaDeviceSynchronize();
  return argc;
}
