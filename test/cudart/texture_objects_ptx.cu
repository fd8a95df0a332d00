// Texture and surface objects read by PTX in nvcc 13's form (handles as
// 64-bit kernel parameters, `tex` with a register handle, `tex.level`,
// `suld.b`/`sust.b` with each boundary mode: Inputs/texobj_kernels.ptx),
// loaded with the driver API and given objects that the runtime API made.
// Point samples at texel centres read the texels; a uchar4 texture reads
// its channels as integers; surface reads one texel left of each thread
// read zeros or the clamped texel, and the zero-mode store drops what
// falls outside.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t.app -lcuda
// RUN: %t.app %S/Inputs/texobj_kernels.ptx | FileCheck %s
// CHECK: samples: PASSED
// CHECK: surfaces: PASSED
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    if ((call) != 0) {                                                                     \
      printf("%s failed\n", #call);                                                        \
      return 1;                                                                            \
    }                                                                                      \
  } while (0)

static cudaResourceDesc arrayResource(cudaArray *a) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  return r;
}

int main(int, char **argv) {
  const int w = 8, h = 4;
  CUmodule module;
  CUfunction samples, surfaces;
  CHECK(cuInit(0));
  CHECK(cudaFree(0)); // the runtime's context, which the driver API then uses
  CHECK(cuModuleLoad(&module, argv[1]));
  CHECK(cuModuleGetFunction(&samples, module, "samples"));
  CHECK(cuModuleGetFunction(&surfaces, module, "surfaces"));

  // A float texture (w x h array) and a linear uchar4 one.
  std::vector<float> texels(w * h);
  std::vector<uchar4> bytes(w * h);
  for (int i = 0; i < w * h; ++i) {
    texels[i] = i * 0.75f - 5;
    bytes[i] = make_uchar4(i, 255 - i, i * 3, 7);
  }
  cudaChannelFormatDesc ff = cudaCreateChannelDesc<float>();
  cudaArray *a;
  CHECK(cudaMallocArray(&a, &ff, w, h, cudaArraySurfaceLoadStore));
  CHECK(cudaMemcpy2DToArray(a, 0, 0, texels.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
  uchar4 *dbytes;
  CHECK(cudaMalloc(&dbytes, w * h * sizeof(uchar4)));
  CHECK(cudaMemcpy(dbytes, bytes.data(), w * h * sizeof(uchar4), cudaMemcpyHostToDevice));
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  const cudaResourceDesc ra = arrayResource(a);
  cudaTextureObject_t tf, tb;
  CHECK(cudaCreateTextureObject(&tf, &ra, &td, nullptr));
  cudaResourceDesc rb;
  memset(&rb, 0, sizeof rb);
  rb.resType = cudaResourceTypeLinear;
  rb.res.linear.devPtr = dbytes;
  rb.res.linear.desc = cudaCreateChannelDesc<uchar4>();
  rb.res.linear.sizeInBytes = w * h * sizeof(uchar4);
  CHECK(cudaCreateTextureObject(&tb, &rb, &td, nullptr));

  struct Sample {
    float point, level;
    unsigned channel[4];
  };
  Sample *dout;
  CHECK(cudaMalloc(&dout, w * h * sizeof(Sample)));
  void *args[] = {&tf, &tb, &dout};
  CHECK(cuLaunchKernel(samples, 1, 1, 1, w, h, 1, 0, 0, args, nullptr));
  std::vector<Sample> out(w * h);
  CHECK(cudaMemcpy(out.data(), dout, w * h * sizeof(Sample), cudaMemcpyDeviceToHost));
  for (int i = 0; i < w * h; ++i) {
    const unsigned want[4] = {bytes[i].x, bytes[i].y, bytes[i].z, bytes[i].w};
    if (out[i].point != texels[i] || out[i].level != texels[i] ||
        memcmp(out[i].channel, want, sizeof want)) {
      printf("samples: texel %d: %g %g %u %u %u %u\nFAILED\n", i, out[i].point, out[i].level,
             out[i].channel[0], out[i].channel[1], out[i].channel[2], out[i].channel[3]);
      return 1;
    }
  }
  printf("samples: PASSED\n");

  // Thread (x, y) reads texel x - 1 of row y: zero, clamped, its low byte;
  // then stores the zero-mode value + 1 there (dropped for x = 0).
  cudaSurfaceObject_t s;
  CHECK(cudaCreateSurfaceObject(&s, &ra));
  unsigned *dread;
  CHECK(cudaMalloc(&dread, w * h * 3 * sizeof(unsigned)));
  void *sargs[] = {&s, &dread};
  CHECK(cuLaunchKernel(surfaces, 1, 1, 1, w, h, 1, 0, 0, sargs, nullptr));
  std::vector<unsigned> got(w * h * 3);
  CHECK(cudaMemcpy(got.data(), dread, got.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::vector<float> after(w * h);
  CHECK(cudaMemcpy2DFromArray(after.data(), w * 4, a, 0, 0, w * 4, h, cudaMemcpyDeviceToHost));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int t = y * w + x;
      unsigned left, clamped;
      memcpy(&clamped, &texels[y * w + (x ? x - 1 : 0)], 4);
      left = x ? clamped : 0;
      float stored = texels[t];
      if (x + 1 < w) { // thread x + 1 stores texel x
        unsigned v;
        memcpy(&v, &texels[t], 4);
        ++v;
        memcpy(&stored, &v, 4);
      }
      if (got[t * 3] != left || got[t * 3 + 1] != clamped || got[t * 3 + 2] != (left & 0xff) ||
          memcmp(&after[t], &stored, 4)) {
        printf("surfaces: (%d, %d): %08x %08x %02x\nFAILED\n", x, y, got[t * 3],
               got[t * 3 + 1], got[t * 3 + 2]);
        return 1;
      }
    }
  printf("surfaces: PASSED\n");
  return 0;
}
