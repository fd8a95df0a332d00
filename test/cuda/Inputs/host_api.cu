// A whole program as Rodinia-era CUDA code writes it: C++ standard headers,
// OpenMP and the runtime API in host code, a texture reference bound on the
// host that no kernel fetches through, the kernel's cache preference.
// simt-cc translates the kernel and only parses the rest
// (test/cuda/cuda-compat.test).
#include <cuda_runtime.h>
#include <omp.h>
#include <stdio.h>
#include <iostream>
#include <new>
#include <vector>

#define CHECK(call)                                                             \
  do {                                                                          \
    cudaError_t e = (call);                                                     \
    if (e != cudaSuccess) {                                                     \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

texture<float, 1, cudaReadModeElementType> weights_tex;
__constant__ float bias[4];

__global__ void scale_rows(float *rows, int width, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < width)
    rows[i] = rows[i] * factor + bias[i & 3];
}

int main(int argc, char **argv) {
  int width = argc > 1 ? atoi(argv[1]) : 256;
  std::vector<float> host(width, 1.0f);
  float *pinned = new float[width];
  cudaDeviceProp prop;
  CHECK(cudaSetDevice(0));
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::cout << prop.name << " " << prop.multiProcessorCount << " SMs, "
            << prop.sharedMemPerBlock << " B shared, warp " << prop.warpSize << std::endl;
  omp_set_num_threads(4);
  double t0 = omp_get_wtime();

  float *rows, *staging;
  CHECK(cudaMalloc((void **)&rows, width * sizeof(float)));
  CHECK(cudaMallocHost((void **)&staging, width * sizeof(float)));
  CHECK(cudaMemset(rows, 0, width * sizeof(float)));
  CHECK(cudaMemcpy(rows, host.data(), width * sizeof(float), cudaMemcpyHostToDevice));
  float b[4] = {0, 1, 2, 3};
  CHECK(cudaMemcpyToSymbol(bias, b, sizeof(b)));

  cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  weights_tex.filterMode = cudaFilterModePoint;
  weights_tex.addressMode[0] = cudaAddressModeClamp;
  weights_tex.normalized = false;
  CHECK(cudaBindTexture(0, weights_tex, rows, desc, width * sizeof(float)));

  CHECK(cudaFuncSetCacheConfig(scale_rows, cudaFuncCachePreferL1));
  cudaStream_t stream;
  cudaEvent_t start, stop;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start, stream));
  scale_rows<<<(width + 127) / 128, 128, 0, stream>>>(rows, width, 2.0f);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop, stream));
  CHECK(cudaEventSynchronize(stop));
  float ms;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaThreadSynchronize());
  CHECK(cudaMemcpy(pinned, rows, width * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaUnbindTexture(weights_tex));
  printf("%f ms, %f s\n", ms, omp_get_wtime() - t0);
  delete[] pinned;
  CHECK(cudaFreeHost(staging));
  CHECK(cudaFree(rows));
  CHECK(cudaStreamDestroy(stream));
  return 0;
}
