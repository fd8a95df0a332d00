//===-- Field.h - cuBLAS element types and the arithmetic they compute in -===//
//
// Each element type computes in a wider one: float and double in double,
// cuComplex and cuDoubleComplex in std::complex<double> (the same two
// numbers as float2 and double2 hold). Dense is an operand read into that
// type, seen through a transpose or conjugate transpose, as BLAS's op(X).
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUBLAS_FIELD_H
#define SIMT_RUNTIME_CUBLAS_FIELD_H

#include "runtime/cublas/Operands.h"

#include <cmath>
#include <complex>

namespace simt::cublas {

using Complex = std::complex<double>;

template <class T> struct Field;
template <> struct Field<float> {
  using Acc = double;
  using Real = float;
  static Acc in(float v) { return v; }
  static float out(Acc v) { return float(v); }
};
template <> struct Field<double> {
  using Acc = double;
  using Real = double;
  static Acc in(double v) { return v; }
  static double out(Acc v) { return v; }
};
template <> struct Field<cuFloatComplex> {
  using Acc = Complex;
  using Real = float;
  static Acc in(cuFloatComplex v) { return {v.x, v.y}; }
  static cuFloatComplex out(Acc v) { return make_cuFloatComplex(float(v.real()), float(v.imag())); }
};
template <> struct Field<cuDoubleComplex> {
  using Acc = Complex;
  using Real = double;
  static Acc in(cuDoubleComplex v) { return {v.x, v.y}; }
  static cuDoubleComplex out(Acc v) { return make_cuDoubleComplex(v.real(), v.imag()); }
};
template <class T> using Acc = typename Field<T>::Acc;

inline double conjugate(double v) { return v; }
inline Complex conjugate(Complex v) { return std::conj(v); }
inline double realPart(double v) { return v; }
inline double realPart(Complex v) { return v.real(); }
/// The size amax and amin compare: |x|, and |Re| + |Im| (BLAS's cabs1).
inline double magnitude1(double v) { return std::fabs(v); }
inline double magnitude1(Complex v) { return std::fabs(v.real()) + std::fabs(v.imag()); }

inline bool validOperation(cublasOperation_t op) {
  return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}
inline bool validFillMode(cublasFillMode_t f) {
  return f == CUBLAS_FILL_MODE_LOWER || f == CUBLAS_FILL_MODE_UPPER;
}

/// The values of a strided vector, in the wider type.
template <class T> std::vector<Acc<T>> widen(const std::vector<T> &v) {
  std::vector<Acc<T>> out(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    out[i] = Field<T>::in(v[i]);
  return out;
}
template <class T> std::vector<T> narrow(const std::vector<Acc<T>> &v) {
  std::vector<T> out(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    out[i] = Field<T>::out(v[i]);
  return out;
}

/// A column-major rows x cols operand in the wider type, written back in
/// its own.
template <class T> struct Dense {
  Matrix<T> where{};
  std::vector<Acc<T>> v;

  Dense() = default;
  Dense(const T *p, int rows, int cols, int ld)
      : where{const_cast<T *>(p), rows, cols, ld}, v(widen(where.read())) {}
  Acc<T> &at(int i, int j) { return v[size_t(j) * where.ld + i]; }
  Acc<T> at(int i, int j) const { return v[size_t(j) * where.ld + i]; }
  /// Element (i, j) of op(this).
  Acc<T> op(cublasOperation_t t, int i, int j) const {
    return t == CUBLAS_OP_N ? at(i, j) : t == CUBLAS_OP_T ? at(j, i) : conjugate(at(j, i));
  }
  void write() const { where.write(narrow<T>(v)); }
};

/// The shape of the operand that is rows x cols after op.
template <class T> Dense<T> readOp(const T *p, cublasOperation_t op, int rows, int cols, int ld) {
  return op == CUBLAS_OP_N ? Dense<T>(p, rows, cols, ld) : Dense<T>(p, cols, rows, ld);
}

/// A scalar argument in the wider type.
template <class T> Acc<T> wideScalar(const cublasContext &c, const T *p) {
  return Field<T>::in(scalar(c, p));
}

/// amax (largest) or amin: the 1-based index of the first element of
/// largest or smallest magnitude1 (0 for n <= 0 or incx <= 0).
template <class T>
cublasStatus_t iamax(cublasHandle_t h, int n, const T *x, int incx, int *out, bool largest) {
  return run(h, [&](const cublasContext &c) {
    if (!out)
      return CUBLAS_STATUS_INVALID_VALUE;
    int best = 0;
    if (n > 0 && incx > 0) {
      const std::vector<Acc<T>> v = widen(strided(x, n, incx).read());
      best = 1;
      for (int i = 1; i < n; ++i) {
        const double here = magnitude1(v[i]), sofar = magnitude1(v[best - 1]);
        if (largest ? here > sofar : here < sofar)
          best = i + 1;
      }
    }
    result(c, out, best);
    return CUBLAS_STATUS_SUCCESS;
  });
}

} // namespace simt::cublas

#endif
