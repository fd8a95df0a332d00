// printf-overflow.test: each thread prints one line and stores what printf
// returned (1 argument, or -1 when its record was dropped).
#include <stdio.h>
extern "C" __global__ void overflow(int *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  r[i] = printf("thread %d\n", i);
}
