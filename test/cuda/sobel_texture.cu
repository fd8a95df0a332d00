// An edge filter as the SDK-era image samples write it: an 8-bit image in a
// 2-D texture reference read as unsigned char (cudaReadModeElementType),
// sampled at integer texel coordinates with tex2D, clamped at the edges by
// the texture's address mode (not by the kernel), the gradient scaled and
// saturated to a byte. Expected values: Inputs/sobel_texture.py, the same
// filter on the host with the edge clamped by hand.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/sobel_texture.py > %t.simt
// RUN: simt-emu %t.o %t.simt
#include <cuda_runtime.h>

texture<unsigned char, 2, cudaReadModeElementType> image;

__device__ unsigned char magnitude(unsigned char ul, unsigned char um, unsigned char ur,
                                   unsigned char ml, unsigned char mr, unsigned char ll,
                                   unsigned char lm, unsigned char lr, float scale) {
  const int horizontal = ur + 2 * mr + lr - ul - 2 * ml - ll;
  const int vertical = ul + 2 * um + ur - ll - 2 * lm - lr;
  int sum = (int)(scale * (float)(abs(horizontal) + abs(vertical)));
  return (unsigned char)(sum < 0 ? 0 : sum > 255 ? 255 : sum);
}

__global__ void sobel(unsigned char *out, int width, int height, float scale) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  const float u = (float)x, v = (float)y;
  out[y * width + x] =
      magnitude(tex2D(image, u - 1, v - 1), tex2D(image, u, v - 1), tex2D(image, u + 1, v - 1),
                tex2D(image, u - 1, v), tex2D(image, u + 1, v), tex2D(image, u - 1, v + 1),
                tex2D(image, u, v + 1), tex2D(image, u + 1, v + 1), scale);
}
