// Texture and surface objects (compute capability 3.0), as today's image
// and volume kernels use them: cudaCreateTextureObject over CUDA arrays,
// pitched and linear memory, with the filter, address modes, normalized
// coordinates and read mode in the texture description; tex1Dfetch<T>,
// tex1D/tex2D/tex3D<T> and tex2DLod<T> read them (one level here), and the
// results match the Programming Guide's texture fetching computed on the
// host (Inputs/texture_reference.h, as for texture references in
// texture_2d.cu). Surfaces: surf1D/2D/3Dread and write through
// cudaCreateSurfaceObject with each boundary mode, against host copies.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s
// CHECK: sampling: 6 configurations, 64 threads each: PASSED
// CHECK: fetching: PASSED
// CHECK: surfaces: PASSED
// CHECK: descriptions: PASSED
// A surface read outside the surface in trap mode stops the kernel.
// RUN: not %t.app trap 2>&1 | FileCheck %s --check-prefix=TRAP
// TRAP: fault: trap (BPT.TRAP) in kernel 'outside(unsigned long long, float*)
// TRAP: a surface read or write outside the surface, in trap mode (cudaBoundaryModeTrap; trap code 0xf001)
// TRAP: trap: unspecified launch failure
// At -O0 the handles pass through local memory; the read is the same.
// RUN: simt-nvcc -arch=sm_35 -O0 %s -o %t-o0.app
// RUN: %t-o0.app | FileCheck %s
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

__global__ void sample(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t3,
                       cudaTextureObject_t tb, cudaTextureObject_t tn, const float *xs,
                       const float *ys, const float *zs, float *o1, float2 *o2, float *o3,
                       uint4 *ob, float *on) {
  const int t = threadIdx.x;
  const float x = xs[t], y = ys[t], z = zs[t];
  o1[t] = tex1D<float>(t1, x);
  o2[t] = tex2DLod<float2>(t2, x, y, 0.0f);
  tex3D(&o3[t], t3, x, y, z);
  const uchar4 b = tex2D<uchar4>(tb, x, y);
  ob[t] = make_uint4(b.x, b.y, b.z, b.w);
  on[t] = tex2D<float>(tn, x, y);
}

// Element i of three linear textures, i past both ends included.
__global__ void fetch(cudaTextureObject_t ti, cudaTextureObject_t tf, cudaTextureObject_t tu,
                      int first, int *oi, float4 *of, float *ou) {
  const int t = threadIdx.x, i = first + t;
  oi[t] = tex1Dfetch<int>(ti, i);
  of[t] = tex1Dfetch<float4>(tf, i);
  ou[t] = tex1Dfetch<float>(tu, i);
}

// Thread (x, y) of a block two texels wider than the surface on each side:
// its reads clamped and zeroed, its write (dropped outside), and a copy of
// each byte of a 1-D surface and each int2 of a 3-D one.
__global__ void surfaces(cudaSurfaceObject_t s2, cudaSurfaceObject_t d2, cudaSurfaceObject_t s1,
                         cudaSurfaceObject_t s3, float *clamped, float *zeroed) {
  const int x = int(threadIdx.x) - 2, y = int(threadIdx.y) - 2;
  const int t = threadIdx.y * blockDim.x + threadIdx.x;
  clamped[t] = surf2Dread<float>(s2, x * 4, y, cudaBoundaryModeClamp);
  surf2Dread(&zeroed[t], s2, x * 4, y, cudaBoundaryModeZero);
  surf2Dwrite(float(x * 100 + y), d2, x * 4, y, cudaBoundaryModeZero);
  if (y == 0 && x >= 0) {
    const unsigned char c = surf1Dread<unsigned char>(s1, x, cudaBoundaryModeZero);
    surf1Dwrite<unsigned char>(c + 1, s1, x, cudaBoundaryModeZero);
  }
  if (x >= 0 && y >= 0 && x < 2 && y < 2) {
    const int2 v = surf3Dread<int2>(s3, x * 8, y, 1);
    surf3Dwrite(make_int2(v.y, -v.x), s3, x * 8, y, 0);
  }
}

__global__ void outside(cudaSurfaceObject_t s, float *out) {
  out[0] = surf2Dread<float>(s, 1 << 20, 0); // trap mode
}

#include "Inputs/texture_reference.h"

static cudaTextureObject_t textureOf(const cudaResourceDesc &res, const Config &c,
                                     cudaTextureReadMode read = cudaReadModeElementType) {
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  for (int d = 0; d < 3; ++d)
    td.addressMode[d] = c.address[d];
  td.filterMode = c.filter;
  td.readMode = read;
  td.normalizedCoords = c.normalized;
  cudaTextureObject_t t = 0;
  CHECK(cudaCreateTextureObject(&t, &res, &td, nullptr));
  return t;
}

static cudaResourceDesc arrayResource(cudaArray *a) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  return r;
}

static cudaResourceDesc pitchResource(void *p, cudaChannelFormatDesc desc, size_t w, size_t h,
                                      size_t pitch) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypePitch2D;
  r.res.pitch2D.devPtr = p;
  r.res.pitch2D.desc = desc;
  r.res.pitch2D.width = w;
  r.res.pitch2D.height = h;
  r.res.pitch2D.pitchInBytes = pitch;
  return r;
}

static cudaResourceDesc linearResource(void *p, cudaChannelFormatDesc desc, size_t bytes) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeLinear;
  r.res.linear.devPtr = p;
  r.res.linear.desc = desc;
  r.res.linear.sizeInBytes = bytes;
  return r;
}

template <class T> static T *deviceCopy(const std::vector<T> &v) {
  T *d;
  CHECK(cudaMalloc(&d, v.size() * sizeof(T)));
  CHECK(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T> static std::vector<T> hostCopy(const T *d, size_t n) {
  std::vector<T> v(n);
  CHECK(cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}

static bool failed(const char *what, int t, double got, double want, bool exact) {
  if (exact ? got == want : std::fabs(got - want) <= 1e-4)
    return false;
  printf("%s: thread %d: %.9g, expected %.9g\nFAILED\n", what, t, got, want);
  return true;
}

// The six configurations over texture_2d.cu's five textures
// (Inputs/texture_reference.h): a 1-D array, pitched float2, a 3-D array, a
// uchar4 array and normalized signed bytes in pitched memory.
static bool sampling() {
  const SampleSet set;
  const int w1 = set.w1, w2 = set.w2, h2 = set.h2, w3 = set.w3, h3 = set.h3, d3 = set.d3,
            wb = set.wb, hb = set.hb, wn = set.wn, hn = set.hn;
  cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
  cudaArray *a1, *a3, *ab;
  CHECK(cudaMallocArray(&a1, &f1, w1));
  CHECK(cudaMemcpy2DToArray(a1, 0, 0, set.v1.data(), w1 * 4, w1 * 4, 1, cudaMemcpyHostToDevice));
  float2 *d2;
  size_t pitch2;
  CHECK(cudaMallocPitch((void **)&d2, &pitch2, w2 * sizeof(float2), h2));
  CHECK(cudaMemcpy2D(d2, pitch2, set.v2.data(), set.pitch2 * sizeof(float2), w2 * sizeof(float2),
                     h2, cudaMemcpyHostToDevice));
  const cudaExtent e3 = make_cudaExtent(w3, h3, d3);
  CHECK(cudaMalloc3DArray(&a3, &f1, e3));
  cudaMemcpy3DParms copy = {};
  copy.srcPtr = make_cudaPitchedPtr((void *)set.v3.data(), w3 * sizeof(float), w3, h3);
  copy.dstArray = a3;
  copy.extent = e3;
  copy.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&copy));
  cudaChannelFormatDesc fb = cudaCreateChannelDesc<uchar4>();
  CHECK(cudaMallocArray(&ab, &fb, wb, hb));
  CHECK(cudaMemcpy2DToArray(ab, 0, 0, set.vb.data(), wb * 4, wb * 4, hb, cudaMemcpyHostToDevice));
  signed char *dn;
  size_t pitchn;
  CHECK(cudaMallocPitch((void **)&dn, &pitchn, wn, hn));
  CHECK(cudaMemcpy2D(dn, pitchn, set.vn.data(), wn, wn, hn, cudaMemcpyHostToDevice));

  float *o1, *o3, *on;
  float2 *o2;
  uint4 *ob;
  CHECK(cudaMalloc(&o1, THREADS * sizeof(float)));
  CHECK(cudaMalloc(&o2, THREADS * sizeof(float2)));
  CHECK(cudaMalloc(&o3, THREADS * sizeof(float)));
  CHECK(cudaMalloc(&ob, THREADS * sizeof(uint4)));
  CHECK(cudaMalloc(&on, THREADS * sizeof(float)));
  for (const Config &c : CONFIGS) {
    const float span = c.normalized ? 1.0f : 8.0f;
    const std::vector<float> xs = coordinates(11, span), ys = coordinates(12, span),
                             zs = coordinates(13, span);
    float *dx = deviceCopy(xs), *dy = deviceCopy(ys), *dz = deviceCopy(zs);
    Config point = c;
    point.filter = cudaFilterModePoint; // an element-type read of integers is not filtered
    const cudaTextureObject_t t1 = textureOf(arrayResource(a1), c),
                              t2 = textureOf(pitchResource(d2, cudaCreateChannelDesc<float2>(),
                                                           w2, h2, pitch2),
                                             c),
                              t3 = textureOf(arrayResource(a3), c),
                              tb = textureOf(arrayResource(ab), point),
                              tn = textureOf(pitchResource(dn, cudaCreateChannelDesc<signed char>(),
                                                           wn, hn, pitchn),
                                             c, cudaReadModeNormalizedFloat);
    sample<<<1, THREADS>>>(t1, t2, t3, tb, tn, dx, dy, dz, o1, o2, o3, ob, on);
    CHECK(cudaGetLastError());
    const std::vector<float> g1 = hostCopy(o1, THREADS), g3 = hostCopy(o3, THREADS),
                             gn = hostCopy(on, THREADS);
    const std::vector<float2> g2 = hostCopy(o2, THREADS);
    const std::vector<uint4> gb = hostCopy(ob, THREADS);
    for (int t = 0; t < THREADS; ++t) {
      const float at[3] = {xs[t], ys[t], zs[t]};
      double r1[1], r2[2], r3[1], rb[4], rn[1];
      set.expected(at, c, r1, r2, r3, rb, rn);
      if (failed(c.name, t, g1[t], r1[0], false) || failed(c.name, t, g2[t].x, r2[0], false) ||
          failed(c.name, t, g2[t].y, r2[1], false) || failed(c.name, t, g3[t], r3[0], false) ||
          failed(c.name, t, gb[t].x, rb[0], true) || failed(c.name, t, gb[t].y, rb[1], true) ||
          failed(c.name, t, gb[t].z, rb[2], true) || failed(c.name, t, gb[t].w, rb[3], true) ||
          failed(c.name, t, gn[t], rn[0], false))
        return false;
    }
    for (cudaTextureObject_t t : {t1, t2, t3, tb, tn})
      CHECK(cudaDestroyTextureObject(t));
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dz);
  }
  printf("sampling: %d configurations, %d threads each: PASSED\n",
         int(sizeof CONFIGS / sizeof *CONFIGS), THREADS);
  return true;
}

// tex1Dfetch over linear memory: ints and float4s as they are, unsigned
// bytes normalized; zeros past either end.
static bool fetching() {
  const int n = 40, first = -5, count = 64;
  std::vector<int> vi(n);
  std::vector<float4> vf(n);
  std::vector<unsigned char> vu(n);
  for (int i = 0; i < n; ++i) {
    vi[i] = i * 7919 - 100000;
    vf[i] = make_float4(i * 0.5f, -i, i * i, 1.0f / (i + 1));
    vu[i] = (unsigned char)(i * 37);
  }
  int *di = deviceCopy(vi);
  float4 *df = deviceCopy(vf);
  unsigned char *du = deviceCopy(vu);
  const Config point = CONFIGS[0];
  const cudaTextureObject_t ti = textureOf(linearResource(di, cudaCreateChannelDesc<int>(), n * 4),
                                           point),
                            tf = textureOf(linearResource(df, cudaCreateChannelDesc<float4>(),
                                                          n * sizeof(float4)),
                                           point),
                            tu = textureOf(linearResource(du, cudaCreateChannelDesc<unsigned char>(), n),
                                           point, cudaReadModeNormalizedFloat);
  int *oi;
  float4 *of;
  float *ou;
  CHECK(cudaMalloc(&oi, count * sizeof(int)));
  CHECK(cudaMalloc(&of, count * sizeof(float4)));
  CHECK(cudaMalloc(&ou, count * sizeof(float)));
  fetch<<<1, count>>>(ti, tf, tu, first, oi, of, ou);
  CHECK(cudaGetLastError());
  const std::vector<int> gi = hostCopy(oi, count);
  const std::vector<float4> gf = hostCopy(of, count);
  const std::vector<float> gu = hostCopy(ou, count);
  for (int t = 0; t < count; ++t) {
    const int i = first + t;
    const bool in = i >= 0 && i < n;
    const float4 f = in ? vf[i] : make_float4(0, 0, 0, 0);
    if (failed("tex1Dfetch<int>", t, gi[t], in ? vi[i] : 0, true) ||
        failed("tex1Dfetch<float4>.x", t, gf[t].x, f.x, true) ||
        failed("tex1Dfetch<float4>.y", t, gf[t].y, f.y, true) ||
        failed("tex1Dfetch<float4>.z", t, gf[t].z, f.z, true) ||
        failed("tex1Dfetch<float4>.w", t, gf[t].w, f.w, true) ||
        failed("tex1Dfetch<float> of uchar", t, gu[t], in ? vu[i] / 255.0 : 0.0, false))
      return false;
  }
  for (cudaTextureObject_t t : {ti, tf, tu})
    CHECK(cudaDestroyTextureObject(t));
  printf("fetching: PASSED\n");
  return true;
}

static cudaSurfaceObject_t surfaceOf(cudaArray *a) {
  const cudaResourceDesc r = arrayResource(a);
  cudaSurfaceObject_t s = 0;
  CHECK(cudaCreateSurfaceObject(&s, &r));
  return s;
}

static bool surfaces() {
  const int w = 6, h = 4, bx = w + 4, by = h + 4, n1 = 8;
  std::vector<float> v2(w * h);
  for (int i = 0; i < w * h; ++i)
    v2[i] = i * 1.25f - 3;
  std::vector<unsigned char> v1(n1);
  for (int i = 0; i < n1; ++i)
    v1[i] = (unsigned char)(250 + i); // wraps past 255
  std::vector<int2> v3(2 * 2 * 2);
  for (int i = 0; i < 8; ++i)
    v3[i] = make_int2(i, 10 * i);
  cudaChannelFormatDesc ff = cudaCreateChannelDesc<float>(), fc = cudaCreateChannelDesc<unsigned char>(),
                        fi = cudaCreateChannelDesc<int2>();
  cudaArray *a2, *b2, *a1, *a3;
  CHECK(cudaMallocArray(&a2, &ff, w, h, cudaArraySurfaceLoadStore));
  CHECK(cudaMallocArray(&b2, &ff, w, h, cudaArraySurfaceLoadStore));
  CHECK(cudaMallocArray(&a1, &fc, n1, 0, cudaArraySurfaceLoadStore));
  CHECK(cudaMalloc3DArray(&a3, &fi, make_cudaExtent(2, 2, 2), cudaArraySurfaceLoadStore));
  CHECK(cudaMemcpy2DToArray(a2, 0, 0, v2.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToArray(a1, 0, 0, v1.data(), n1, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToArray(a3, 0, 0, v3.data(), v3.size() * sizeof(int2), cudaMemcpyHostToDevice));
  const cudaSurfaceObject_t s2 = surfaceOf(a2), d2 = surfaceOf(b2), s1 = surfaceOf(a1),
                            s3 = surfaceOf(a3);
  float *clamped, *zeroed;
  CHECK(cudaMalloc(&clamped, bx * by * sizeof(float)));
  CHECK(cudaMalloc(&zeroed, bx * by * sizeof(float)));
  surfaces<<<1, dim3(bx, by)>>>(s2, d2, s1, s3, clamped, zeroed);
  CHECK(cudaGetLastError());
  const std::vector<float> gc = hostCopy(clamped, bx * by), gz = hostCopy(zeroed, bx * by);
  std::vector<float> written(w * h);
  CHECK(cudaMemcpy2DFromArray(written.data(), w * 4, b2, 0, 0, w * 4, h, cudaMemcpyDeviceToHost));
  std::vector<unsigned char> g1(n1);
  CHECK(cudaMemcpyFromArray(g1.data(), a1, 0, 0, n1, cudaMemcpyDeviceToHost));
  std::vector<int2> g3(8);
  CHECK(cudaMemcpyFromArray(g3.data(), a3, 0, 0, 8 * sizeof(int2), cudaMemcpyDeviceToHost));
  for (int t = 0; t < bx * by; ++t) {
    const int x = t % bx - 2, y = t / bx - 2;
    const bool in = x >= 0 && x < w && y >= 0 && y < h;
    const int cx = x < 0 ? 0 : x >= w ? w - 1 : x, cy = y < 0 ? 0 : y >= h ? h - 1 : y;
    if (failed("surf2Dread clamp", t, gc[t], v2[cy * w + cx], true) ||
        failed("surf2Dread zero", t, gz[t], in ? v2[y * w + x] : 0.0f, true))
      return false;
  }
  for (int i = 0; i < w * h; ++i)
    if (failed("surf2Dwrite zero", i, written[i], (i % w) * 100 + i / w, true))
      return false;
  for (int i = 0; i < n1; ++i)
    if (failed("surf1Dwrite", i, g1[i], (unsigned char)(v1[i] + 1), true))
      return false;
  for (int i = 0; i < 8; ++i) { // slice 1 read, slice 0 written (y, -x)
    const int slice = i / 4, j = i % 4;
    const int2 want = slice == 0 ? make_int2(v3[4 + j].y, -v3[4 + j].x) : v3[i];
    if (failed("surf3D .x", i, g3[i].x, want.x, true) || failed("surf3D .y", i, g3[i].y, want.y, true))
      return false;
  }
  for (cudaSurfaceObject_t s : {s2, d2, s1, s3})
    CHECK(cudaDestroySurfaceObject(s));
  printf("surfaces: PASSED\n");
  return true;
}

// What the objects were made from comes back; a destroyed handle is no
// object; a surface of linear memory and a layered array are refused.
static bool descriptions() {
  float *d;
  CHECK(cudaMalloc(&d, 64 * sizeof(float)));
  const cudaResourceDesc r = linearResource(d, cudaCreateChannelDesc<float>(), 256);
  Config c = CONFIGS[3];
  const cudaTextureObject_t t = textureOf(r, c);
  cudaResourceDesc rb;
  cudaTextureDesc tb;
  CHECK(cudaGetTextureObjectResourceDesc(&rb, t));
  CHECK(cudaGetTextureObjectTextureDesc(&tb, t));
  if (rb.resType != cudaResourceTypeLinear || rb.res.linear.devPtr != d ||
      rb.res.linear.sizeInBytes != 256 || tb.addressMode[0] != c.address[0] ||
      tb.normalizedCoords != 1) {
    printf("descriptions: FAILED\n");
    return false;
  }
  CHECK(cudaDestroyTextureObject(t));
  // A normalized read of float texels reads them as they are: no error.
  const cudaTextureObject_t asFloats = textureOf(r, c, cudaReadModeNormalizedFloat);
  CHECK(cudaDestroyTextureObject(asFloats));
  cudaSurfaceObject_t s;
  cudaArray *layered;
  const cudaChannelFormatDesc ff = cudaCreateChannelDesc<float>();
  if (cudaDestroyTextureObject(t) != cudaErrorInvalidValue ||
      cudaCreateSurfaceObject(&s, &r) != cudaErrorInvalidValue ||
      cudaMallocArray(&layered, &ff, 4, 4, cudaArrayLayered) != cudaErrorNotSupported) {
    printf("descriptions: FAILED (errors)\n");
    return false;
  }
  cudaGetLastError();
  printf("descriptions: PASSED\n");
  return true;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "trap")) {
    cudaChannelFormatDesc ff = cudaCreateChannelDesc<float>();
    cudaArray *a;
    CHECK(cudaMallocArray(&a, &ff, 4, 4, cudaArraySurfaceLoadStore));
    float *out;
    CHECK(cudaMalloc(&out, sizeof(float)));
    outside<<<1, 1>>>(surfaceOf(a), out);
    printf("trap: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 1;
  }
  return sampling() && fetching() && surfaces() && descriptions() ? 0 : 1;
}
