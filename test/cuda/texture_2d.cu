// tex1D, tex2D and tex3D of texture references, as Fermi-era image and
// volume kernels sample them: float coordinates, the host's filter, address
// modes and normalized coordinates (the run script's `bind ... filter=
// address= normalized`, as cudaBindTexture2D and the reference's fields set
// them), element-type reads of float, float2 and uchar4 texels and a
// cudaReadModeNormalizedFloat read of signed 8-bit ones. The same 64
// coordinates sample each texture under six configurations; the expected
// values are the CUDA Programming Guide's formulas (Inputs/texture_sample.py,
// which test/cc/tex2d.ptx shares).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/texture_sample.py sample point-clamp > %t.1.simt
// RUN: simt-emu %t.o %t.1.simt
// RUN: %python %S/Inputs/texture_sample.py sample linear-clamp > %t.2.simt
// RUN: simt-emu %t.o %t.2.simt
// RUN: %python %S/Inputs/texture_sample.py sample linear-border > %t.3.simt
// RUN: simt-emu %t.o %t.3.simt
// RUN: %python %S/Inputs/texture_sample.py sample point-wrap > %t.4.simt
// RUN: simt-emu %t.o %t.4.simt
// RUN: %python %S/Inputs/texture_sample.py sample linear-mirror > %t.5.simt
// RUN: simt-emu %t.o %t.5.simt
// RUN: %python %S/Inputs/texture_sample.py sample linear-mixed > %t.6.simt
// RUN: simt-emu %t.o %t.6.simt
// RUN: simt-cc -O0 %s -o %t-o0.o
// RUN: simt-emu %t-o0.o %t.6.simt
// The handle clang passes is the reference's address (c[0x2]); simt-ptxas
// reads the binding through it.
// RUN: simt-cc %s -S -o - | FileCheck %s --check-prefix=ASM
// ASM: .const_var t2, 2, 0x{{[0-9a-f]+}}, 36, texref
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> t1;
texture<float2, 2, cudaReadModeElementType> t2;
texture<float, 3, cudaReadModeElementType> t3;
texture<uchar4, 2, cudaReadModeElementType> tb;
texture<signed char, 2, cudaReadModeNormalizedFloat> tn;

__global__ void sample(const float *xs, const float *ys, const float *zs, float *o1, float2 *o2,
                       float *o3, uint4 *ob, float *on) {
  const int t = threadIdx.x;
  const float x = xs[t], y = ys[t], z = zs[t];
  o1[t] = tex1D(t1, x);
  o2[t] = tex2D(t2, x, y);
  o3[t] = tex3D(t3, x, y, z);
  const uchar4 b = tex2D(tb, x, y);
  ob[t] = make_uint4(b.x, b.y, b.z, b.w);
  on[t] = tex2D(tn, x, y);
}

// The host program (simt-nvcc): the same textures and configurations as the
// run scripts, bound as CUDA programs bind them (the 1-D and uchar4 textures
// in CUDA arrays, the float2 and signed char ones in pitched memory with
// cudaBindTexture2D, the volume in a 3-D array filled by cudaMemcpy3D), each
// configuration set in the references' filterMode, addressMode[] and
// normalized fields before binding, and the results checked against the
// Programming Guide's texture fetching, computed here (as
// Inputs/texture_sample.py computes it for the run scripts).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "Inputs/texture_reference.h"

int main() {
  const SampleSet set;
  const int w1 = set.w1, w2 = set.w2, h2 = set.h2, pitch2 = set.pitch2, w3 = set.w3,
            h3 = set.h3, d3 = set.d3, wb = set.wb, hb = set.hb, wn = set.wn, hn = set.hn;
  const std::vector<float> &v1 = set.v1, &v2 = set.v2, &v3 = set.v3;
  const std::vector<unsigned char> &vb = set.vb;
  const std::vector<signed char> &vn = set.vn;

  // t1: a 1-D CUDA array.
  cudaChannelFormatDesc desc1 = cudaCreateChannelDesc<float>();
  cudaArray *a1;
  CHECK(cudaMallocArray(&a1, &desc1, w1));
  CHECK(cudaMemcpyToArray(a1, 0, 0, v1.data(), w1 * sizeof(float), cudaMemcpyHostToDevice));
  // t2: pitched linear memory, from host rows of pitch2 texels.
  float2 *d2;
  size_t devPitch2;
  CHECK(cudaMallocPitch((void **)&d2, &devPitch2, w2 * sizeof(float2), h2));
  CHECK(cudaMemcpy2D(d2, devPitch2, v2.data(), pitch2 * sizeof(float2), w2 * sizeof(float2), h2,
                     cudaMemcpyHostToDevice));
  // t3: a 3-D CUDA array.
  cudaChannelFormatDesc desc3 = cudaCreateChannelDesc<float>();
  cudaArray *a3;
  const cudaExtent extent3 = make_cudaExtent(w3, h3, d3);
  CHECK(cudaMalloc3DArray(&a3, &desc3, extent3));
  cudaMemcpy3DParms copy3 = {0};
  copy3.srcPtr = make_cudaPitchedPtr((void *)v3.data(), w3 * sizeof(float), w3, h3);
  copy3.dstArray = a3;
  copy3.extent = extent3;
  copy3.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&copy3));
  // tb: a 2-D CUDA array of uchar4.
  cudaChannelFormatDesc descb = cudaCreateChannelDesc<uchar4>();
  cudaArray *ab;
  CHECK(cudaMallocArray(&ab, &descb, wb, hb));
  CHECK(cudaMemcpy2DToArray(ab, 0, 0, vb.data(), wb * sizeof(uchar4), wb * sizeof(uchar4), hb,
                            cudaMemcpyHostToDevice));
  // tn: pitched linear memory of signed bytes.
  signed char *dn;
  size_t pitchn;
  CHECK(cudaMallocPitch((void **)&dn, &pitchn, wn, hn));
  CHECK(cudaMemcpy2D(dn, pitchn, vn.data(), wn, wn, hn, cudaMemcpyHostToDevice));

  float *d_xs, *d_ys, *d_zs, *d_o1, *d_o3, *d_on;
  float2 *d_o2;
  uint4 *d_ob;
  CHECK(cudaMalloc(&d_xs, THREADS * sizeof(float)));
  CHECK(cudaMalloc(&d_ys, THREADS * sizeof(float)));
  CHECK(cudaMalloc(&d_zs, THREADS * sizeof(float)));
  CHECK(cudaMalloc(&d_o1, THREADS * sizeof(float)));
  CHECK(cudaMalloc(&d_o2, THREADS * sizeof(float2)));
  CHECK(cudaMalloc(&d_o3, THREADS * sizeof(float)));
  CHECK(cudaMalloc(&d_ob, THREADS * sizeof(uint4)));
  CHECK(cudaMalloc(&d_on, THREADS * sizeof(float)));

  const double eps = 1e-4;
  for (const Config &c : CONFIGS) {
    // Normalized coordinates, or texel coordinates (8 x: past the edges of
    // the small textures, inside the 1-D one).
    const float span = c.normalized ? 1.0f : 8.0f;
    const std::vector<float> xs = coordinates(11, span), ys = coordinates(12, span),
                             zs = coordinates(13, span);
    CHECK(cudaMemcpy(d_xs, xs.data(), THREADS * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_ys, ys.data(), THREADS * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_zs, zs.data(), THREADS * sizeof(float), cudaMemcpyHostToDevice));

    // The sampling state is the references' own; binding takes it.
    textureReference *refs[] = {&t1, &t2, &t3, &tb, &tn};
    for (textureReference *r : refs) {
      r->filterMode = c.filter;
      r->normalized = c.normalized;
      for (int d = 0; d < 3; ++d)
        r->addressMode[d] = c.address[d];
    }
    tb.filterMode = cudaFilterModePoint; // an element-type read of integers is not filtered
    CHECK(cudaBindTextureToArray(t1, a1));
    CHECK(cudaBindTexture2D(0, t2, d2, w2, h2, devPitch2));
    CHECK(cudaBindTextureToArray(t3, a3));
    CHECK(cudaBindTextureToArray(tb, ab));
    CHECK(cudaBindTexture2D(0, tn, dn, wn, hn, pitchn));

    sample<<<1, THREADS>>>(d_xs, d_ys, d_zs, d_o1, d_o2, d_o3, d_ob, d_on);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    float o1[THREADS], o3[THREADS], on[THREADS];
    float2 o2[THREADS];
    uint4 ob[THREADS];
    CHECK(cudaMemcpy(o1, d_o1, sizeof o1, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(o2, d_o2, sizeof o2, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(o3, d_o3, sizeof o3, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ob, d_ob, sizeof ob, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(on, d_on, sizeof on, cudaMemcpyDeviceToHost));

    for (int t = 0; t < THREADS; ++t) {
      const float at[3] = {xs[t], ys[t], zs[t]};
      double r1[1], r2[2], r3[1], rb[4], rn[1];
      set.expected(at, c, r1, r2, r3, rb, rn);

      const struct {
        const char *name;
        double got, want;
        bool exact;
      } checks[] = {
          {"o1 (tex1D t1)", o1[t], r1[0], false}, {"o2.x (tex2D t2)", o2[t].x, r2[0], false},
          {"o2.y (tex2D t2)", o2[t].y, r2[1], false}, {"o3 (tex3D t3)", o3[t], r3[0], false},
          {"ob.x (tex2D tb)", double(ob[t].x), rb[0], true},
          {"ob.y (tex2D tb)", double(ob[t].y), rb[1], true},
          {"ob.z (tex2D tb)", double(ob[t].z), rb[2], true},
          {"ob.w (tex2D tb)", double(ob[t].w), rb[3], true},
          {"on (tex2D tn)", on[t], rn[0], false},
      };
      for (const auto &k : checks)
        if (k.exact ? k.got != k.want : !(std::fabs(k.got - k.want) <= eps)) {
          printf("%s: thread %d at (%.10g, %.10g, %.10g): %s = %.9g, expected %.9g\n", c.name,
                 t, at[0], at[1], at[2], k.name, k.got, k.want);
          printf("FAILED\n");
          return 1;
        }
    }
  }
  CHECK(cudaUnbindTexture(t1));
  CHECK(cudaUnbindTexture(t2));
  CHECK(cudaUnbindTexture(t3));
  CHECK(cudaUnbindTexture(tb));
  CHECK(cudaUnbindTexture(tn));
  CHECK(cudaFreeArray(a1));
  CHECK(cudaFreeArray(a3));
  CHECK(cudaFreeArray(ab));
  cudaFree(d2);
  cudaFree(dn);
  cudaFree(d_xs);
  cudaFree(d_ys);
  cudaFree(d_zs);
  cudaFree(d_o1);
  cudaFree(d_o2);
  cudaFree(d_o3);
  cudaFree(d_ob);
  cudaFree(d_on);
  printf("%d configurations, %d threads each: PASSED\n", int(sizeof CONFIGS / sizeof *CONFIGS),
         THREADS);
  return 0;
}
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
// At sm_35 a register handle may also be a texture object: the read tells
// the two apart by the handle's value (cc/passes/ExpandTexture.cpp), and a
// reference reads as before.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t35.app
// RUN: %t35.app | FileCheck %s --check-prefix=MAIN
