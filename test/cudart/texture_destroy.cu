// A texture object destroyed right after the launch that reads it, before
// the launch has run (the CUDA samples' create, launch, destroy: their
// convolutionFFT2D): the launch still reads it, as on a GPU. The runtime
// frees the object's descriptor once the grids issued before it have run,
// as cudaFree waits for them. Expected: the buffer's own values.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t && %t | FileCheck %s
// CHECK: destroyed after the launch: no error, 0 of 1024 wrong
#include <cstdio>
#include <cstring>

__global__ void fetchAll(cudaTextureObject_t t, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch<float>(t, i);
}

int main() {
  const int n = 1024;
  static float in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = i * 0.5f;
  float *buffer, *result;
  cudaMalloc(&buffer, sizeof in);
  cudaMalloc(&result, sizeof out);
  cudaMemcpy(buffer, in, sizeof in, cudaMemcpyHostToDevice);
  cudaResourceDesc resource;
  std::memset(&resource, 0, sizeof resource);
  resource.resType = cudaResourceTypeLinear;
  resource.res.linear.devPtr = buffer;
  resource.res.linear.sizeInBytes = sizeof in;
  resource.res.linear.desc = cudaCreateChannelDesc<float>();
  cudaTextureDesc sampling;
  std::memset(&sampling, 0, sizeof sampling);
  sampling.readMode = cudaReadModeElementType;
  cudaTextureObject_t texture;
  cudaCreateTextureObject(&texture, &resource, &sampling, nullptr);
  fetchAll<<<n / 256, 256>>>(texture, result, n);
  cudaDestroyTextureObject(texture);
  const cudaError_t e = cudaMemcpy(out, result, sizeof out, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != in[i];
  std::printf("destroyed after the launch: %s, %d of %d wrong\n", cudaGetErrorString(e), wrong, n);
  return wrong != 0;
}
