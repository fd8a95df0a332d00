// Shared accesses of known bank-conflict degrees, for shared-metrics.test:
// Fermi's 32 banks of 4 bytes, word w in bank w mod 32. Per warp:
//   stores: s[t]            stride 1, 32 banks: 1 transaction
//           s[2t + 256]     stride 2, 16 banks of 2 words: 2
//           s[1000]         every lane the same word: 1
//           d[t] (8 bytes)  two half-warps of 32 words each: 2
//   loads:  s[t]            1
//           s[2t + 256]     2
//           s[1000]         a broadcast: 1
//           s[32t]          32 words in bank 0: 32
//           d[t]            2
// (t = threadIdx.x). The barrier keeps the loads from being folded into
// the stores.
#include <cstdio>

__global__ void banks(int *out) {
  __shared__ int s[2048];
  __shared__ long long d[64];
  const int t = threadIdx.x;
  s[t] = t;
  s[2 * t + 256] = t;
  s[1000] = t;
  d[t] = t;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[t] + s[2 * t + 256] + s[1000] + s[32 * t] + int(d[t]);
}

int main() {
  int *out;
  cudaMalloc(&out, 128 * sizeof(int));
  banks<<<2, 64>>>(out);
  int h[128];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("out[1] %d\n", h[1]);
  return 0;
}
