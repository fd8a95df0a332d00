//===-- Dense.cpp - libcusolver: cuSOLVER's dense API over Lapack.cpp -----===//
//
// Each call waits for the handle's stream, reads its matrices through the
// CUDA runtime (device, managed or pinned memory alike) into doubles,
// computes (Lapack.h) and writes the results and devInfo back in the
// call's type. The workspaces the bufferSize queries ask for are not used.
// The 64-bit generic API (cusolverDnX*) names its types as cudaDataType
// and calls the same per-type implementations: real float and double.
//
//===----------------------------------------------------------------------===//
#include "runtime/LibraryProperty.h"
#include "runtime/cusolver/DenseOperands.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

using namespace simt::lapack;
using namespace simt::cusolver;

namespace {

template <class T>
cusolverStatus_t potrf(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, int lda,
                       int *devInfo) {
  return run(h, [&] {
    const bool lower = lowerOf(uplo);
    ColMajor M = readMatrix(A, n, n, lda);
    const int info = simt::lapack::potrf(M, lower);
    writeMatrix(A, M);
    writeInfo(devInfo, info);
  });
}

template <class T>
cusolverStatus_t potrs(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs, const T *A,
                       int lda, T *B, int ldb, int *devInfo) {
  return run(h, [&] {
    const bool lower = lowerOf(uplo);
    require(nrhs >= 0);
    const ColMajor F = readMatrix(A, n, n, lda);
    ColMajor X = readMatrix(B, n, nrhs, ldb);
    simt::lapack::potrs(F, lower, X);
    writeMatrix(B, X);
    writeInfo(devInfo, 0);
  });
}

template <class T>
cusolverStatus_t potri(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, int lda,
                       int *devInfo) {
  return run(h, [&] {
    const bool lower = lowerOf(uplo);
    ColMajor M = readMatrix(A, n, n, lda);
    const int info = simt::lapack::potri(M, lower);
    writeMatrix(A, M);
    writeInfo(devInfo, info);
  });
}

// getrf and getrs take the pivots as int (the legacy API) or int64_t
// (the 64-bit one).
template <class T, class Pivot>
cusolverStatus_t getrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, Pivot *devIpiv,
                       int *devInfo) {
  return run(h, [&] {
    ColMajor M = readMatrix(A, m, n, lda);
    // cuSOLVER's getrf without devIpiv factors without pivoting.
    std::vector<int> ipiv(static_cast<size_t>(std::min(m, n)));
    const int info = simt::lapack::getrf(M, devIpiv ? &ipiv : nullptr);
    writeMatrix(A, M);
    const std::vector<Pivot> out(ipiv.begin(), ipiv.end());
    if (devIpiv)
      copyBytes(devIpiv, out.data(), out.size() * sizeof(Pivot));
    writeInfo(devInfo, info);
  });
}

template <class T, class Pivot>
cusolverStatus_t getrs(cusolverDnHandle_t h, cublasOperation_t trans, int n, int nrhs,
                       const T *A, int lda, const Pivot *devIpiv, T *B, int ldb, int *devInfo) {
  return run(h, [&] {
    require(trans == CUBLAS_OP_N || trans == CUBLAS_OP_T || trans == CUBLAS_OP_C);
    require(nrhs >= 0);
    const ColMajor LU = readMatrix(A, n, n, lda);
    ColMajor X = readMatrix(B, n, nrhs, ldb);
    std::vector<int> ipiv(static_cast<size_t>(n));
    if (devIpiv) {
      std::vector<Pivot> in(ipiv.size());
      copyBytes(in.data(), devIpiv, in.size() * sizeof(Pivot));
      for (size_t i = 0; i < in.size(); ++i) {
        require(in[i] >= 1 && in[i] <= n);
        ipiv[i] = int(in[i]);
      }
    }
    simt::lapack::getrs(LU, devIpiv ? &ipiv : nullptr, trans != CUBLAS_OP_N, X);
    writeMatrix(B, X);
    writeInfo(devInfo, 0);
  });
}

template <class T>
cusolverStatus_t geqrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, T *tau, int *devInfo) {
  return run(h, [&] {
    ColMajor M = readMatrix(A, m, n, lda);
    require(tau || !std::min(m, n));
    std::vector<double> t;
    simt::lapack::geqrf(M, t);
    writeMatrix(A, M);
    writeVector(tau, t);
    writeInfo(devInfo, 0);
  });
}

template <class T> std::vector<double> readTau(const T *tau, int k) {
  require(k >= 0 && (tau || !k));
  std::vector<T> raw(static_cast<size_t>(k));
  copyBytes(raw.data(), tau, raw.size() * sizeof(T));
  return std::vector<double>(raw.begin(), raw.end());
}

template <class T>
cusolverStatus_t ormqr(cusolverDnHandle_t h, cublasSideMode_t side, cublasOperation_t trans,
                       int m, int n, int k, const T *A, int lda, const T *tau, T *C, int ldc,
                       int *devInfo) {
  return run(h, [&] {
    require(side == CUBLAS_SIDE_LEFT || side == CUBLAS_SIDE_RIGHT);
    require(trans == CUBLAS_OP_N || trans == CUBLAS_OP_T);
    const bool left = side == CUBLAS_SIDE_LEFT;
    const int order = left ? m : n; // Q is order x order
    require(k >= 0 && k <= order);
    const ColMajor QR = readMatrix(A, order, k, lda);
    ColMajor X = readMatrix(C, m, n, ldc);
    simt::lapack::ormqr(QR, readTau(tau, k), k, left, trans == CUBLAS_OP_T, X);
    writeMatrix(C, X);
    writeInfo(devInfo, 0);
  });
}

template <class T>
cusolverStatus_t orgqr(cusolverDnHandle_t h, int m, int n, int k, T *A, int lda, const T *tau,
                       int *devInfo) {
  return run(h, [&] {
    require(n <= m && k >= 0 && k <= n);
    ColMajor M = readMatrix(A, m, n, lda);
    simt::lapack::orgqr(M, readTau(tau, k), k);
    writeMatrix(A, M);
    writeInfo(devInfo, 0);
  });
}

template <class T>
cusolverStatus_t gesvd(cusolverDnHandle_t h, signed char jobu, signed char jobvt, int m, int n,
                       T *A, int lda, T *S, T *U, int ldu, T *VT, int ldvt, int *devInfo) {
  return run(h, [&] {
    // cuSOLVER's gesvd: m >= n only; jobu, jobvt of 'A', 'S', 'O', 'N'.
    const auto job = [](signed char c) {
      const char u = char(c >= 'a' ? c - 32 : c);
      require(u == 'A' || u == 'S' || u == 'O' || u == 'N');
      return u;
    };
    const char ju = job(jobu), jv = job(jobvt);
    require(m >= n && !(ju == 'O' && jv == 'O'));
    const ColMajor M = readMatrix(A, m, n, lda);
    std::vector<double> sv;
    ColMajor Uf, VTf;
    simt::lapack::gesvd(M, sv, ju != 'N' ? &Uf : nullptr, ju == 'A', jv != 'N' ? &VTf : nullptr);
    writeVector(S, sv);
    if (ju == 'A' || ju == 'S')
      writeInto(U, ldu, Uf);
    if (jv == 'A' || jv == 'S')
      writeInto(VT, ldvt, VTf);
    if (ju == 'O' || jv == 'O') { // A's first n columns become U's, or its n rows V^T's
      ColMajor out = M;
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < (ju == 'O' ? m : n); ++i)
          out.at(i, j) = ju == 'O' ? Uf.at(i, j) : VTf.at(i, j);
      writeMatrix(A, out);
    }
    writeInfo(devInfo, 0);
  });
}

template <class T>
cusolverStatus_t syevd(cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                       T *A, int lda, T *W, int *devInfo) {
  return run(h, [&] {
    require(jobz == CUSOLVER_EIG_MODE_NOVECTOR || jobz == CUSOLVER_EIG_MODE_VECTOR);
    const bool lower = lowerOf(uplo);
    ColMajor M = readMatrix(A, n, n, lda);
    std::vector<double> w;
    simt::lapack::syevd(M, lower, jobz == CUSOLVER_EIG_MODE_VECTOR, w);
    writeVector(W, w);
    if (jobz == CUSOLVER_EIG_MODE_VECTOR)
      writeMatrix(A, M);
    writeInfo(devInfo, 0);
  });
}

/// syevdx's choice among syevd's ascending w: the first kept index and one
/// past the last, all of them, the 1-based il to iu, or those in (vl, vu].
std::pair<int, int> eigenRange(cusolverEigRange_t range, const std::vector<double> &w,
                               double vl, double vu, int64_t il, int64_t iu) {
  const int n = int(w.size());
  switch (range) {
  case CUSOLVER_EIG_RANGE_ALL:
    return {0, n};
  case CUSOLVER_EIG_RANGE_I: // LAPACK's rule: il = 1, iu = 0 for an empty matrix
    require(n ? 1 <= il && il <= iu && iu <= n : il == 1 && iu == 0);
    return {int(il - 1), int(iu)};
  case CUSOLVER_EIG_RANGE_V: {
    require(vl < vu);
    const auto above = [&](double v) {
      return int(std::upper_bound(w.begin(), w.end(), v) - w.begin());
    };
    return {above(vl), above(vu)};
  }
  }
  throw Refused{CUSOLVER_STATUS_INVALID_VALUE};
}

/// syevdx: syevd, then the chosen pairs first in W and A; vl and vu (host
/// values) are read for CUSOLVER_EIG_RANGE_V only. The count is an int
/// (the legacy API) or an int64_t (the 64-bit one), on the host. As
/// cuSOLVER's (its sample's output shows it), W holds all n eigenvalues,
/// the others after the chosen ones, and A's columns after the chosen
/// vectors stay as they were.
template <class T, class Count>
cusolverStatus_t syevdx(cusolverDnHandle_t h, cusolverEigMode_t jobz, cusolverEigRange_t range,
                        cublasFillMode_t uplo, int n, T *A, int lda, const T *vl, const T *vu,
                        int64_t il, int64_t iu, Count *meig, T *W, int *info) {
  return run(h, [&] {
    require(jobz == CUSOLVER_EIG_MODE_NOVECTOR || jobz == CUSOLVER_EIG_MODE_VECTOR);
    require(meig && (range != CUSOLVER_EIG_RANGE_V || (vl && vu)));
    const bool lower = lowerOf(uplo), vectors = jobz == CUSOLVER_EIG_MODE_VECTOR;
    ColMajor M = readMatrix(A, n, n, lda);
    std::vector<double> w;
    simt::lapack::syevd(M, lower, vectors, w);
    const bool byValue = range == CUSOLVER_EIG_RANGE_V;
    const auto [first, end] = eigenRange(range, w, byValue ? *vl : 0, byValue ? *vu : 0, il, iu);
    std::vector<double> ordered(w.begin() + first, w.begin() + end);
    ordered.insert(ordered.end(), w.begin(), w.begin() + first);
    ordered.insert(ordered.end(), w.begin() + end, w.end());
    std::inplace_merge(ordered.begin() + (end - first), ordered.begin() + end, ordered.end());
    writeVector(W, ordered);
    if (vectors) {
      ColMajor chosen{n, end - first, n, std::vector<double>(size_t(n) * size_t(end - first))};
      for (int j = first; j < end; ++j)
        for (int i = 0; i < n; ++i)
          chosen.at(i, j - first) = M.at(i, j);
      writeInto(A, lda, chosen);
    }
    *meig = Count(end - first);
    writeInfo(info, 0);
  });
}

template <class T>
cusolverStatus_t sygvd(cusolverDnHandle_t h, cusolverEigType_t itype, cusolverEigMode_t jobz,
                       cublasFillMode_t uplo, int n, T *A, int lda, T *B, int ldb, T *W,
                       int *info) {
  return run(h, [&] {
    require(itype == CUSOLVER_EIG_TYPE_1 || itype == CUSOLVER_EIG_TYPE_2 ||
            itype == CUSOLVER_EIG_TYPE_3);
    require(jobz == CUSOLVER_EIG_MODE_NOVECTOR || jobz == CUSOLVER_EIG_MODE_VECTOR);
    const bool lower = lowerOf(uplo), vectors = jobz == CUSOLVER_EIG_MODE_VECTOR;
    ColMajor MA = readMatrix(A, n, n, lda), MB = readMatrix(B, n, n, ldb);
    std::vector<double> w;
    const int status = simt::lapack::sygvd(MA, MB, int(itype), lower, vectors, w);
    if (!status) {
      writeVector(W, w);
      if (vectors)
        writeMatrix(A, MA);
    }
    writeMatrix(B, MB);
    writeInfo(info, status);
  });
}

/// gesvdp: A = U diag(S) V^T for any shape, U m x m and V n x n, or their
/// first min(m, n) columns with `econ`.
template <class T>
cusolverStatus_t gesvdp(cusolverDnHandle_t h, cusolverEigMode_t jobz, int econ, int m, int n,
                        T *A, int lda, T *S, T *U, int ldu, T *V, int ldv, int *info,
                        double *errSigma) {
  return run(h, [&] {
    require(jobz == CUSOLVER_EIG_MODE_NOVECTOR || jobz == CUSOLVER_EIG_MODE_VECTOR);
    const bool vectors = jobz == CUSOLVER_EIG_MODE_VECTOR;
    const SvdOfAnyShape svd(readMatrix(A, m, n, lda), vectors, econ);
    writeVector(S, svd.S);
    if (vectors) {
      writeInto(U, ldu, svd.U);
      writeInto(V, ldv, svd.V);
    }
    // The singular values come from the Jacobi SVD itself, not through a
    // polar decomposition, so they carry no error of that step to report.
    if (errSigma)
      *errSigma = 0;
    writeInfo(info, 0);
  });
}

template <class T>
cusolverStatus_t trtri(cusolverDnHandle_t h, cublasFillMode_t uplo, cublasDiagType_t diag, int n,
                       T *A, int lda, int *info) {
  return run(h, [&] {
    require(diag == CUBLAS_DIAG_NON_UNIT || diag == CUBLAS_DIAG_UNIT);
    const bool lower = lowerOf(uplo);
    ColMajor M = readMatrix(A, n, n, lda);
    const int status = simt::lapack::trtri(M, lower, diag == CUBLAS_DIAG_UNIT);
    writeMatrix(A, M);
    writeInfo(info, status);
  });
}

/// potrfBatched and potrsBatched: each matrix of the device array of
/// pointers in turn, each potrf's info in its own entry of infos.
template <class T>
cusolverStatus_t potrfBatched(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *Aarray[],
                              int lda, int *infos, int batch) {
  if (cusolverStatus_t s = prologue(h))
    return s;
  if (batch < 0 || (batch && (!Aarray || !infos)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  std::vector<T *> as(static_cast<size_t>(batch));
  if (batch && cudaMemcpy(as.data(), Aarray, as.size() * sizeof(T *), cudaMemcpyDefault))
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  for (int b = 0; b < batch; ++b)
    if (cusolverStatus_t s = potrf(h, uplo, n, as[size_t(b)], lda, infos + b))
      return s;
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t potrsBatched(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs,
                              T *Aarray[], int lda, T *Barray[], int ldb, int *info, int batch) {
  // cuSOLVER solves one right-hand side per matrix here, and so does this.
  if (cusolverStatus_t s = prologue(h))
    return s;
  if (batch < 0 || nrhs != 1 || (batch && (!Aarray || !Barray)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  std::vector<T *> as(static_cast<size_t>(batch)), bs(as.size());
  if (batch && (cudaMemcpy(as.data(), Aarray, as.size() * sizeof(T *), cudaMemcpyDefault) ||
                cudaMemcpy(bs.data(), Barray, bs.size() * sizeof(T *), cudaMemcpyDefault)))
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  for (int b = 0; b < batch; ++b)
    if (cusolverStatus_t s = potrs(h, uplo, n, nrhs, as[size_t(b)], lda, bs[size_t(b)], ldb, info))
      return s;
  return CUSOLVER_STATUS_SUCCESS;
}

// ---- The 64-bit API: cudaDataType names the element type.

/// An int64_t dimension the per-type implementations take as int.
int dim(int64_t v) {
  require(v >= INT_MIN && v <= INT_MAX);
  return int(v);
}

/// Runs a 64-bit call: the handle checked, each operand's type equal to
/// computeType, and `body` called with a value of the element type that
/// names (float for CUDA_R_32F, double for CUDA_R_64F). Complex types and
/// mixed precisions answer NOT_SUPPORTED: they are not computed here.
template <class Body>
cusolverStatus_t typed(cusolverDnHandle_t h, cudaDataType computeType,
                       std::initializer_list<cudaDataType> operands, Body &&body) {
  if (!h)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  for (cudaDataType t : operands)
    if (t != computeType)
      return CUSOLVER_STATUS_NOT_SUPPORTED;
  try {
    switch (computeType) {
    case CUDA_R_32F:
      return body(float());
    case CUDA_R_64F:
      return body(double());
    case CUDA_C_32F:
    case CUDA_C_64F:
      return CUSOLVER_STATUS_NOT_SUPPORTED;
    default:
      return CUSOLVER_STATUS_INVALID_VALUE;
    }
  } catch (Refused r) {
    return r.status;
  }
}

/// A 64-bit bufferSize query: `elements` of the computeType on the device,
/// none on the host (where this library computes without a workspace).
cusolverStatus_t workBytes(cusolverDnHandle_t h, cudaDataType computeType,
                           std::initializer_list<cudaDataType> operands, size_t *onDevice,
                           size_t *onHost, int64_t elements) {
  return typed(h, computeType, operands, [&](auto zero) {
    if (!onDevice || !onHost)
      return CUSOLVER_STATUS_INVALID_VALUE;
    *onDevice = size_t(std::max<int64_t>(1, elements)) * sizeof zero;
    *onHost = 0;
    return CUSOLVER_STATUS_SUCCESS;
  });
}

} // namespace

extern "C" {

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int *value) {
  return simt::rt::libraryProperty(type, value, CUSOLVER_VER_MAJOR, CUSOLVER_VER_MINOR,
                                   CUSOLVER_VER_PATCH)
             ? CUSOLVER_STATUS_SUCCESS
             : CUSOLVER_STATUS_INVALID_VALUE;
}
cusolverStatus_t cusolverGetVersion(int *version) {
  if (!version)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *version = CUSOLVER_VERSION;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle) {
  if (!handle)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *handle = new cusolverDnContext;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  cudaStreamSynchronize(handle->stream);
  delete handle;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  handle->stream = streamId;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *streamId) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!streamId)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *streamId = handle->stream;
  return CUSOLVER_STATUS_SUCCESS;
}

// The float and double entry points, one template each.
#define SIMT_CUSOLVER_DENSE(P, T)                                                                \
  cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t h, cublasFillMode_t, int n, \
                                                   T *, int, int *Lwork) {                      \
    return workSize(h, Lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, \
                                        int lda, T *, int, int *devInfo) {                       \
    return potrf(h, uplo, n, A, lda, devInfo);                                                   \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##potrs(cusolverDnHandle_t h, cublasFillMode_t uplo, int n,       \
                                        int nrhs, const T *A, int lda, T *B, int ldb,            \
                                        int *devInfo) {                                          \
    return potrs(h, uplo, n, nrhs, A, lda, B, ldb, devInfo);                                     \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##potri_bufferSize(cusolverDnHandle_t h, cublasFillMode_t, int n, \
                                                   T *, int, int *lwork) {                      \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##potri(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, \
                                        int lda, T *, int, int *devInfo) {                       \
    return potri(h, uplo, n, A, lda, devInfo);                                                   \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t h, int, int n, T *, int,   \
                                                   int *Lwork) {                                 \
    return workSize(h, Lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, T *,  \
                                        int *devIpiv, int *devInfo) {                            \
    return getrf(h, m, n, A, lda, devIpiv, devInfo);                                             \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t h, cublasOperation_t trans, int n,    \
                                        int nrhs, const T *A, int lda, const int *devIpiv, T *B, \
                                        int ldb, int *devInfo) {                                 \
    return getrs(h, trans, n, nrhs, A, lda, devIpiv, B, ldb, devInfo);                           \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t h, int, int n, T *, int,   \
                                                   int *lwork) {                                 \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t h, int m, int n, T *A, int lda,       \
                                        T *TAU, T *, int, int *devInfo) {                        \
    return geqrf(h, m, n, A, lda, TAU, devInfo);                                                 \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##ormqr_bufferSize(                                              \
      cusolverDnHandle_t h, cublasSideMode_t, cublasOperation_t, int, int n, int, const T *,     \
      int, const T *, const T *, int, int *lwork) {                                              \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##ormqr(cusolverDnHandle_t h, cublasSideMode_t side,             \
                                        cublasOperation_t trans, int m, int n, int k,            \
                                        const T *A, int lda, const T *tau, T *C, int ldc, T *,   \
                                        int, int *devInfo) {                                     \
    return ormqr(h, side, trans, m, n, k, A, lda, tau, C, ldc, devInfo);                         \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##orgqr_bufferSize(cusolverDnHandle_t h, int, int n, int,        \
                                                   const T *, int, const T *, int *lwork) {      \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##orgqr(cusolverDnHandle_t h, int m, int n, int k, T *A,         \
                                        int lda, const T *tau, T *, int, int *info) {            \
    return orgqr(h, m, n, k, A, lda, tau, info);                                                 \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t h, int m, int n,           \
                                                   int *lwork) {                                 \
    return workSize(h, lwork, m + n);                                                            \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##gesvd(cusolverDnHandle_t h, signed char jobu,                  \
                                        signed char jobvt, int m, int n, T *A, int lda, T *S,    \
                                        T *U, int ldu, T *VT, int ldvt, T *, int, T *,           \
                                        int *info) {                                             \
    return gesvd(h, jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, info);                       \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##syevd_bufferSize(cusolverDnHandle_t h, cusolverEigMode_t,      \
                                                   cublasFillMode_t, int n, const T *, int,      \
                                                   const T *, int *lwork) {                      \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##syevd(cusolverDnHandle_t h, cusolverEigMode_t jobz,            \
                                        cublasFillMode_t uplo, int n, T *A, int lda, T *W, T *,  \
                                        int, int *info) {                                        \
    return syevd(h, jobz, uplo, n, A, lda, W, info);                                             \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##syevdx_bufferSize(                                             \
      cusolverDnHandle_t h, cusolverEigMode_t, cusolverEigRange_t, cublasFillMode_t, int n,      \
      const T *, int, T, T, int, int, int *, const T *, int *lwork) {                            \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##syevdx(cusolverDnHandle_t h, cusolverEigMode_t jobz,           \
                                         cusolverEigRange_t range, cublasFillMode_t uplo, int n, \
                                         T *A, int lda, T vl, T vu, int il, int iu, int *meig,   \
                                         T *W, T *, int, int *info) {                            \
    return syevdx(h, jobz, range, uplo, n, A, lda, &vl, &vu, il, iu, meig, W, info);             \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##sygvd_bufferSize(                                              \
      cusolverDnHandle_t h, cusolverEigType_t, cusolverEigMode_t, cublasFillMode_t, int n,       \
      const T *, int, const T *, int, const T *, int *lwork) {                                   \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##sygvd(cusolverDnHandle_t h, cusolverEigType_t itype,           \
                                        cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,    \
                                        T *A, int lda, T *B, int ldb, T *W, T *, int,            \
                                        int *info) {                                             \
    return sygvd(h, itype, jobz, uplo, n, A, lda, B, ldb, W, info);                              \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##potrfBatched(cusolverDnHandle_t h, cublasFillMode_t uplo,      \
                                               int n, T *Aarray[], int lda, int *infoArray,      \
                                               int batchSize) {                                  \
    return potrfBatched(h, uplo, n, Aarray, lda, infoArray, batchSize);                          \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##potrsBatched(cusolverDnHandle_t h, cublasFillMode_t uplo,      \
                                               int n, int nrhs, T *A[], int lda, T *B[],         \
                                               int ldb, int *info, int batchSize) {              \
    return potrsBatched(h, uplo, n, nrhs, A, lda, B, ldb, info, batchSize);                      \
  }

SIMT_CUSOLVER_DENSE(S, float)
SIMT_CUSOLVER_DENSE(D, double)

// The 64-bit API. `params` carries only getrf's algorithm, which changes
// nothing here, so the calls accept a null one.
cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *params) {
  if (!params)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *params = new cusolverDnParams;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params) {
  if (!params)
    return CUSOLVER_STATUS_INVALID_VALUE;
  delete params;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
                                         cusolverAlgMode_t algo) {
  if (!params || function != CUSOLVERDN_GETRF || (algo != CUSOLVER_ALG_0 && algo != CUSOLVER_ALG_1))
    return CUSOLVER_STATUS_INVALID_VALUE;
  params->getrfAlgorithm = algo;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnXgetrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t, int64_t,
                                             int64_t n, cudaDataType dataTypeA, const void *,
                                             int64_t, cudaDataType computeType, size_t *onDevice,
                                             size_t *onHost) {
  return workBytes(h, computeType, {dataTypeA}, onDevice, onHost, n);
}
cusolverStatus_t cusolverDnXgetrf(cusolverDnHandle_t h, cusolverDnParams_t, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void *A, int64_t lda, int64_t *ipiv,
                                  cudaDataType computeType, void *, size_t, void *, size_t,
                                  int *info) {
  return typed(h, computeType, {dataTypeA}, [&](auto zero) {
    using T = decltype(zero);
    return getrf(h, dim(m), dim(n), static_cast<T *>(A), dim(lda), ipiv, info);
  });
}
cusolverStatus_t cusolverDnXgetrs(cusolverDnHandle_t h, cusolverDnParams_t,
                                  cublasOperation_t trans, int64_t n, int64_t nrhs,
                                  cudaDataType dataTypeA, const void *A, int64_t lda,
                                  const int64_t *ipiv, cudaDataType dataTypeB, void *B,
                                  int64_t ldb, int *info) {
  return typed(h, dataTypeA, {dataTypeB}, [&](auto zero) {
    using T = decltype(zero);
    return getrs(h, trans, dim(n), dim(nrhs), static_cast<const T *>(A), dim(lda), ipiv,
                 static_cast<T *>(B), dim(ldb), info);
  });
}

cusolverStatus_t cusolverDnXpotrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t,
                                             cublasFillMode_t, int64_t n, cudaDataType dataTypeA,
                                             const void *, int64_t, cudaDataType computeType,
                                             size_t *onDevice, size_t *onHost) {
  return workBytes(h, computeType, {dataTypeA}, onDevice, onHost, n);
}
cusolverStatus_t cusolverDnXpotrf(cusolverDnHandle_t h, cusolverDnParams_t, cublasFillMode_t uplo,
                                  int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
                                  cudaDataType computeType, void *, size_t, void *, size_t,
                                  int *info) {
  return typed(h, computeType, {dataTypeA}, [&](auto zero) {
    using T = decltype(zero);
    return potrf(h, uplo, dim(n), static_cast<T *>(A), dim(lda), info);
  });
}
cusolverStatus_t cusolverDnXpotrs(cusolverDnHandle_t h, cusolverDnParams_t, cublasFillMode_t uplo,
                                  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *A,
                                  int64_t lda, cudaDataType dataTypeB, void *B, int64_t ldb,
                                  int *info) {
  return typed(h, dataTypeA, {dataTypeB}, [&](auto zero) {
    using T = decltype(zero);
    return potrs(h, uplo, dim(n), dim(nrhs), static_cast<const T *>(A), dim(lda),
                 static_cast<T *>(B), dim(ldb), info);
  });
}

cusolverStatus_t cusolverDnXgeqrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t, int64_t,
                                             int64_t n, cudaDataType dataTypeA, const void *,
                                             int64_t, cudaDataType dataTypeTau, const void *,
                                             cudaDataType computeType, size_t *onDevice,
                                             size_t *onHost) {
  return workBytes(h, computeType, {dataTypeA, dataTypeTau}, onDevice, onHost, n);
}
cusolverStatus_t cusolverDnXgeqrf(cusolverDnHandle_t h, cusolverDnParams_t, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void *A, int64_t lda,
                                  cudaDataType dataTypeTau, void *tau, cudaDataType computeType,
                                  void *, size_t, void *, size_t, int *info) {
  return typed(h, computeType, {dataTypeA, dataTypeTau}, [&](auto zero) {
    using T = decltype(zero);
    return geqrf(h, dim(m), dim(n), static_cast<T *>(A), dim(lda), static_cast<T *>(tau), info);
  });
}

cusolverStatus_t cusolverDnXsyevd_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t,
                                             cusolverEigMode_t, cublasFillMode_t, int64_t n,
                                             cudaDataType dataTypeA, const void *, int64_t,
                                             cudaDataType dataTypeW, const void *,
                                             cudaDataType computeType, size_t *onDevice,
                                             size_t *onHost) {
  return workBytes(h, computeType, {dataTypeA, dataTypeW}, onDevice, onHost, n);
}
cusolverStatus_t cusolverDnXsyevd(cusolverDnHandle_t h, cusolverDnParams_t, cusolverEigMode_t jobz,
                                  cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
                                  void *A, int64_t lda, cudaDataType dataTypeW, void *W,
                                  cudaDataType computeType, void *, size_t, void *, size_t,
                                  int *info) {
  return typed(h, computeType, {dataTypeA, dataTypeW}, [&](auto zero) {
    using T = decltype(zero);
    return syevd(h, jobz, uplo, dim(n), static_cast<T *>(A), dim(lda), static_cast<T *>(W), info);
  });
}

cusolverStatus_t cusolverDnXsyevdx_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t,
                                              cusolverEigMode_t, cusolverEigRange_t,
                                              cublasFillMode_t, int64_t n, cudaDataType dataTypeA,
                                              const void *, int64_t, void *, void *, int64_t,
                                              int64_t, int64_t *, cudaDataType dataTypeW,
                                              const void *, cudaDataType computeType,
                                              size_t *onDevice, size_t *onHost) {
  return workBytes(h, computeType, {dataTypeA, dataTypeW}, onDevice, onHost, n);
}
cusolverStatus_t cusolverDnXsyevdx(cusolverDnHandle_t h, cusolverDnParams_t,
                                   cusolverEigMode_t jobz, cusolverEigRange_t range,
                                   cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
                                   void *A, int64_t lda, void *vl, void *vu, int64_t il,
                                   int64_t iu, int64_t *meig64, cudaDataType dataTypeW, void *W,
                                   cudaDataType computeType, void *, size_t, void *, size_t,
                                   int *info) {
  return typed(h, computeType, {dataTypeA, dataTypeW}, [&](auto zero) {
    using T = decltype(zero);
    return syevdx(h, jobz, range, uplo, dim(n), static_cast<T *>(A), dim(lda),
                  static_cast<const T *>(vl), static_cast<const T *>(vu), il, iu, meig64,
                  static_cast<T *>(W), info);
  });
}

cusolverStatus_t cusolverDnXgesvd_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t,
                                             signed char, signed char, int64_t m, int64_t n,
                                             cudaDataType dataTypeA, const void *, int64_t,
                                             cudaDataType dataTypeS, const void *,
                                             cudaDataType dataTypeU, const void *, int64_t,
                                             cudaDataType dataTypeVT, const void *, int64_t,
                                             cudaDataType computeType, size_t *onDevice,
                                             size_t *onHost) {
  return workBytes(h, computeType, {dataTypeA, dataTypeS, dataTypeU, dataTypeVT}, onDevice,
                   onHost, m + n);
}
cusolverStatus_t cusolverDnXgesvd(cusolverDnHandle_t h, cusolverDnParams_t, signed char jobu,
                                  signed char jobvt, int64_t m, int64_t n, cudaDataType dataTypeA,
                                  void *A, int64_t lda, cudaDataType dataTypeS, void *S,
                                  cudaDataType dataTypeU, void *U, int64_t ldu,
                                  cudaDataType dataTypeVT, void *VT, int64_t ldvt,
                                  cudaDataType computeType, void *, size_t, void *, size_t,
                                  int *info) {
  return typed(h, computeType, {dataTypeA, dataTypeS, dataTypeU, dataTypeVT}, [&](auto zero) {
    using T = decltype(zero);
    return gesvd(h, jobu, jobvt, dim(m), dim(n), static_cast<T *>(A), dim(lda),
                 static_cast<T *>(S), static_cast<T *>(U), dim(ldu), static_cast<T *>(VT),
                 dim(ldvt), info);
  });
}

cusolverStatus_t cusolverDnXgesvdp_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t,
                                              cusolverEigMode_t, int, int64_t m, int64_t n,
                                              cudaDataType dataTypeA, const void *, int64_t,
                                              cudaDataType dataTypeS, const void *,
                                              cudaDataType dataTypeU, const void *, int64_t,
                                              cudaDataType dataTypeV, const void *, int64_t,
                                              cudaDataType computeType, size_t *onDevice,
                                              size_t *onHost) {
  return workBytes(h, computeType, {dataTypeA, dataTypeS, dataTypeU, dataTypeV}, onDevice,
                   onHost, m + n);
}
cusolverStatus_t cusolverDnXgesvdp(cusolverDnHandle_t h, cusolverDnParams_t,
                                   cusolverEigMode_t jobz, int econ, int64_t m, int64_t n,
                                   cudaDataType dataTypeA, void *A, int64_t lda,
                                   cudaDataType dataTypeS, void *S, cudaDataType dataTypeU,
                                   void *U, int64_t ldu, cudaDataType dataTypeV, void *V,
                                   int64_t ldv, cudaDataType computeType, void *, size_t, void *,
                                   size_t, int *d_info, double *h_err_sigma) {
  return typed(h, computeType, {dataTypeA, dataTypeS, dataTypeU, dataTypeV}, [&](auto zero) {
    using T = decltype(zero);
    return gesvdp(h, jobz, econ, dim(m), dim(n), static_cast<T *>(A), dim(lda),
                  static_cast<T *>(S), static_cast<T *>(U), dim(ldu), static_cast<T *>(V),
                  dim(ldv), d_info, h_err_sigma);
  });
}

// trtri names no computeType: A's type is the one computed in.
cusolverStatus_t cusolverDnXtrtri_bufferSize(cusolverDnHandle_t h, cublasFillMode_t,
                                             cublasDiagType_t, int64_t n, cudaDataType dataTypeA,
                                             void *, int64_t, size_t *onDevice, size_t *onHost) {
  return workBytes(h, dataTypeA, {}, onDevice, onHost, n);
}
cusolverStatus_t cusolverDnXtrtri(cusolverDnHandle_t h, cublasFillMode_t uplo,
                                  cublasDiagType_t diag, int64_t n, cudaDataType dataTypeA,
                                  void *A, int64_t lda, void *, size_t, void *, size_t,
                                  int *devInfo) {
  return typed(h, dataTypeA, {}, [&](auto zero) {
    using T = decltype(zero);
    return trtri(h, uplo, diag, dim(n), static_cast<T *>(A), dim(lda), devInfo);
  });
}

} // extern "C"
