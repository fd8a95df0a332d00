// Host code of the zero-copy, managed-memory and stream era (CUDA 2.2 to
// 8): a device chosen by its properties and its memory bandwidth printed,
// mapped pinned buffers and their device pointers, managed memory
// prefetched to the device and back, non-blocking streams, events recorded
// on the default stream. simt-cc translates the kernel and only parses the
// rest (test/cuda/cuda-compat.test).
#include <cuda_runtime.h>
#include <stdio.h>

#define HANDLE(call)                                                            \
  do {                                                                          \
    cudaError_t e = (call);                                                     \
    if (e != cudaSuccess) {                                                     \
      printf("%s in %s at line %d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

__global__ void dot_partial(const float *a, const float *b, float *partial, int n) {
  __shared__ float cache[256];
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += a[i] * b[i];
  cache[threadIdx.x] = sum;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if (threadIdx.x < k)
      cache[threadIdx.x] += cache[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = cache[0];
}

int main() {
  const int n = 1 << 20, blocks = 32;
  cudaDeviceProp prop;
  int dev;
  memset(&prop, 0, sizeof(prop));
  prop.major = 2;
  prop.minor = 0;
  HANDLE(cudaChooseDevice(&dev, &prop));
  HANDLE(cudaGetDeviceProperties(&prop, dev));
  if (!prop.canMapHostMemory)
    return 0;
  printf("%s: %.1f GB/s peak\n", prop.name,
         2.0 * prop.memoryClockRate * (prop.memoryBusWidth / 8) / 1.0e6);
  HANDLE(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));

  float *a, *b, *partial, *dev_a, *dev_b, *dev_partial;
  HANDLE(cudaHostAlloc(&a, n * sizeof(float), cudaHostAllocWriteCombined | cudaHostAllocMapped));
  HANDLE(cudaHostAlloc((void **)&b, n * sizeof(float),
                       cudaHostAllocWriteCombined | cudaHostAllocMapped | cudaHostAllocPortable));
  HANDLE(cudaHostAlloc(&partial, blocks * sizeof(float), cudaHostAllocMapped));
  HANDLE(cudaHostGetDevicePointer(&dev_a, a, 0));
  HANDLE(cudaHostGetDevicePointer((void **)&dev_b, b, 0));
  HANDLE(cudaHostGetDevicePointer(&dev_partial, partial, 0));
  for (int i = 0; i < n; i++)
    a[i] = b[i] = 1.0f;

  cudaStream_t stream;
  cudaEvent_t start, stop;
  HANDLE(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  HANDLE(cudaEventCreate(&start));
  HANDLE(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
  HANDLE(cudaEventRecord(start));
  dot_partial<<<blocks, 256, 0, stream>>>(dev_a, dev_b, dev_partial, n);
  HANDLE(cudaStreamSynchronize(stream));

  float *managed;
  HANDLE(cudaMallocManaged(&managed, n * sizeof(float)));
  for (int i = 0; i < n; i++)
    managed[i] = 2.0f;
  HANDLE(cudaMemPrefetchAsync(managed, n * sizeof(float), dev, stream));
  dot_partial<<<blocks, 256, 0, stream>>>(managed, dev_b, dev_partial, n);
  HANDLE(cudaMemPrefetchAsync(managed, n * sizeof(float), cudaCpuDeviceId));
  HANDLE(cudaStreamWaitEvent(stream, start));
  HANDLE(cudaEventRecord(stop));
  HANDLE(cudaEventSynchronize(stop));
  float ms, sum = 0;
  HANDLE(cudaEventElapsedTime(&ms, start, stop));
  for (int i = 0; i < blocks; i++)
    sum += partial[i];
  printf("%f in %.2f ms\n", sum, ms);
  HANDLE(cudaFree(managed));
  HANDLE(cudaFreeHost(a));
  HANDLE(cudaFreeHost(b));
  HANDLE(cudaFreeHost(partial));
  HANDLE(cudaStreamDestroy(stream));
  return 0;
}
