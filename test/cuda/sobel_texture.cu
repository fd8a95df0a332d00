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

// The host program, as the SDK's image samples run such a filter: the image
// in a CUDA array bound to the texture (clamped, point-sampled: the
// reference's defaults), the result against the same filter on the CPU
// with the edges clamped by hand. Integer arithmetic throughout: the scale
// 0.5 times a sum below 2^24 is exact in float, so the byte is exact.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>
#include <stdlib.h>

int main() {
  const int width = 45, height = 23;
  unsigned char pixels[width * height], out[width * height];
  // A picture with edges: two rectangles over noise.
  unsigned state = 9;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      state = state * 1664525u + 1013904223u;
      int v = 40 + (int)((state >> 8) % 32);
      if (x >= 8 && x < 30 && y >= 4 && y < 15)
        v += 150;
      if (x >= 20 && x < 40 && y >= 10 && y < 20)
        v = 255 - v / 2;
      pixels[y * width + x] = (unsigned char)(v > 255 ? 255 : v);
    }

  cudaChannelFormatDesc desc = cudaCreateChannelDesc<unsigned char>();
  cudaArray *array;
  if (cudaMallocArray(&array, &desc, width, height) != cudaSuccess) {
    printf("cudaMallocArray failed\n");
    return 1;
  }
  cudaMemcpy2DToArray(array, 0, 0, pixels, width, width, height, cudaMemcpyHostToDevice);
  image.addressMode[0] = image.addressMode[1] = cudaAddressModeClamp;
  image.filterMode = cudaFilterModePoint;
  image.normalized = 0;
  if (cudaBindTextureToArray(image, array) != cudaSuccess) {
    printf("cudaBindTextureToArray failed\n");
    return 1;
  }
  unsigned char *d_out;
  cudaMalloc(&d_out, sizeof out);
  dim3 block(16, 16), grid((width + 15) / 16, (height + 15) / 16);
  sobel<<<grid, block>>>(d_out, width, height, 0.5f);
  cudaError_t err = cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  if (err != cudaSuccess) {
    printf("sobel failed: %s\n", cudaGetErrorString(err));
    return 1;
  }

  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      int p[3][3]; // p[dy + 1][dx + 1], clamped to the image
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int cx = x + dx < 0 ? 0 : x + dx >= width ? width - 1 : x + dx;
          int cy = y + dy < 0 ? 0 : y + dy >= height ? height - 1 : y + dy;
          p[dy + 1][dx + 1] = pixels[cy * width + cx];
        }
      int gx = (p[0][2] + 2 * p[1][2] + p[2][2]) - (p[0][0] + 2 * p[1][0] + p[2][0]);
      int gy = (p[0][0] + 2 * p[0][1] + p[0][2]) - (p[2][0] + 2 * p[2][1] + p[2][2]);
      int s = (abs(gx) + abs(gy)) / 2;
      int want = s > 255 ? 255 : s;
      if (out[y * width + x] != want) {
        printf("out[%d][%d] = %d, expected %d\n", y, x, out[y * width + x], want);
        return 1;
      }
    }
  cudaUnbindTexture(image);
  cudaFreeArray(array);
  cudaFree(d_out);
  printf("PASSED\n");
  return 0;
}
