// Streams' attributes and the persisting L2 of CUDA 11+, as NVIDIA's
// simpleAttributes sample asks for them, on a device with no persisting L2
// (persistingL2CacheMaxSize and accessPolicyMaxWindowSize 0, so the sample
// waives): an empty access-policy window is kept and a non-empty one is
// refused (its size must stay under the device's maximum window), the
// synchronization policy starts as auto and is copied with the stream's
// attributes, a priority is clamped to the one there is, a launch-only
// attribute is no stream's; the persisting-L2 limit is 0 and can be set to
// nothing more. cudaDeviceGetP2PAttribute: no pair of devices exists.
// Expected values: the CUDA Runtime API reference.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK:      persisting L2 0, window max 0
// CHECK-NEXT: empty window: cudaSuccess, read back 0 bytes hit ratio 0.5 hit 1 miss 0
// CHECK-NEXT: window of 4096 bytes: cudaErrorInvalidValue
// CHECK-NEXT: sync policy at first 1, set 2, copied 2
// CHECK-NEXT: priority -1 reads 0
// CHECK-NEXT: cooperative on a stream: cudaErrorInvalidValue
// CHECK-NEXT: limit 0: cudaSuccess, 1 MiB: cudaErrorUnsupportedLimit, reads 0, reset: cudaSuccess
// CHECK-NEXT: P2P 0-0: cudaErrorInvalidDevice, 0-1: cudaErrorInvalidDevice, attribute 9: cudaErrorInvalidValue
#include <cstdio>

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("persisting L2 %d, window max %d\n", prop.persistingL2CacheMaxSize,
              prop.accessPolicyMaxWindowSize);

  cudaStream_t a, b;
  cudaStreamCreate(&a);
  cudaStreamCreate(&b);
  int *data;
  cudaMalloc(&data, 4096);

  cudaStreamAttrValue value = {};
  value.accessPolicyWindow.base_ptr = data;
  value.accessPolicyWindow.num_bytes = 0;
  value.accessPolicyWindow.hitRatio = 0.5f;
  value.accessPolicyWindow.hitProp = cudaAccessPropertyStreaming;
  value.accessPolicyWindow.missProp = cudaAccessPropertyNormal;
  cudaError_t e = cudaStreamSetAttribute(a, cudaStreamAttributeAccessPolicyWindow, &value);
  cudaStreamAttrValue back = {};
  cudaStreamGetAttribute(a, cudaStreamAttributeAccessPolicyWindow, &back);
  std::printf("empty window: %s, read back %zu bytes hit ratio %.1f hit %d miss %d\n",
              cudaGetErrorName(e), back.accessPolicyWindow.num_bytes,
              back.accessPolicyWindow.hitRatio, int(back.accessPolicyWindow.hitProp),
              int(back.accessPolicyWindow.missProp));
  value.accessPolicyWindow.num_bytes = 4096;
  e = cudaStreamSetAttribute(a, cudaStreamAttributeAccessPolicyWindow, &value);
  std::printf("window of 4096 bytes: %s\n", cudaGetErrorName(e));
  cudaGetLastError();

  cudaStreamAttrValue sync = {};
  cudaStreamGetAttribute(a, cudaStreamAttributeSynchronizationPolicy, &sync);
  const int first = int(sync.syncPolicy);
  sync.syncPolicy = cudaSyncPolicySpin;
  cudaStreamSetAttribute(a, cudaStreamAttributeSynchronizationPolicy, &sync);
  cudaStreamAttrValue set = {}, copied = {};
  cudaStreamGetAttribute(a, cudaStreamAttributeSynchronizationPolicy, &set);
  cudaStreamCopyAttributes(b, a);
  cudaStreamGetAttribute(b, cudaStreamAttributeSynchronizationPolicy, &copied);
  std::printf("sync policy at first %d, set %d, copied %d\n", first, int(set.syncPolicy),
              int(copied.syncPolicy));

  cudaStreamAttrValue priority = {};
  priority.priority = -1;
  cudaStreamSetAttribute(b, cudaStreamAttributePriority, &priority);
  cudaStreamGetAttribute(b, cudaStreamAttributePriority, &priority);
  std::printf("priority -1 reads %d\n", priority.priority);

  cudaStreamAttrValue cooperative = {};
  cooperative.cooperative = 1;
  e = cudaStreamSetAttribute(b, cudaLaunchAttributeCooperative, &cooperative);
  std::printf("cooperative on a stream: %s\n", cudaGetErrorName(e));
  cudaGetLastError();

  const cudaError_t zero = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0);
  const cudaError_t mib = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1 << 20);
  cudaGetLastError();
  size_t limit = 1;
  cudaDeviceGetLimit(&limit, cudaLimitPersistingL2CacheSize);
  std::printf("limit 0: %s, 1 MiB: %s, reads %zu, reset: %s\n", cudaGetErrorName(zero),
              cudaGetErrorName(mib), limit, cudaGetErrorName(cudaCtxResetPersistingL2Cache()));

  int v = -1;
  const cudaError_t self = cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 0);
  const cudaError_t other = cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 1);
  const cudaError_t bad = cudaDeviceGetP2PAttribute(&v, cudaDeviceP2PAttr(9), 0, 1);
  std::printf("P2P 0-0: %s, 0-1: %s, attribute 9: %s\n", cudaGetErrorName(self),
              cudaGetErrorName(other), cudaGetErrorName(bad));
  cudaFree(data);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  return 0;
}
