/*===-- cuComplex.h - CUDA's complex numbers over float2 and double2 ------===*
 *
 * The C API programs use for complex arithmetic in host and device code:
 * cuFloatComplex (float2) and cuDoubleComplex (double2), their
 * constructors, parts, conjugate, sum, difference, product, quotient,
 * absolute value and fused multiply-add. The quotient scales by the
 * divisor's larger part and the absolute value is a hypot, so neither
 * overflows or underflows in the middle of a well-scaled result.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUCOMPLEX_H
#define SIMT_CUCOMPLEX_H

#include "vector_types.h"
#include <math.h>

#define __SIMT_CX static __host__ __device__ __inline__

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__SIMT_CX float cuCrealf(cuFloatComplex x) { return x.x; }
__SIMT_CX float cuCimagf(cuFloatComplex x) { return x.y; }
__SIMT_CX cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex z;
  z.x = r;
  z.y = i;
  return z;
}
__SIMT_CX cuFloatComplex cuConjf(cuFloatComplex x) { return make_cuFloatComplex(x.x, -x.y); }
__SIMT_CX cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}
__SIMT_CX cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}
__SIMT_CX cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
__SIMT_CX cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) {
  const float s = 1.0f / (fabsf(y.x) + fabsf(y.y));
  const float ar = x.x * s, ai = x.y * s, br = y.x * s, bi = y.y * s;
  const float d = 1.0f / (br * br + bi * bi);
  return make_cuFloatComplex((ar * br + ai * bi) * d, (ai * br - ar * bi) * d);
}
__SIMT_CX float cuCabsf(cuFloatComplex x) { return hypotf(x.x, x.y); }

__SIMT_CX double cuCreal(cuDoubleComplex x) { return x.x; }
__SIMT_CX double cuCimag(cuDoubleComplex x) { return x.y; }
__SIMT_CX cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex z;
  z.x = r;
  z.y = i;
  return z;
}
__SIMT_CX cuDoubleComplex cuConj(cuDoubleComplex x) { return make_cuDoubleComplex(x.x, -x.y); }
__SIMT_CX cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}
__SIMT_CX cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}
__SIMT_CX cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
__SIMT_CX cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) {
  const double s = 1.0 / (fabs(y.x) + fabs(y.y));
  const double ar = x.x * s, ai = x.y * s, br = y.x * s, bi = y.y * s;
  const double d = 1.0 / (br * br + bi * bi);
  return make_cuDoubleComplex((ar * br + ai * bi) * d, (ai * br - ar * bi) * d);
}
__SIMT_CX double cuCabs(cuDoubleComplex x) { return hypot(x.x, x.y); }

__SIMT_CX cuComplex make_cuComplex(float r, float i) { return make_cuFloatComplex(r, i); }
__SIMT_CX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}
__SIMT_CX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}
/* x * y + d, each part. */
__SIMT_CX cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d) {
  return make_cuComplex(fmaf(-x.y, y.y, fmaf(x.x, y.x, d.x)), fmaf(x.y, y.x, fmaf(x.x, y.y, d.y)));
}
__SIMT_CX cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) {
  return make_cuDoubleComplex(fma(-x.y, y.y, fma(x.x, y.x, d.x)), fma(x.y, y.x, fma(x.x, y.y, d.y)));
}

#undef __SIMT_CX
#endif
