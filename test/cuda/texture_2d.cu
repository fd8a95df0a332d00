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
