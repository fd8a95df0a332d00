//===-- DenseOperands.h - libcusolver: handles, operands, the call frame --===//
//
// What every cuSOLVER dense call shares: the handle and the 64-bit API's
// options, matrices and vectors read through the CUDA runtime into
// doubles (Lapack.h's ColMajor) and written back in the call's type,
// devInfo, and the frame that checks the handle, refuses a capture and
// waits for the handle's stream before the body runs.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUSOLVER_DENSEOPERANDS_H
#define SIMT_RUNTIME_CUSOLVER_DENSEOPERANDS_H

#include "runtime/LibraryCapture.h"
#include "runtime/lapack/Lapack.h"

#include <cusolverDn.h>

#include <algorithm>
#include <vector>

struct cusolverDnContext {
  cudaStream_t stream = nullptr;
};

/// The 64-bit API's options: the algorithm a program picks for getrf,
/// which computes the same factors here whichever it is.
struct cusolverDnParams {
  cusolverAlgMode_t getrfAlgorithm = CUSOLVER_ALG_0;
};

namespace simt::cusolver {

using simt::lapack::ColMajor;


/// Thrown where a call cannot go on: the status it answers.
struct Refused {
  cusolverStatus_t status;
};

inline void require(bool ok) {
  if (!ok)
    throw Refused{CUSOLVER_STATUS_INVALID_VALUE};
}

inline void copyBytes(void *dst, const void *src, size_t bytes) {
  if (bytes && cudaMemcpy(dst, src, bytes, cudaMemcpyDefault) != cudaSuccess)
    throw Refused{CUSOLVER_STATUS_EXECUTION_FAILED};
}

/// The m x n matrix at `p` (leading dimension ld) as doubles, whole
/// columns of ld elements read so that the rows between stay as they are.
template <class T> ColMajor readMatrix(const T *p, int m, int n, int ld) {
  require(m >= 0 && n >= 0 && ld >= std::max(1, m) && (p || !m || !n));
  std::vector<T> raw(ColMajor{m, n, ld, {}}.span());
  copyBytes(raw.data(), p, raw.size() * sizeof(T));
  return ColMajor::fromElements(raw, m, n, ld);
}

template <class T> void writeMatrix(T *p, const ColMajor &M) {
  const std::vector<T> raw = M.elements<T>();
  copyBytes(p, raw.data(), raw.size() * sizeof(T));
}

template <class T> void writeVector(T *p, const std::vector<double> &v) {
  std::vector<T> raw(v.begin(), v.end());
  copyBytes(p, raw.data(), raw.size() * sizeof(T));
}

/// Writes M (its transpose with `transpose`) to the matrix at p, leading
/// dimension ld, whose rows between the columns stay as they are.
template <class T> void writeInto(T *p, int ld, const ColMajor &M, bool transpose = false) {
  const int rows = transpose ? M.n : M.m, cols = transpose ? M.m : M.n;
  ColMajor out = readMatrix(p, rows, cols, ld);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i)
      out.at(i, j) = transpose ? M.at(j, i) : M.at(i, j);
  writeMatrix(p, out);
}

/// devInfo, an int in device (or host-registered) memory.
inline void writeInfo(int *devInfo, int info) {
  if (devInfo)
    copyBytes(devInfo, &info, sizeof info);
}

/// What a call does before its body: the handle checked, a capture
/// refused, and the handle's stream waited for, so that the operands (and a
/// batched call's arrays of pointers, read before each matrix's run) are
/// those the work queued before the call wrote.
inline cusolverStatus_t prologue(cusolverDnHandle_t h) {
  if (!h)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (simt::rt::refusedUnderCapture(h->stream, "cusolver", "CUSOLVER_STATUS_NOT_SUPPORTED"))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (cudaStreamSynchronize(h->stream) != cudaSuccess)
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  return CUSOLVER_STATUS_SUCCESS;
}

/// Runs a call's body after the prologue.
template <class Body> cusolverStatus_t run(cusolverDnHandle_t h, Body &&body) {
  if (cusolverStatus_t s = prologue(h))
    return s;
  try {
    body();
    return CUSOLVER_STATUS_SUCCESS;
  } catch (Refused r) {
    return r.status;
  }
}

/// A bufferSize query: the elements a call's workspace would hold.
inline cusolverStatus_t workSize(cusolverDnHandle_t h, int *lwork, int elements) {
  if (!h)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!lwork)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *lwork = std::max(1, elements);
  return CUSOLVER_STATUS_SUCCESS;
}

inline bool lowerOf(cublasFillMode_t uplo) {
  require(uplo == CUBLAS_FILL_MODE_LOWER || uplo == CUBLAS_FILL_MODE_UPPER);
  return uplo == CUBLAS_FILL_MODE_LOWER;
}

/// A = U diag(S) V^T for any shape (gesvdp, gesvdj), S descending (unless
/// the Jacobi control says not to sort), U m x m and V n x n, or their first
/// min(m, n) columns with `econ`. The Jacobi SVD takes a tall matrix: a
/// wide A is computed as A^T = U' S V'^T, so U = V', V = U'.
struct SvdOfAnyShape {
  std::vector<double> S;
  ColMajor U, V;
  SvdOfAnyShape(const ColMajor &A, bool vectors, bool econ,
                simt::lapack::Jacobi *control = nullptr) {
    const int m = A.m, n = A.n;
    const bool tall = m >= n;
    ColMajor In{std::max(m, n), std::min(m, n), std::max(m, n), {}};
    In.a.resize(size_t(In.m) * size_t(In.n));
    for (int j = 0; j < In.n; ++j)
      for (int i = 0; i < In.m; ++i)
        In.at(i, j) = tall ? A.at(i, j) : A.at(j, i);
    ColMajor Uf, VTf;
    simt::lapack::gesvd(In, S, vectors ? &Uf : nullptr, vectors && !econ,
                        vectors ? &VTf : nullptr, control);
    if (!vectors)
      return;
    ColMajor Vf{VTf.n, VTf.m, VTf.n, std::vector<double>(VTf.a.size())};
    for (int j = 0; j < Vf.n; ++j)
      for (int i = 0; i < Vf.m; ++i)
        Vf.at(i, j) = VTf.at(j, i);
    U = tall ? Uf : Vf;
    V = tall ? Vf : Uf;
  }
};

} // namespace simt::cusolver

#endif
