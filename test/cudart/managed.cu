// __managed__ variables: one variable for host and device, as on a GPU of
// compute capability 3.x (the CUDA Programming Guide's "Unified Memory"):
// the host reads and writes it by name, kernels too, and the host sees the
// kernels' writes once it has synchronised; its initializer is its value
// before any CUDA call; the host's writes reach the next launch; two
// launches in a row both count; the runtime's copies and memsets to and
// from its symbol see the host's writes and make its value at once; a
// pointer in its initializer (which the loader writes) survives the host's
// write to the variable's other field, and the host sees it.
// Expected values are the host's own arithmetic, at both levels.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -O2 -arch=sm_20 %s -o %t20 && %t20 | FileCheck %s
// CHECK: before: scale 2.5 hits 0 ns::total 7
// CHECK-NEXT: after one launch: hits 32
// CHECK-NEXT: after two more: hits 96
// CHECK-NEXT: ret: 0 wrong of 1000
// CHECK-NEXT: scaled with 3: 0 wrong
// CHECK-NEXT: kept the host's write: 5
// CHECK-NEXT: copied to the symbol: 41
// CHECK-NEXT: copied from it: 7, then set: 0
// CHECK-NEXT: ns::total 7 + 64 = 71
// CHECK-NEXT: cursor read 22 then 44, at &table[5]: yes
#include <cstdio>

__managed__ int hits;
__managed__ float scale = 2.5f;
__device__ __managed__ int ret[1000];
__managed__ float scaled[64];
namespace ns {
__managed__ long long total = 7;
}

__global__ void count() { atomicAdd(&hits, 1); }
__global__ void a_plus_b(int a, int b) { ret[threadIdx.x] = a + b + threadIdx.x; }
__global__ void scale_all() { scaled[threadIdx.x] = scale * threadIdx.x; }
__global__ void add_total() { atomicAdd((unsigned long long *)&ns::total, 1ull); }

__device__ int table[6] = {11, 22, 33, 44};
struct Cursor {
  int step;
  const int *at;
};
__managed__ Cursor cursor = {1, &table[1]};
__managed__ int lastRead;
__global__ void advance() {
  lastRead = *cursor.at;
  cursor.at += cursor.step;
}

int main() {
  cursor.step = 2; // before any launch: the pointer beside it stays
  printf("before: scale %g hits %d ns::total %lld\n", scale, hits, ns::total);
  count<<<1, 32>>>();
  cudaDeviceSynchronize();
  printf("after one launch: hits %d\n", hits);
  count<<<1, 32>>>();
  count<<<1, 32>>>();
  cudaDeviceSynchronize();
  printf("after two more: hits %d\n", hits);

  a_plus_b<<<1, 1000>>>(10, 100);
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int i = 0; i < 1000; ++i)
    wrong += ret[i] != 10 + 100 + i;
  printf("ret: %d wrong of 1000\n", wrong);

  scale = 3.0f; // the host's write reaches the next launch
  scale_all<<<1, 64>>>();
  cudaDeviceSynchronize();
  wrong = 0;
  for (int i = 0; i < 64; ++i)
    wrong += scaled[i] != 3.0f * i;
  printf("scaled with 3: %d wrong\n", wrong);

  hits = 5; // a synchronisation with no launch keeps it
  cudaDeviceSynchronize();
  printf("kept the host's write: %d\n", hits);

  int v = 41; // the runtime's copies see and make the variable's value
  cudaMemcpyToSymbol(hits, &v, sizeof v);
  printf("copied to the symbol: %d\n", hits);
  hits = 7;
  cudaMemcpyFromSymbol(&v, hits, sizeof v);
  int *at;
  cudaGetSymbolAddress((void **)&at, hits);
  cudaMemset(at, 0, sizeof v);
  printf("copied from it: %d, then set: %d\n", v, hits);

  add_total<<<2, 32>>>();
  cudaDeviceSynchronize();
  printf("ns::total 7 + 64 = %lld\n", ns::total);

  advance<<<1, 1>>>();
  cudaDeviceSynchronize();
  int first = lastRead;
  advance<<<1, 1>>>();
  cudaDeviceSynchronize();
  int *tableAt;
  cudaGetSymbolAddress((void **)&tableAt, table);
  printf("cursor read %d then %d, at &table[5]: %s\n", first, lastRead,
         cursor.at == tableAt + 5 ? "yes" : "no");
  return 0;
}
