// A program whose last CUDA call is cudaDeviceReset (the CUDA samples end
// so, so that profilers flush their data): the tools still report at exit.
// compute-sanitizer reports the leak when the context is destroyed and
// counts it; nvprof prints its summary; the statistics are the session's
// before the reset. Without the reset's handling, nvprof printed nothing
// and the sanitizer said the program "ended before the sanitizer's end of
// run" with 0 errors.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: simt-sanitizer --leak-check full %t | FileCheck %s --check-prefix=LEAK
// LEAK:      got 7
// LEAK:      ========= Leaked 128 bytes at 0x{{[0-9a-f]+}}
// LEAK:      ========= LEAK SUMMARY: 128 bytes leaked in 1 allocations
// LEAK-NEXT: ========= ERROR SUMMARY: 1 error
// RUN: simt-prof %t 2>&1 | FileCheck %s --check-prefix=PROF
// PROF:      got 7
// PROF:      Profiling result:
// PROF:      GPU activities:
// PROF-DAG:  [CUDA memcpy DtoH]
// PROF-DAG:  fill(int*, int)
// PROF:      API calls:
// RUN: env SIMT_EMU_FLAGS="--stats-file %t.json" %t
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1])); print('ran', s['cycles'] > 0)" %t.json | FileCheck %s --check-prefix=STATS
// STATS: ran True
#include <cstdio>

__global__ void fill(int *x, int v) { x[threadIdx.x] = v; }

int main() {
  int *d;
  cudaMalloc(&d, 128); // never freed: the reset destroys it
  fill<<<1, 32>>>(d, 7);
  int h[32];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("got %d\n", h[31]);
  cudaDeviceReset();
  return 0;
}
