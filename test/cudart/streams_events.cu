// Streams, events and constants through libcudart: grids of two streams
// run concurrently on the emulator and each stream keeps its order; events
// time emulated cycles; callbacks run after their stream's work; a
// __constant__ written between two launches, with no synchronisation, is a
// new constants version: the first grid keeps reading the old values.
// Expected values come from the host loops below.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: env SIMT_EMU_FLAGS="--sms 2 --epochs parallel --threads 2" %t | FileCheck %s
#include <cstdio>
#include <cstdlib>

__constant__ int coef[4];

// Each thread iterates `rounds` times so that grids overlap in time.
__global__ void axpb(int *out, const int *in, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i];
  for (int r = 0; r < rounds; ++r)
    v = v * coef[0] + coef[1];
  out[i] = v;
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1;
}

static int reference(int v, int rounds, const int *c) {
  for (int r = 0; r < rounds; ++r)
    v = v * c[0] + c[1];
  return v;
}

static int callbacks = 0;
static void CUDART_CB done(cudaStream_t, cudaError_t status, void *tag) {
  printf("callback %s after its stream: %s\n", (const char *)tag, cudaGetErrorName(status));
  ++callbacks;
}

int main() {
  const int n = 256, rounds = 40;
  int *in = (int *)malloc(n * sizeof(int)), *out = (int *)malloc(4 * n * sizeof(int));
  for (int i = 0; i < n; ++i)
    in[i] = i % 17 - 8;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, 4 * n * sizeof(int));
  cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice);

  cudaStream_t s[2];
  cudaEvent_t start, stop;
  cudaStreamCreate(&s[0]);
  cudaStreamCreate(&s[1]);
  cudaEventCreate(&start);
  cudaEventCreate(&stop);

  // Two constants versions, each read by the grids launched after it.
  const int c0[4] = {3, 1, 0, 0}, c1[4] = {-2, 5, 0, 0};
  cudaMemcpyToSymbol(coef, c0, sizeof c0);
  cudaEventRecord(start, s[0]);
  axpb<<<n / 64, 64, 0, s[0]>>>(d_out, d_in, n, rounds);
  axpb<<<n / 64, 64, 0, s[1]>>>(d_out + n, d_in, n, rounds);
  cudaMemcpyToSymbolAsync(coef, c1, sizeof c1, 0, cudaMemcpyHostToDevice, s[1]);
  axpb<<<n / 64, 64, 0, s[1]>>>(d_out + 2 * n, d_in, n, rounds);
  add_one<<<n / 64, 64, 0, s[1]>>>(d_out + 2 * n, n); // after the grid before it
  cudaEventRecord(stop, s[1]);
  cudaStreamAddCallback(s[0], done, (void *)"s0", 0);
  cudaStreamAddCallback(s[1], done, (void *)"s1", 0);
  printf("query before sync: %s\n", cudaGetErrorName(cudaEventQuery(stop)));
  cudaEventSynchronize(stop);
  printf("query after sync: %s\n", cudaGetErrorName(cudaEventQuery(stop)));
  float ms = -1;
  cudaError_t e = cudaEventElapsedTime(&ms, start, stop);
  printf("elapsed: %s, positive: %d\n", cudaGetErrorName(e), ms > 0);
  cudaDeviceSynchronize();
  cudaMemcpy(out, d_out, 3 * n * sizeof(int), cudaMemcpyDeviceToHost);

  int bad = 0;
  for (int i = 0; i < n && bad < 5; ++i) {
    int want[3] = {reference(in[i], rounds, c0), reference(in[i], rounds, c0),
                   reference(in[i], rounds, c1) + 1};
    for (int k = 0; k < 3; ++k)
      if (out[k * n + i] != want[k]) {
        printf("grid %d element %d: %d, expected %d\n", k, i, out[k * n + i], want[k]);
        ++bad;
      }
  }
  cudaStreamDestroy(s[0]);
  cudaStreamDestroy(s[1]);
  printf("destroy again: %s\n", cudaGetErrorName(cudaStreamDestroy(s[0])));
  printf("%s (%d callbacks)\n", bad ? "FAILED" : "PASSED", callbacks);
  return bad != 0;
}
// s0's grid may end while s1's later work waits for s1's first grid.
// CHECK-DAG: callback s0 after its stream: cudaSuccess
// CHECK-DAG: query before sync: cudaErrorNotReady
// CHECK: callback s1 after its stream: cudaSuccess
// CHECK: query after sync: cudaSuccess
// CHECK: elapsed: cudaSuccess, positive: 1
// CHECK: destroy again: cudaErrorInvalidResourceHandle
// CHECK: PASSED (2 callbacks)
