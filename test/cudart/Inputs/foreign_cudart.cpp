// A stand-in for another CUDA's libcudart.so (NVIDIA's, on a machine with
// its toolkit): loading it at all announces itself, and its calls fail.
#include <cstdio>

extern "C" {
__attribute__((constructor)) static void announce() { std::puts("foreign libcudart loaded"); }
int cudaMalloc(void **, unsigned long) { return 100; } // cudaErrorNoDevice
int cudaGetDeviceCount(int *count) {
  *count = 0;
  return 100;
}
}
