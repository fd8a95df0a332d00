// Inline PTX that names special registers with one '%', as nvcc takes it
// (NVIDIA's cudaGraphsPerfScaling reads %globaltimer so), beside the '%%'
// spelling and operands.
#include <cstdio>

__global__ void registers(unsigned *lanes, unsigned long long *times) {
  unsigned lane, warp;
  unsigned long long t0, t1;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t0));
  asm("mov.u32 %0, %laneid;" : "=r"(lane));
  asm("mov.u32 %0, %%warpid;" : "=r"(warp));
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t1));
  lanes[threadIdx.x] = lane;
  if (threadIdx.x == 0) {
    times[0] = t0;
    times[1] = t1;
  }
  (void)warp;
}

int main() {
  unsigned *lanes;
  unsigned long long *times;
  cudaMalloc(&lanes, 64 * sizeof(unsigned));
  cudaMalloc(&times, 2 * sizeof(unsigned long long));
  registers<<<1, 64>>>(lanes, times);
  unsigned l[64];
  unsigned long long t[2];
  cudaMemcpy(l, lanes, sizeof l, cudaMemcpyDeviceToHost);
  cudaMemcpy(t, times, sizeof t, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 64; ++i)
    wrong += l[i] != unsigned(i % 32);
  std::printf("lanes: %d wrong of 64, timer %s\n", wrong, t[1] >= t[0] ? "monotonic" : "BACKWARDS");
  return 0;
}
