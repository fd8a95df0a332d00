//===-- Handle.cpp - libcublas: handles, modes, vector and matrix copies --===//
#include "runtime/cublas/Operands.h"
#include "runtime/LibraryProperty.h"

#include <cstring>

namespace simt::cublas {

void copyBytes(void *dst, const void *src, size_t bytes) {
  if (bytes && cudaMemcpy(dst, src, bytes, cudaMemcpyDefault) != cudaSuccess)
    throw CopyFailed{};
}

void waitFor(const cublasContext &h) {
  if (cudaStreamSynchronize(h.stream) != cudaSuccess)
    throw CopyFailed{};
}

} // namespace simt::cublas

using namespace simt::cublas;

namespace {

/// cublasSetVector and friends: n elements of elemSize bytes, strided on
/// both sides, one copy per element where the strides are not 1.
cublasStatus_t copyStrided(int n, int elemSize, const void *src, int incSrc, void *dst,
                           int incDst, cudaStream_t stream) {
  if (n < 0 || elemSize <= 0 || incSrc <= 0 || incDst <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  const char *s = static_cast<const char *>(src);
  char *d = static_cast<char *>(dst);
  cudaError_t e = cudaSuccess;
  if (incSrc == 1 && incDst == 1)
    e = cudaMemcpyAsync(d, s, size_t(n) * elemSize, cudaMemcpyDefault, stream);
  else
    e = cudaMemcpy2DAsync(d, size_t(incDst) * elemSize, s, size_t(incSrc) * elemSize, elemSize,
                          n, cudaMemcpyDefault, stream);
  if (e == cudaSuccess)
    e = cudaStreamSynchronize(stream);
  return e == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_MAPPING_ERROR;
}

cublasStatus_t copyMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                          int ldb, cudaStream_t stream) {
  if (rows < 0 || cols < 0 || elemSize <= 0 || lda < rows || ldb < rows || lda <= 0 || ldb <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!rows || !cols)
    return CUBLAS_STATUS_SUCCESS;
  cudaError_t e = cudaMemcpy2DAsync(B, size_t(ldb) * elemSize, A, size_t(lda) * elemSize,
                                    size_t(rows) * elemSize, cols, cudaMemcpyDefault, stream);
  if (e == cudaSuccess)
    e = cudaStreamSynchronize(stream);
  return e == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_MAPPING_ERROR;
}

} // namespace

extern "C" {

cublasStatus_t cublasCreate_v2(cublasHandle_t *handle) {
  if (!handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  *handle = new cublasContext;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cudaStreamSynchronize(handle->stream);
  delete handle;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int *version) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!version)
    return CUBLAS_STATUS_INVALID_VALUE;
  *version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value) {
  return simt::rt::libraryProperty(type, value, CUBLAS_VER_MAJOR, CUBLAS_VER_MINOR,
                                   CUBLAS_VER_PATCH)
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_INVALID_VALUE;
}
size_t cublasGetCudartVersion(void) { return CUDART_VERSION; }

cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  handle->stream = streamId;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *streamId) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!streamId)
    return CUBLAS_STATUS_INVALID_VALUE;
  *streamId = handle->stream;
  return CUBLAS_STATUS_SUCCESS;
}
/// No kernels here: the workspace is accepted and left alone.
cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void *, size_t) {
  return handle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_NOT_INITIALIZED;
}
cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t *mode) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->pointerMode;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode != CUBLAS_POINTER_MODE_HOST && mode != CUBLAS_POINTER_MODE_DEVICE)
    return CUBLAS_STATUS_INVALID_VALUE;
  handle->pointerMode = mode;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t *mode) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->atomicsMode;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  handle->atomicsMode = mode;
  return CUBLAS_STATUS_SUCCESS;
}
/// Every mode computes in the operands' own precision here.
cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->mathMode;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  handle->mathMode = mode;
  return CUBLAS_STATUS_SUCCESS;
}

const char *cublasGetStatusName(cublasStatus_t status) {
  switch (status) {
#define NAME(S)                                                                                   \
  case S:                                                                                         \
    return #S;
    NAME(CUBLAS_STATUS_SUCCESS)
    NAME(CUBLAS_STATUS_NOT_INITIALIZED)
    NAME(CUBLAS_STATUS_ALLOC_FAILED)
    NAME(CUBLAS_STATUS_INVALID_VALUE)
    NAME(CUBLAS_STATUS_ARCH_MISMATCH)
    NAME(CUBLAS_STATUS_MAPPING_ERROR)
    NAME(CUBLAS_STATUS_EXECUTION_FAILED)
    NAME(CUBLAS_STATUS_INTERNAL_ERROR)
    NAME(CUBLAS_STATUS_NOT_SUPPORTED)
    NAME(CUBLAS_STATUS_LICENSE_ERROR)
#undef NAME
  }
  return "CUBLAS_STATUS_UNKNOWN";
}
const char *cublasGetStatusString(cublasStatus_t status) {
  switch (status) {
  case CUBLAS_STATUS_SUCCESS: return "success";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "the library was not initialized";
  case CUBLAS_STATUS_ALLOC_FAILED: return "the resource allocation failed";
  case CUBLAS_STATUS_INVALID_VALUE: return "an invalid numeric value was used as an argument";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "an absent device architectural feature is required";
  case CUBLAS_STATUS_MAPPING_ERROR: return "an access to GPU memory space failed";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "an internal operation failed";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
  case CUBLAS_STATUS_LICENSE_ERROR: return "error detected trying to check the license";
  }
  return "unknown error";
}

cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx, void *devicePtr,
                               int incy) {
  return copyStrided(n, elemSize, x, incx, devicePtr, incy, nullptr);
}
cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy) {
  return copyStrided(n, elemSize, x, incx, y, incy, nullptr);
}
cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *hostPtr, int incx,
                                    void *devicePtr, int incy, cudaStream_t stream) {
  return copyStrided(n, elemSize, hostPtr, incx, devicePtr, incy, stream);
}
cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *devicePtr, int incx,
                                    void *hostPtr, int incy, cudaStream_t stream) {
  return copyStrided(n, elemSize, devicePtr, incx, hostPtr, incy, stream);
}
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb) {
  return copyMatrix(rows, cols, elemSize, A, lda, B, ldb, nullptr);
}
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb) {
  return copyMatrix(rows, cols, elemSize, A, lda, B, ldb, nullptr);
}
cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream) {
  return copyMatrix(rows, cols, elemSize, A, lda, B, ldb, stream);
}
cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream) {
  return copyMatrix(rows, cols, elemSize, A, lda, B, ldb, stream);
}

} // extern "C"
