// Host code as the CUDA samples and their helper headers write it: device
// attributes instead of cudaGetDeviceProperties, the heap and stack limits,
// occupancy, a stream callback, the profiler, peers, and helpers that exist
// as host fallbacks or as __host__ __device__ functions depending on
// __CUDACC__; a debug macro pasted after a string without a space, as old
// code does. simt-cc translates the kernel and only parses the rest
// (test/cuda/cuda-compat.test).
#include <cuda_runtime.h>
#include <cuda_profiler_api.h>
#include <stdio.h>

#if CUDART_VERSION < 4000
#error "the runtime API is too old"
#endif

#ifndef __CUDACC__
inline float lerp_to(float a, float b, float t) { return a + t * (b - a); }
#else
inline __host__ __device__ float lerp_to(float a, float b, float t) { return a + t * (b - a); }
#endif

#define NODE "%d"
#define TRACE(fmt, ...) printf("trace: " fmt "\n", __VA_ARGS__)

__global__ void blend(float *out, const float *a, const float *b, float t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = lerp_to(a[i], b[i], t);
}

static void CUDART_CB on_done(cudaStream_t, cudaError_t status, void *data) {
  printf("stream done: %s (%s)\n", cudaGetErrorString(status), (const char *)data);
}

int main() {
  int dev = 0, mode = 0, major = 0, minor = 0, sms = 0, clock = 0;
  cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, dev);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, dev);
  if (mode == cudaComputeModeProhibited)
    return 1;
  TRACE("node ("NODE") sm_%d%d, %d SMs", dev, major, minor, sms);
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20);
  size_t stack = 0;
  cudaDeviceGetLimit(&stack, cudaLimitStackSize);
  int blocks = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, blend, 256, 0);
  int min_grid = 0, block = 0;
  cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, blend);
  int peer = 0;
  cudaDeviceCanAccessPeer(&peer, 0, 1);
  cudaIpcMemHandle_t handle;
  (void)handle;
  float *buf = nullptr;
  cudaMalloc(&buf, 3 * 1024 * sizeof(float));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaProfilerStart();
  blend<<<4, 256, 0, stream>>>(buf, buf + 1024, buf + 2048, 0.25f, 1024);
  cudaStreamAddCallback(stream, on_done, (void *)"blend", 0);
  cudaStreamSynchronize(stream);
  cudaProfilerStop();
  printf("%f\n", lerp_to(1.0f, 3.0f, 0.5f));
  cudaFree(buf);
  return 0;
}
