/*===-- __simt_cmath.h - The C++ math overloads (clang's) ----------------===*
 *
 * clang's __clang_cuda_cmath.h: the float overloads (sqrt(float)), the
 * integral ones promoting to double (sqrt(int), pow(int, double)), the
 * classification functions, and all of them in namespace std. It needs
 * <limits> and <math.h>'s FP_* constants; under -m32 without the host's
 * i386 headers, simt-cc's fallback directory supplies a minimal <limits>
 * and the constants are glibc's values, defined here.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CMATH_H
#define SIMT_CMATH_H

#ifndef FP_NAN
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#endif
#include <__clang_cuda_cmath.h>

#endif
