// A volume in a 3-D CUDA array (cudaMalloc3DArray, cudaMemcpy3D from a
// pitched host pointer), read back whole with cudaMemcpy3D, and sampled
// with tex3D at voxel centres (point filtering) and between two voxels
// along x (linear filtering), against the host's own arithmetic.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: round trip: 0 differences
// CHECK: PASSED
#include <cstdio>

texture<float, 3, cudaReadModeElementType> volume;

__global__ void sample(float *out, int w, int h, int d, int linear) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= w * h * d)
    return;
  int x = i % w, y = i / w % h, z = i / (w * h);
  float dx = linear ? 1.0f : 0.5f; // halfway to the next voxel, or its centre
  out[i] = tex3D(volume, x + dx, y + 0.5f, z + 0.5f);
}

int main() {
  const int w = 5, h = 4, d = 3, n = w * h * d;
  float vox[n], back[n], out[n];
  for (int i = 0; i < n; ++i)
    vox[i] = 10.0f * i + 0.5f * (i % 3);
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray *arr;
  cudaExtent extent = make_cudaExtent(w, h, d);
  cudaMalloc3DArray(&arr, &desc, extent);
  cudaMemcpy3DParms up = {0};
  up.srcPtr = make_cudaPitchedPtr(vox, w * sizeof(float), w, h);
  up.dstArray = arr;
  up.extent = extent;
  up.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3D(&up);
  cudaMemcpy3DParms down = {0};
  down.srcArray = arr;
  down.dstPtr = make_cudaPitchedPtr(back, w * sizeof(float), w, h);
  down.extent = extent;
  down.kind = cudaMemcpyDeviceToHost;
  cudaMemcpy3D(&down);
  int diff = 0;
  for (int i = 0; i < n; ++i)
    diff += back[i] != vox[i];
  printf("round trip: %d differences\n", diff);

  cudaBindTextureToArray(volume, arr);
  float *d_out;
  cudaMalloc(&d_out, sizeof out);
  int bad = 0;
  for (int linear = 0; linear < 2; ++linear) {
    volume.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
    cudaBindTextureToArray(volume, arr);
    sample<<<1, 64>>>(d_out, w, h, d, linear);
    cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
      int x = i % w;
      // Linear: halfway between voxel x and x+1 (clamped at the edge);
      // the texture unit's 8-bit weight of one half is exact.
      float want = linear ? 0.5f * vox[i] + 0.5f * vox[x + 1 < w ? i + 1 : i] : vox[i];
      if (out[i] != want && bad++ < 5)
        printf("%s voxel %d: %g, expected %g\n", linear ? "linear" : "point", i, out[i], want);
    }
  }
  printf("%s\n", bad || diff ? "FAILED" : "PASSED");
  return bad || diff;
}
