// Kernels that take the driver API's CUtexObject (driver_textures.cu).
#include <cuda.h>

extern "C" __global__ void fetch2D(float *out, int width, CUtexObject tex) {
  const int x = threadIdx.x, y = blockIdx.x;
  out[y * width + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

// Past the right edge: the clamp address mode gives the last column.
extern "C" __global__ void fetchPastEdge(float *out, CUtexObject tex) {
  out[threadIdx.x] = tex2D<float>(tex, 100.0f, threadIdx.x + 0.5f);
}

extern "C" __global__ void fetchNormalized(float4 *out, CUtexObject tex) {
  out[threadIdx.x] = tex1D<float4>(tex, threadIdx.x + 0.5f);
}
