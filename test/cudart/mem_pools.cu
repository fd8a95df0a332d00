// Memory pools (CUDA 11.2's stream-ordered allocator): the default pool
// that cudaMallocAsync draws from, a pool of the program's, blocks from
// each used by a kernel, the usage attributes counting their bytes (a pool
// keeps nothing back, so reserved is used), the settable attributes read
// back, the current pool moved and restored, and the misuses CUDA refuses.
// Expected values: the byte counts of the allocations below.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: supported 1, handle types 0
// CHECK-NEXT: default is current: yes
// CHECK-NEXT: after 4096 + 1024 bytes: used 5120 reserved 5120 high 5120
// CHECK-NEXT: own pool: used 256, default's 5120
// CHECK-NEXT: kernel: 7 7 7
// CHECK-NEXT: after freeing 4096: used 1024, high 5120; reset: high 1024
// CHECK-NEXT: threshold 18446744073709551615, reuse 0
// CHECK-NEXT: current moved: yes, back: yes
// CHECK-NEXT: destroy default: cudaErrorInvalidValue; bad props: cudaErrorInvalidValue; record flags 2: cudaErrorInvalidValue
// CHECK-NEXT: done: cudaSuccess
#include <cstdint>
#include <cstdio>

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

static uint64_t attr(cudaMemPool_t pool, cudaMemPoolAttr a) {
  uint64_t v = 0;
  cudaMemPoolGetAttribute(pool, a, &v);
  return v;
}

int main() {
  int supported = -1, handles = -1;
  cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0);
  cudaDeviceGetAttribute(&handles, cudaDevAttrMemoryPoolSupportedHandleTypes, 0);
  printf("supported %d, handle types %d\n", supported, handles);

  cudaMemPool_t def, cur;
  cudaDeviceGetDefaultMemPool(&def, 0);
  cudaDeviceGetMemPool(&cur, 0);
  printf("default is current: %s\n", def == cur ? "yes" : "no");

  cudaStream_t s;
  cudaStreamCreate(&s);
  int *a, *b, *c;
  cudaMallocAsync(&a, 4096, s);
  cudaMallocAsync(&b, 1024, s);
  printf("after 4096 + 1024 bytes: used %llu reserved %llu high %llu\n",
         (unsigned long long)attr(def, cudaMemPoolAttrUsedMemCurrent),
         (unsigned long long)attr(def, cudaMemPoolAttrReservedMemCurrent),
         (unsigned long long)attr(def, cudaMemPoolAttrUsedMemHigh));

  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t mine;
  cudaMemPoolCreate(&mine, &props);
  cudaMallocFromPoolAsync(&c, 256, mine, s);
  printf("own pool: used %llu, default's %llu\n",
         (unsigned long long)attr(mine, cudaMemPoolAttrUsedMemCurrent),
         (unsigned long long)attr(def, cudaMemPoolAttrUsedMemCurrent));

  fill<<<1, 32, 0, s>>>(c, 7);
  int h[32];
  cudaMemcpyAsync(h, c, sizeof h, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  printf("kernel: %d %d %d\n", h[0], h[17], h[31]);

  cudaFreeAsync(a, s);
  uint64_t used = attr(def, cudaMemPoolAttrUsedMemCurrent),
           high = attr(def, cudaMemPoolAttrUsedMemHigh), zero = 0;
  cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &zero);
  printf("after freeing 4096: used %llu, high %llu; reset: high %llu\n",
         (unsigned long long)used, (unsigned long long)high,
         (unsigned long long)attr(def, cudaMemPoolAttrUsedMemHigh));

  uint64_t threshold = UINT64_MAX;
  int reuse = 0, back = -1;
  cudaMemPoolSetAttribute(mine, cudaMemPoolAttrReleaseThreshold, &threshold);
  cudaMemPoolSetAttribute(mine, cudaMemPoolReuseAllowOpportunistic, &reuse);
  cudaMemPoolGetAttribute(mine, cudaMemPoolReuseAllowOpportunistic, &back);
  printf("threshold %llu, reuse %d\n",
         (unsigned long long)attr(mine, cudaMemPoolAttrReleaseThreshold), back);

  cudaDeviceSetMemPool(0, mine);
  cudaMemPool_t now, again;
  cudaDeviceGetMemPool(&now, 0);
  cudaDeviceSetMemPool(0, def);
  cudaDeviceGetMemPool(&again, 0);
  printf("current moved: %s, back: %s\n", now == mine ? "yes" : "no", again == def ? "yes" : "no");

  cudaError_t destroyDefault = cudaMemPoolDestroy(def);
  cudaMemPoolProps bad = props;
  bad.location.id = 3;
  cudaMemPool_t unused;
  cudaError_t badProps = cudaMemPoolCreate(&unused, &bad);
  cudaEvent_t e;
  cudaEventCreate(&e);
  cudaError_t badFlags = cudaEventRecordWithFlags(e, s, 2);
  printf("destroy default: %s; bad props: %s; record flags 2: %s\n",
         cudaGetErrorName(destroyDefault), cudaGetErrorName(badProps), cudaGetErrorName(badFlags));
  cudaGetLastError();

  cudaFreeAsync(b, s);
  cudaFreeAsync(c, s);
  cudaError_t last = cudaEventRecordWithFlags(e, s, cudaEventRecordExternal);
  if (last == cudaSuccess)
    last = cudaMemPoolDestroy(mine);
  cudaStreamSynchronize(s);
  printf("done: %s\n", cudaGetErrorName(last));
  return 0;
}
