//===-- MemPools.cpp - Memory pools of the stream-ordered allocator -------===//
//
// CUDA 11.2's pools: the device's default pool, which cudaMallocAsync
// draws from, and pools the program creates. Every pool takes its blocks
// from the device's global memory as cudaMalloc does and keeps none back
// when they are freed (so its reserved memory is its used memory, and
// trimming has nothing to give back); it counts its blocks' bytes for the
// usage attributes and keeps the others as set.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

struct CUmemPoolHandle_st {
  uint64_t releaseThreshold = 0;
  int reuse[3] = {1, 1, 1}; // follow event dependencies, opportunistic, internal
  uint64_t used = 0, usedHigh = 0;
};

namespace {

/// The pools and which pool each live block came from (under the
/// runtime's lock, which every entry point takes).
struct Pools {
  CUmemPoolHandle_st defaultPool;
  cudaMemPool_t current = &defaultPool;
  std::set<std::unique_ptr<CUmemPoolHandle_st>> created;
  std::map<void *, std::pair<cudaMemPool_t, size_t>> blocks;

  bool known(cudaMemPool_t p) const {
    return p == &defaultPool ||
           std::any_of(created.begin(), created.end(), [&](const auto &c) { return c.get() == p; });
  }
  static Pools &get() {
    static Pools pools;
    return pools;
  }
};

/// The reuse flag an attribute names, or none.
int *reuseFlag(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  if (attr < cudaMemPoolReuseFollowEventDependencies ||
      attr > cudaMemPoolReuseAllowInternalDependencies)
    return nullptr;
  return &pool->reuse[attr - cudaMemPoolReuseFollowEventDependencies];
}

/// The error of asking device `device` for a pool into `out`: this device
/// is 0.
cudaError_t poolQueryError(const void *out, int device) {
  return device != 0 ? cudaErrorInvalidDevice : !out ? cudaErrorInvalidValue : cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device) try {
  SIMT_CUDART_ENTRY;
  if (cudaError_t e = poolQueryError(memPool, device))
    return RT.result(e);
  *memPool = &Pools::get().defaultPool;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device) try {
  SIMT_CUDART_ENTRY;
  if (cudaError_t e = poolQueryError(memPool, device))
    return RT.result(e);
  *memPool = Pools::get().current;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) try {
  SIMT_CUDART_ENTRY;
  if (device != 0)
    return RT.result(cudaErrorInvalidDevice);
  if (!Pools::get().known(memPool))
    return RT.result(cudaErrorInvalidValue);
  Pools::get().current = memPool;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *props) try {
  SIMT_CUDART_ENTRY;
  if (!memPool || !props || props->allocType != cudaMemAllocationTypePinned ||
      props->location.type != cudaMemLocationTypeDevice || props->location.id != 0 ||
      props->handleTypes != cudaMemHandleTypeNone)
    return RT.result(cudaErrorInvalidValue);
  auto pool = std::make_unique<CUmemPoolHandle_st>();
  *memPool = pool.get();
  Pools::get().created.insert(std::move(pool));
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool) try {
  SIMT_CUDART_ENTRY;
  Pools &pools = Pools::get();
  auto it = std::find_if(pools.created.begin(), pools.created.end(),
                         [&](const auto &c) { return c.get() == memPool; });
  if (it == pools.created.end()) // the default pool cannot go
    return RT.result(cudaErrorInvalidValue);
  // Its blocks stay until freed, as CUDA's do; they count in no pool.
  for (auto &[ptr, owner] : pools.blocks)
    if (owner.first == memPool)
      owner.first = nullptr;
  if (pools.current == memPool)
    pools.current = &pools.defaultPool;
  pools.created.erase(it);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr,
                                    void *value) try {
  SIMT_CUDART_ENTRY;
  if (!Pools::get().known(memPool) || !value)
    return RT.result(cudaErrorInvalidValue);
  if (int *flag = reuseFlag(memPool, attr)) {
    *flag = *static_cast<int *>(value);
    return cudaSuccess;
  }
  switch (attr) {
  case cudaMemPoolAttrReleaseThreshold:
    memPool->releaseThreshold = *static_cast<uint64_t *>(value);
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh:
  case cudaMemPoolAttrUsedMemHigh: // only reset, to the current use
    if (*static_cast<uint64_t *>(value) != 0)
      return RT.result(cudaErrorInvalidValue);
    memPool->usedHigh = memPool->used;
    return cudaSuccess;
  default:
    return RT.result(cudaErrorInvalidValue);
  }
} SIMT_CUDART_CATCH

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr,
                                    void *value) try {
  SIMT_CUDART_ENTRY;
  if (!Pools::get().known(memPool) || !value)
    return RT.result(cudaErrorInvalidValue);
  if (const int *flag = reuseFlag(memPool, attr)) {
    *static_cast<int *>(value) = *flag;
    return cudaSuccess;
  }
  switch (attr) {
  case cudaMemPoolAttrReleaseThreshold:
    *static_cast<uint64_t *>(value) = memPool->releaseThreshold;
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemCurrent:
  case cudaMemPoolAttrUsedMemCurrent:
    *static_cast<uint64_t *>(value) = memPool->used;
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh:
  case cudaMemPoolAttrUsedMemHigh:
    *static_cast<uint64_t *>(value) = memPool->usedHigh;
    return cudaSuccess;
  default:
    return RT.result(cudaErrorInvalidValue);
  }
} SIMT_CUDART_CATCH

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t) try {
  SIMT_CUDART_ENTRY;
  return Pools::get().known(memPool) ? cudaSuccess : RT.result(cudaErrorInvalidValue);
} SIMT_CUDART_CATCH

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                    cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  Pools &pools = Pools::get();
  if (!pools.known(memPool))
    return RT.result(cudaErrorInvalidValue);
  if (!RT.stream(stream))
    return RT.result(cudaErrorInvalidResourceHandle);
  if (cudaError_t e = cudaMalloc(ptr, size))
    return e;
  memPool->used += size;
  memPool->usedHigh = std::max(memPool->usedHigh, memPool->used);
  pools.blocks[*ptr] = {memPool, size};
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  return cudaMallocFromPoolAsync(devPtr, size, Pools::get().current, stream);
} SIMT_CUDART_CATCH

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (!RT.stream(stream))
    return RT.result(cudaErrorInvalidResourceHandle);
  Pools &pools = Pools::get();
  if (auto it = pools.blocks.find(devPtr); it != pools.blocks.end()) {
    if (cudaMemPool_t owner = it->second.first)
      owner->used -= it->second.second;
    pools.blocks.erase(it);
  }
  return cudaFree(devPtr);
} SIMT_CUDART_CATCH

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream,
                                     unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (flags & ~unsigned(cudaEventRecordExternal))
    return RT.result(cudaErrorInvalidValue);
  return cudaEventRecord(event, stream); // external or not: one stream here
} SIMT_CUDART_CATCH

} // extern "C"
