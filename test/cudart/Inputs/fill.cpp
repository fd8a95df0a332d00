// Plain C++ host code that includes the runtime header, as programs' .cpp
// files do (compiled by the host compiler, not as CUDA).
#include <cuda_runtime.h>
#include <vector>
void fill_on_host(int *host, int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = i * 3 - 7;
  int *d = nullptr;
  cudaMalloc((void **)&d, n * sizeof(int)); // a round trip through the device
  cudaMemcpy(d, v.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(host, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d);
}
