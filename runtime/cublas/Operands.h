//===-- Operands.h - cuBLAS operands: handles, scalars, strided data ------===//
//
// libcublas computes on the host: each call first waits for the handle's
// stream, then reads its operands' bytes through the CUDA runtime
// (cudaMemcpyDefault: device, managed or pinned memory alike), computes,
// and writes the results back. Scalars follow the handle's pointer mode.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUBLAS_OPERANDS_H
#define SIMT_RUNTIME_CUBLAS_OPERANDS_H

#include "runtime/LibraryCapture.h"

#include <cublas_api.h>
#include <vector>

struct cublasContext {
  cudaStream_t stream = nullptr;
  cublasPointerMode_t pointerMode = CUBLAS_POINTER_MODE_HOST;
  cublasAtomicsMode_t atomicsMode = CUBLAS_ATOMICS_NOT_ALLOWED;
  cublasMath_t mathMode = CUBLAS_DEFAULT_MATH;
};

namespace simt::cublas {

/// Thrown by the helpers below when the runtime refuses a copy; the
/// entry points answer CUBLAS_STATUS_EXECUTION_FAILED.
struct CopyFailed {};

/// Copies bytes between any two addresses the runtime knows.
void copyBytes(void *dst, const void *src, size_t bytes);
/// Waits for the handle's stream, so that a call sees the kernels before it.
void waitFor(const cublasContext &h);

/// A strided vector's elements (BLAS increments: a negative one walks
/// from the end), read and written back.
template <class T> struct Strided {
  T *base;
  int n, inc;
  size_t span() const { return n > 0 ? size_t(n - 1) * size_t(inc < 0 ? -inc : inc) + 1 : 0; }
  size_t at(int i) const { return size_t(inc >= 0 ? i : n - 1 - i) * size_t(inc < 0 ? -inc : inc); }
  std::vector<T> read() const {
    std::vector<T> all(span()), out(size_t(n > 0 ? n : 0));
    copyBytes(all.data(), base, all.size() * sizeof(T));
    for (int i = 0; i < n; ++i)
      out[i] = all[at(i)];
    return out;
  }
  void write(const std::vector<T> &v) const {
    std::vector<T> all(span());
    copyBytes(all.data(), base, all.size() * sizeof(T)); // keep the elements in between
    for (int i = 0; i < n; ++i)
      all[at(i)] = v[i];
    copyBytes(base, all.data(), all.size() * sizeof(T));
  }
};

/// The operand views of const pointers (only read through).
template <class T> Strided<T> strided(const T *p, int n, int inc) {
  return {const_cast<T *>(p), n, inc};
}

/// A column-major matrix of rows x cols with leading dimension ld.
template <class T> struct Matrix {
  T *base;
  int rows, cols, ld;
  size_t span() const { return cols > 0 && rows > 0 ? size_t(ld) * (cols - 1) + rows : 0; }
  std::vector<T> read() const {
    std::vector<T> v(span());
    copyBytes(v.data(), base, v.size() * sizeof(T));
    return v;
  }
  void write(const std::vector<T> &v) const { copyBytes(base, v.data(), v.size() * sizeof(T)); }
};

/// A scalar argument (alpha, beta) as the pointer mode says where it is.
template <class T> T scalar(const cublasContext &h, const T *p) {
  if (h.pointerMode == CUBLAS_POINTER_MODE_HOST)
    return *p;
  T v;
  copyBytes(&v, p, sizeof v);
  return v;
}
/// A scalar result, likewise.
template <class T> void result(const cublasContext &h, T *p, T v) {
  if (h.pointerMode == CUBLAS_POINTER_MODE_HOST)
    *p = v;
  else
    copyBytes(p, &v, sizeof v);
}

/// The batch's matrix addresses, from the array in device memory.
template <class P> std::vector<P> addresses(const P *array, int batches) {
  std::vector<P> out(size_t(batches > 0 ? batches : 0));
  copyBytes(out.data(), array, out.size() * sizeof(P));
  return out;
}

/// Runs a call's body: the handle checked, its stream waited for, a failed
/// copy answered as cuBLAS answers a failed kernel.
template <class Body> cublasStatus_t run(cublasHandle_t h, Body &&body) {
  if (!h)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (rt::refusedUnderCapture(h->stream, "cublas", "CUBLAS_STATUS_NOT_SUPPORTED"))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  try {
    waitFor(*h);
    return body(*h);
  } catch (CopyFailed) {
    return CUBLAS_STATUS_EXECUTION_FAILED;
  }
}

/// A pointer-array batch of a one-matrix-pair call: `one(A_i, B_i)` for
/// each i (the arrays in device memory), the first failure answered.
template <class TA, class TB, class One>
cublasStatus_t eachBatch(cublasHandle_t h, const TA *const As[], TB *const Bs[], int batches,
                         One &&one) {
  return run(h, [&](const cublasContext &) {
    if (batches < 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    const std::vector<const TA *> a = addresses(As, batches);
    const std::vector<TB *> b = addresses(Bs, batches);
    for (int i = 0; i < batches; ++i)
      if (cublasStatus_t st = one(a[size_t(i)], b[size_t(i)]); st != CUBLAS_STATUS_SUCCESS)
        return st;
    return CUBLAS_STATUS_SUCCESS;
  });
}

} // namespace simt::cublas

#endif
