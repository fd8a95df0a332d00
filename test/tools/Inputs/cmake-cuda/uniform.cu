// cuRAND's host API in a program linked with CUDA_RUNTIME_LIBRARY Static.
#include <cstdio>
#include <curand.h>

int main() {
  const int n = 64;
  curandGenerator_t gen;
  float *d, h[n];
  cudaMalloc(&d, sizeof h);
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  curandGenerateUniform(gen, d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int outside = 0;
  for (float v : h)
    outside += !(v > 0.0f && v <= 1.0f);
  std::printf("uniform: %d of %d outside (0, 1]\n", outside, n);
  curandDestroyGenerator(gen);
  return outside != 0;
}
