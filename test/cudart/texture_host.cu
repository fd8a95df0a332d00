// Texture references bound from the host: tex1Dfetch over a linear buffer
// (cudaBindTexture), tex2D over a CUDA array with clamped, point-sampled
// texels (cudaMallocArray, cudaMemcpy2DToArray, cudaBindTextureToArray),
// and a normalized-float read of bytes, against the host's own reading.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: unbound read: 0
// CHECK: PASSED
#include <cstdio>

texture<float, 1, cudaReadModeElementType> linear;
texture<float, 2, cudaReadModeElementType> image;
texture<unsigned char, 1, cudaReadModeNormalizedFloat> bytes;

__global__ void sample(float *out, int n, int w, int h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int x = i % (w + 2) - 1, y = i / (w + 2) - 1; // one texel outside each edge
  out[3 * i] = tex1Dfetch(linear, i);
  out[3 * i + 1] = tex2D(image, x + 0.5f, y + 0.5f);
  out[3 * i + 2] = tex1Dfetch(bytes, i % 256);
}

__global__ void read_unbound(float *out) { out[0] = tex1Dfetch(linear, 3); }

int main() {
  const int w = 6, h = 5, n = (w + 2) * (h + 2);
  float lin[n], img[w * h], out[3 * n];
  unsigned char raw[256];
  for (int i = 0; i < n; ++i)
    lin[i] = i * 0.25f;
  for (int i = 0; i < w * h; ++i)
    img[i] = 100.0f + i;
  for (int i = 0; i < 256; ++i)
    raw[i] = (unsigned char)(i * 7);
  float *d_lin, *d_out;
  unsigned char *d_raw;
  cudaMalloc(&d_lin, sizeof lin);
  cudaMalloc(&d_raw, sizeof raw);
  cudaMalloc(&d_out, sizeof out);
  cudaMemcpy(d_lin, lin, sizeof lin, cudaMemcpyHostToDevice);
  cudaMemcpy(d_raw, raw, sizeof raw, cudaMemcpyHostToDevice);
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray *arr;
  cudaMallocArray(&arr, &desc, w, h);
  cudaMemcpy2DToArray(arr, 0, 0, img, w * sizeof(float), w * sizeof(float), h,
                      cudaMemcpyHostToDevice);

  read_unbound<<<1, 1>>>(d_out);
  float unbound = -1;
  cudaMemcpy(&unbound, d_out, sizeof unbound, cudaMemcpyDeviceToHost);
  printf("unbound read: %g\n", unbound);

  cudaBindTexture(0, linear, d_lin, sizeof lin);
  image.addressMode[0] = image.addressMode[1] = cudaAddressModeClamp;
  cudaBindTextureToArray(image, arr);
  cudaBindTexture(0, bytes, d_raw, sizeof raw);
  sample<<<(n + 63) / 64, 64>>>(d_out, n, w, h);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    int x = i % (w + 2) - 1, y = i / (w + 2) - 1;
    int cx = x < 0 ? 0 : x >= w ? w - 1 : x, cy = y < 0 ? 0 : y >= h ? h - 1 : y;
    float want[3] = {lin[i], img[cy * w + cx], raw[i % 256] / 255.0f};
    for (int k = 0; k < 3; ++k)
      if (out[3 * i + k] != want[k] && bad++ < 5)
        printf("texel %d/%d: %g, expected %g\n", i, k, out[3 * i + k], want[k]);
  }
  cudaUnbindTexture(linear);
  cudaFreeArray(arr);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
