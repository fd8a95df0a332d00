//===-- Dense.cpp - libcusolver: cuSOLVER's dense API over Lapack.cpp -----===//
//
// Each call waits for the handle's stream, reads its matrices through the
// CUDA runtime (device, managed or pinned memory alike) into doubles,
// computes (Lapack.h) and writes the results and devInfo back in the
// call's type. The workspaces the bufferSize queries ask for are not used.
//
//===----------------------------------------------------------------------===//
#include "runtime/LibraryCapture.h"
#include "runtime/LibraryProperty.h"
#include "runtime/lapack/Lapack.h"

#include <cusolverDn.h>

#include <algorithm>
#include <vector>

struct cusolverDnContext {
  cudaStream_t stream = nullptr;
};

using namespace simt::lapack;

namespace {

/// Thrown where a call cannot go on: the status it answers.
struct Refused {
  cusolverStatus_t status;
};

void require(bool ok) {
  if (!ok)
    throw Refused{CUSOLVER_STATUS_INVALID_VALUE};
}

void copyBytes(void *dst, const void *src, size_t bytes) {
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

/// devInfo, an int in device (or host-registered) memory.
void writeInfo(int *devInfo, int info) {
  if (devInfo)
    copyBytes(devInfo, &info, sizeof info);
}

/// Runs a call's body: the handle checked, its stream waited for.
template <class Body> cusolverStatus_t run(cusolverDnHandle_t h, Body &&body) {
  if (!h)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (simt::rt::refusedUnderCapture(h->stream, "cusolver", "CUSOLVER_STATUS_NOT_SUPPORTED"))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  try {
    if (cudaStreamSynchronize(h->stream) != cudaSuccess)
      return CUSOLVER_STATUS_EXECUTION_FAILED;
    body();
    return CUSOLVER_STATUS_SUCCESS;
  } catch (Refused r) {
    return r.status;
  }
}

/// A bufferSize query: the elements a call's workspace would hold.
cusolverStatus_t workSize(cusolverDnHandle_t h, int *lwork, int elements) {
  if (!h)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!lwork)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *lwork = std::max(1, elements);
  return CUSOLVER_STATUS_SUCCESS;
}

bool lowerOf(cublasFillMode_t uplo) {
  require(uplo == CUBLAS_FILL_MODE_LOWER || uplo == CUBLAS_FILL_MODE_UPPER);
  return uplo == CUBLAS_FILL_MODE_LOWER;
}

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

template <class T>
cusolverStatus_t getrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, int *devIpiv,
                       int *devInfo) {
  return run(h, [&] {
    ColMajor M = readMatrix(A, m, n, lda);
    // cuSOLVER's getrf without devIpiv factors without pivoting.
    std::vector<int> ipiv(static_cast<size_t>(std::min(m, n)));
    const int info = simt::lapack::getrf(M, devIpiv ? &ipiv : nullptr);
    writeMatrix(A, M);
    if (devIpiv)
      copyBytes(devIpiv, ipiv.data(), ipiv.size() * sizeof(int));
    writeInfo(devInfo, info);
  });
}

template <class T>
cusolverStatus_t getrs(cusolverDnHandle_t h, cublasOperation_t trans, int n, int nrhs,
                       const T *A, int lda, const int *devIpiv, T *B, int ldb, int *devInfo) {
  return run(h, [&] {
    require(trans == CUBLAS_OP_N || trans == CUBLAS_OP_T || trans == CUBLAS_OP_C);
    require(nrhs >= 0);
    const ColMajor LU = readMatrix(A, n, n, lda);
    ColMajor X = readMatrix(B, n, nrhs, ldb);
    std::vector<int> ipiv(static_cast<size_t>(n));
    if (devIpiv) {
      copyBytes(ipiv.data(), devIpiv, ipiv.size() * sizeof(int));
      for (int p : ipiv)
        require(p >= 1 && p <= n);
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
    if (ju == 'A' || ju == 'S') {
      require(U && ldu >= m);
      Uf.ld = m;
      ColMajor out = readMatrix(U, m, Uf.n, ldu);
      for (int j = 0; j < Uf.n; ++j)
        for (int i = 0; i < m; ++i)
          out.at(i, j) = Uf.at(i, j);
      writeMatrix(U, out);
    }
    if (jv == 'A' || jv == 'S') {
      require(VT && ldvt >= n);
      ColMajor out = readMatrix(VT, n, n, ldvt);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          out.at(i, j) = VTf.at(i, j);
      writeMatrix(VT, out);
    }
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
  }

SIMT_CUSOLVER_DENSE(S, float)
SIMT_CUSOLVER_DENSE(D, double)

} // extern "C"
