/*===-- cublas_api.h - cuBLAS's handle API: types and functions ------------===*
 *
 * What libcublas (runtime/cublas, -lcublas) provides of cuBLAS, under the
 * _v2 names that cublas_v2.h maps the plain names to: handles, streams,
 * pointer and math modes, vector and matrix transfers, BLAS level 1 (amax,
 * amin, asum, axpy, copy, dot, nrm2, scal, swap, the rotations), gemv,
 * ger, syr, syr2, symv, trmv, trsv, gemm with its strided and pointer-array
 * batches, geam, dgmm, trmm, trsm, syrk, syr2k, syrkx, symm, the batched LU
 * (getrf/getrs/getriBatched), gemmEx and its batches, in float and double;
 * gemm in half precision too (Hgemm and its batches); in complex float and
 * double level 1, gemv, geru/gerc, the Hermitian and complex symmetric
 * operations (hemv, her, her2, hemm, herk, her2k, herkx and the sy forms),
 * trmv, trsv, trmm, trsm, gemm (gemm3m) and its batches, geam, dgmm; the
 * band and packed level-2 forms in all four.
 * The operations compute on the host over the operands' bytes and write
 * the results back (docs/cuda.md).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUBLAS_API_H
#define SIMT_CUBLAS_API_H
#define CUBLAS_API_H_ /* NVIDIA's guard */

#include "cuComplex.h" /* NVIDIA's header brings these in: programs use their types */
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "cuda_runtime_api.h"
#include "library_types.h"

#define CUBLAS_VER_MAJOR 13
#define CUBLAS_VER_MINOR 1
#define CUBLAS_VER_PATCH 0
#define CUBLAS_VER_BUILD 3
#define CUBLAS_VERSION (CUBLAS_VER_MAJOR * 10000 + CUBLAS_VER_MINOR * 100 + CUBLAS_VER_PATCH)

typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
  CUBLAS_OP_HERMITAN = 2,
  CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;
typedef enum {
  CUBLAS_GEMM_DEFAULT = -1,
  CUBLAS_GEMM_ALGO0 = 0,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
  CUBLAS_GEMM_DFALT_TENSOR_OP = 99,
  CUBLAS_GEMM_AUTOTUNE = 999 /* one algorithm here: the same result */
} cublasGemmAlgo_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_16F_PEDANTIC = 65,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_32I = 72,
  CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;

typedef struct cublasContext *cublasHandle_t;

#ifdef __cplusplus
extern "C" {
#endif
cublasStatus_t cublasCreate_v2(cublasHandle_t *handle);
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int *version);
cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value);
size_t cublasGetCudartVersion(void);
cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *streamId);
cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void *workspace,
                                     size_t workspaceSizeInBytes);
cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t *mode);
cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode);
cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t *mode);
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode);
cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
const char *cublasGetStatusName(cublasStatus_t status);
const char *cublasGetStatusString(cublasStatus_t status);

cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx, void *devicePtr,
                               int incy);
cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy);
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb);
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb);
cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *hostPtr, int incx,
                                    void *devicePtr, int incy, cudaStream_t stream);
cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *devicePtr, int incx,
                                    void *hostPtr, int incy, cudaStream_t stream);
cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream);
cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream);

/* Levels 1 to 3, for S (float) and D (double). */
#define __SIMT_CUBLAS_LEVEL1(P, p, T)                                                            \
  cublasStatus_t cublasI##p##amax_v2(cublasHandle_t handle, int n, const T *x, int incx,      \
                                     int *result);                                           \
  cublasStatus_t cublasI##p##amin_v2(cublasHandle_t handle, int n, const T *x, int incx,      \
                                     int *result);                                           \
  cublasStatus_t cublas##P##asum_v2(cublasHandle_t handle, int n, const T *x, int incx,       \
                                    T *result);                                              \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t handle, int n, const T *alpha, const T *x, \
                                    int incx, T *y, int incy);                               \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t handle, int n, const T *x, int incx, T *y, \
                                    int incy);                                               \
  cublasStatus_t cublas##P##dot_v2(cublasHandle_t handle, int n, const T *x, int incx,        \
                                   const T *y, int incy, T *result);                         \
  cublasStatus_t cublas##P##nrm2_v2(cublasHandle_t handle, int n, const T *x, int incx,       \
                                    T *result);                                              \
  cublasStatus_t cublas##P##scal_v2(cublasHandle_t handle, int n, const T *alpha, T *x,       \
                                    int incx);                                               \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t handle, int n, T *x, int incx, T *y,       \
                                    int incy);                                               \
  cublasStatus_t cublas##P##gemv_v2(cublasHandle_t handle, cublasOperation_t trans, int m,    \
                                    int n, const T *alpha, const T *A, int lda, const T *x,   \
                                    int incx, const T *beta, T *y, int incy);                \
  cublasStatus_t cublas##P##gemm_v2(cublasHandle_t handle, cublasOperation_t transa,          \
                                    cublasOperation_t transb, int m, int n, int k,            \
                                    const T *alpha, const T *A, int lda, const T *B, int ldb, \
                                    const T *beta, T *C, int ldc);                           \
  cublasStatus_t cublas##P##gemmStridedBatched(                                               \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, \
      int k, const T *alpha, const T *A, int lda, long long int strideA, const T *B, int ldb, \
      long long int strideB, const T *beta, T *C, int ldc, long long int strideC,            \
      int batchCount);                                                                       \
  cublasStatus_t cublas##P##gemmBatched(                                                      \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, \
      int k, const T *alpha, const T *const Aarray[], int lda, const T *const Barray[],       \
      int ldb, const T *beta, T *const Carray[], int ldc, int batchCount);                   \
  cublasStatus_t cublas##P##geam(cublasHandle_t handle, cublasOperation_t transa,             \
                                 cublasOperation_t transb, int m, int n, const T *alpha,      \
                                 const T *A, int lda, const T *beta, const T *B, int ldb,     \
                                 T *C, int ldc);                                          \
  cublasStatus_t cublas##P##ger_v2(cublasHandle_t handle, int m, int n, const T *alpha,        \
                                   const T *x, int incx, const T *y, int incy, T *A, int lda); \
  cublasStatus_t cublas##P##symv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,       \
                                    const T *alpha, const T *A, int lda, const T *x, int incx, \
                                    const T *beta, T *y, int incy);                            \
  cublasStatus_t cublas##P##trsv_v2(cublasHandle_t handle, cublasFillMode_t uplo,              \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,     \
                                    const T *A, int lda, T *x, int incx);                      \
  cublasStatus_t cublas##P##trsm_v2(cublasHandle_t handle, cublasSideMode_t side,              \
                                    cublasFillMode_t uplo, cublasOperation_t trans,            \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,       \
                                    const T *A, int lda, T *B, int ldb);                       \
  cublasStatus_t cublas##P##syrk_v2(cublasHandle_t handle, cublasFillMode_t uplo,              \
                                    cublasOperation_t trans, int n, int k, const T *alpha,     \
                                    const T *A, int lda, const T *beta, T *C, int ldc);        \
  cublasStatus_t cublas##P##symm_v2(cublasHandle_t handle, cublasSideMode_t side,              \
                                    cublasFillMode_t uplo, int m, int n, const T *alpha,       \
                                    const T *A, int lda, const T *B, int ldb, const T *beta,   \
                                    T *C, int ldc);                                            \
  cublasStatus_t cublas##P##getrfBatched(cublasHandle_t handle, int n, T *const A[], int lda,  \
                                         int *P, int *info, int batchSize);                    \
  cublasStatus_t cublas##P##getrsBatched(cublasHandle_t handle, cublasOperation_t trans,       \
                                         int n, int nrhs, const T *const Aarray[], int lda,    \
                                         const int *devIpiv, T *const Barray[], int ldb,       \
                                         int *info, int batchSize);                            \
  cublasStatus_t cublas##P##getriBatched(cublasHandle_t handle, int n, const T *const A[],     \
                                         int lda, const int *P, T *const C[], int ldc,         \
                                         int *info, int batchSize);
__SIMT_CUBLAS_LEVEL1(S, s, float)
__SIMT_CUBLAS_LEVEL1(D, d, double)
#undef __SIMT_CUBLAS_LEVEL1

/* dot and nrm2 with their types named: float, double, complex float or complex
 * double throughout (dot x^T y; a complex nrm2 in the real type). */
cublasStatus_t cublasDotEx(cublasHandle_t handle, int n, const void *x, cudaDataType xType,
                           int incx, const void *y, cudaDataType yType, int incy, void *result,
                           cudaDataType resultType, cudaDataType executionType);
cublasStatus_t cublasNrm2Ex(cublasHandle_t handle, int n, const void *x, cudaDataType xType,
                            int incx, void *result, cudaDataType resultType,
                            cudaDataType executionType);
/* Half precision gemm (host arithmetic in double, rounded to half). C++
 * only, as NVIDIA's: __half is a C++ type. */
#if defined(__cplusplus)
cublasStatus_t cublasHgemm(cublasHandle_t handle, cublasOperation_t transa,
                           cublasOperation_t transb, int m, int n, int k, const __half *alpha,
                           const __half *A, int lda, const __half *B, int ldb,
                           const __half *beta, __half *C, int ldc);
cublasStatus_t cublasHgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                  cublasOperation_t transb, int m, int n, int k,
                                  const __half *alpha, const __half *const Aarray[], int lda,
                                  const __half *const Barray[], int ldb, const __half *beta,
                                  __half *const Carray[], int ldc, int batchCount);
cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                         cublasOperation_t transb, int m, int n, int k,
                                         const __half *alpha, const __half *A, int lda,
                                         long long int strideA, const __half *B, int ldb,
                                         long long int strideB, const __half *beta, __half *C,
                                         int ldc, long long int strideC, int batchCount);
#endif
cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa,
                            cublasOperation_t transb, int m, int n, int k, const void *alpha,
                            const void *A, cudaDataType Atype, int lda, const void *B,
                            cudaDataType Btype, int ldb, const void *beta, void *C,
                            cudaDataType Ctype, int ldc, cublasComputeType_t computeType,
                            cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
    const void *alpha, const void *A, cudaDataType Atype, int lda, long long int strideA,
    const void *B, cudaDataType Btype, int ldb, long long int strideB, const void *beta, void *C,
    cudaDataType Ctype, int ldc, long long int strideC, int batchCount,
    cublasComputeType_t computeType, cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmBatchedEx(cublasHandle_t handle, cublasOperation_t transa,
                                   cublasOperation_t transb, int m, int n, int k,
                                   const void *alpha, const void *const Aarray[],
                                   cudaDataType Atype, int lda, const void *const Barray[],
                                   cudaDataType Btype, int ldb, const void *beta,
                                   void *const Carray[], cudaDataType Ctype, int ldc,
                                   int batchCount, cublasComputeType_t computeType,
                                   cublasGemmAlgo_t algo);
/* axpy and scal with their types named: float or double throughout. */
cublasStatus_t cublasAxpyEx(cublasHandle_t handle, int n, const void *alpha,
                            cudaDataType alphaType, const void *x, cudaDataType xType, int incx,
                            void *y, cudaDataType yType, int incy, cudaDataType executiontype);
cublasStatus_t cublasScalEx(cublasHandle_t handle, int n, const void *alpha,
                            cudaDataType alphaType, void *x, cudaDataType xType, int incx,
                            cudaDataType executionType);

/* Plane rotations, rank-1 and rank-2 updates of a symmetric matrix, the
 * triangular product, the diagonal scaling, and syr2k and syrkx, for S and
 * D. */
#define __SIMT_CUBLAS_MORE(P, T)                                                                \
  cublasStatus_t cublas##P##rot_v2(cublasHandle_t handle, int n, T *x, int incx, T *y,        \
                                   int incy, const T *c, const T *s);                         \
  cublasStatus_t cublas##P##rotg_v2(cublasHandle_t handle, T *a, T *b, T *c, T *s);           \
  cublasStatus_t cublas##P##rotm_v2(cublasHandle_t handle, int n, T *x, int incx, T *y,       \
                                    int incy, const T *param);                                \
  cublasStatus_t cublas##P##rotmg_v2(cublasHandle_t handle, T *d1, T *d2, T *x1, const T *y1, \
                                     T *param);                                               \
  cublasStatus_t cublas##P##syr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,       \
                                   const T *alpha, const T *x, int incx, T *A, int lda);      \
  cublasStatus_t cublas##P##syr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,      \
                                    const T *alpha, const T *x, int incx, const T *y,         \
                                    int incy, T *A, int lda);                                 \
  cublasStatus_t cublas##P##trmv_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,    \
                                    const T *A, int lda, T *x, int incx);                     \
  cublasStatus_t cublas##P##trmm_v2(cublasHandle_t handle, cublasSideMode_t side,             \
                                    cublasFillMode_t uplo, cublasOperation_t trans,           \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,      \
                                    const T *A, int lda, const T *B, int ldb, T *C, int ldc); \
  cublasStatus_t cublas##P##syr2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,            \
                                     cublasOperation_t trans, int n, int k, const T *alpha,   \
                                     const T *A, int lda, const T *B, int ldb, const T *beta, \
                                     T *C, int ldc);                                          \
  cublasStatus_t cublas##P##syrkx(cublasHandle_t handle, cublasFillMode_t uplo,               \
                                  cublasOperation_t trans, int n, int k, const T *alpha,      \
                                  const T *A, int lda, const T *B, int ldb, const T *beta,    \
                                  T *C, int ldc);                                             \
  cublasStatus_t cublas##P##dgmm(cublasHandle_t handle, cublasSideMode_t mode, int m, int n,  \
                                 const T *A, int lda, const T *x, int incx, T *C, int ldc);
__SIMT_CUBLAS_MORE(S, float)
__SIMT_CUBLAS_MORE(D, double)
#undef __SIMT_CUBLAS_MORE
/* Complex float (C) and complex double (Z): level 1 (R the real type, r its
 * letter in the names: cublasScasum, cublasCsscal, cublasCsrot), gemv, the
 * rank-1 updates, Hermitian and symmetric operands, triangular ones, gemm
 * with its batches and gemm3m, geam, dgmm. */
#define __SIMT_CUBLAS_COMPLEX(P, p, R, rl, r, T)                                                \
  cublasStatus_t cublasI##p##amax_v2(cublasHandle_t handle, int n, const T *x, int incx,      \
                                     int *result);                                           \
  cublasStatus_t cublasI##p##amin_v2(cublasHandle_t handle, int n, const T *x, int incx,      \
                                     int *result);                                           \
  cublasStatus_t cublas##R##p##asum_v2(cublasHandle_t handle, int n, const T *x, int incx,    \
                                       r *result);                                           \
  cublasStatus_t cublas##R##p##nrm2_v2(cublasHandle_t handle, int n, const T *x, int incx,    \
                                       r *result);                                           \
  cublasStatus_t cublas##P##dotu_v2(cublasHandle_t handle, int n, const T *x, int incx,       \
                                    const T *y, int incy, T *result);                        \
  cublasStatus_t cublas##P##dotc_v2(cublasHandle_t handle, int n, const T *x, int incx,       \
                                    const T *y, int incy, T *result);                        \
  cublasStatus_t cublas##P##scal_v2(cublasHandle_t handle, int n, const T *alpha, T *x,       \
                                    int incx);                                               \
  cublasStatus_t cublas##P##rl##scal_v2(cublasHandle_t handle, int n, const r *alpha, T *x,   \
                                        int incx);                                           \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t handle, int n, const T *alpha, const T *x, \
                                    int incx, T *y, int incy);                               \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t handle, int n, const T *x, int incx, T *y, \
                                    int incy);                                               \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t handle, int n, T *x, int incx, T *y,       \
                                    int incy);                                               \
  cublasStatus_t cublas##P##rot_v2(cublasHandle_t handle, int n, T *x, int incx, T *y,        \
                                   int incy, const r *c, const T *s);                        \
  cublasStatus_t cublas##P##rl##rot_v2(cublasHandle_t handle, int n, T *x, int incx, T *y,    \
                                       int incy, const r *c, const r *s);                    \
  cublasStatus_t cublas##P##rotg_v2(cublasHandle_t handle, T *a, T *b, r *c, T *s);           \
  cublasStatus_t cublas##P##gemv_v2(cublasHandle_t handle, cublasOperation_t trans, int m,    \
                                    int n, const T *alpha, const T *A, int lda, const T *x,   \
                                    int incx, const T *beta, T *y, int incy);                \
  cublasStatus_t cublas##P##geru_v2(cublasHandle_t handle, int m, int n, const T *alpha,      \
                                    const T *x, int incx, const T *y, int incy, T *A,         \
                                    int lda);                                                \
  cublasStatus_t cublas##P##gerc_v2(cublasHandle_t handle, int m, int n, const T *alpha,      \
                                    const T *x, int incx, const T *y, int incy, T *A,         \
                                    int lda);                                                \
  cublasStatus_t cublas##P##hemv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,      \
                                    const T *alpha, const T *A, int lda, const T *x,          \
                                    int incx, const T *beta, T *y, int incy);                \
  cublasStatus_t cublas##P##symv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,      \
                                    const T *alpha, const T *A, int lda, const T *x,          \
                                    int incx, const T *beta, T *y, int incy);                \
  cublasStatus_t cublas##P##her_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,       \
                                   const r *alpha, const T *x, int incx, T *A, int lda);     \
  cublasStatus_t cublas##P##her2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,      \
                                    const T *alpha, const T *x, int incx, const T *y,         \
                                    int incy, T *A, int lda);                                \
  cublasStatus_t cublas##P##syr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,       \
                                   const T *alpha, const T *x, int incx, T *A, int lda);     \
  cublasStatus_t cublas##P##syr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,      \
                                    const T *alpha, const T *x, int incx, const T *y,         \
                                    int incy, T *A, int lda);                                \
  cublasStatus_t cublas##P##trmv_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,    \
                                    const T *A, int lda, T *x, int incx);                    \
  cublasStatus_t cublas##P##trsv_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,    \
                                    const T *A, int lda, T *x, int incx);                    \
  cublasStatus_t cublas##P##gemm_v2(cublasHandle_t handle, cublasOperation_t transa,          \
                                    cublasOperation_t transb, int m, int n, int k,            \
                                    const T *alpha, const T *A, int lda, const T *B, int ldb, \
                                    const T *beta, T *C, int ldc);                           \
  cublasStatus_t cublas##P##gemm3m(cublasHandle_t handle, cublasOperation_t transa,           \
                                   cublasOperation_t transb, int m, int n, int k,             \
                                   const T *alpha, const T *A, int lda, const T *B, int ldb,  \
                                   const T *beta, T *C, int ldc);                            \
  cublasStatus_t cublas##P##gemmStridedBatched(                                               \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, \
      int k, const T *alpha, const T *A, int lda, long long int strideA, const T *B, int ldb, \
      long long int strideB, const T *beta, T *C, int ldc, long long int strideC,            \
      int batchCount);                                                                       \
  cublasStatus_t cublas##P##gemmBatched(                                                      \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, \
      int k, const T *alpha, const T *const Aarray[], int lda, const T *const Barray[],       \
      int ldb, const T *beta, T *const Carray[], int ldc, int batchCount);                   \
  cublasStatus_t cublas##P##geam(cublasHandle_t handle, cublasOperation_t transa,             \
                                 cublasOperation_t transb, int m, int n, const T *alpha,      \
                                 const T *A, int lda, const T *beta, const T *B, int ldb,     \
                                 T *C, int ldc);                                              \
  cublasStatus_t cublas##P##dgmm(cublasHandle_t handle, cublasSideMode_t mode, int m, int n,  \
                                 const T *A, int lda, const T *x, int incx, T *C, int ldc);   \
  cublasStatus_t cublas##P##hemm_v2(cublasHandle_t handle, cublasSideMode_t side,             \
                                    cublasFillMode_t uplo, int m, int n, const T *alpha,      \
                                    const T *A, int lda, const T *B, int ldb, const T *beta,  \
                                    T *C, int ldc);                                          \
  cublasStatus_t cublas##P##symm_v2(cublasHandle_t handle, cublasSideMode_t side,             \
                                    cublasFillMode_t uplo, int m, int n, const T *alpha,      \
                                    const T *A, int lda, const T *B, int ldb, const T *beta,  \
                                    T *C, int ldc);                                          \
  cublasStatus_t cublas##P##herk_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, int n, int k, const r *alpha,    \
                                    const T *A, int lda, const r *beta, T *C, int ldc);      \
  cublasStatus_t cublas##P##syrk_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, int n, int k, const T *alpha,    \
                                    const T *A, int lda, const T *beta, T *C, int ldc);      \
  cublasStatus_t cublas##P##herkx(cublasHandle_t handle, cublasFillMode_t uplo,               \
                                  cublasOperation_t trans, int n, int k, const T *alpha,      \
                                  const T *A, int lda, const T *B, int ldb, const r *beta,    \
                                  T *C, int ldc);                                            \
  cublasStatus_t cublas##P##syrkx(cublasHandle_t handle, cublasFillMode_t uplo,               \
                                  cublasOperation_t trans, int n, int k, const T *alpha,      \
                                  const T *A, int lda, const T *B, int ldb, const T *beta,    \
                                  T *C, int ldc);                                            \
  cublasStatus_t cublas##P##her2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,            \
                                     cublasOperation_t trans, int n, int k, const T *alpha,   \
                                     const T *A, int lda, const T *B, int ldb,                \
                                     const r *beta, T *C, int ldc);                          \
  cublasStatus_t cublas##P##syr2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,            \
                                     cublasOperation_t trans, int n, int k, const T *alpha,   \
                                     const T *A, int lda, const T *B, int ldb,                \
                                     const T *beta, T *C, int ldc);                          \
  cublasStatus_t cublas##P##trmm_v2(cublasHandle_t handle, cublasSideMode_t side,             \
                                    cublasFillMode_t uplo, cublasOperation_t trans,           \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,      \
                                    const T *A, int lda, const T *B, int ldb, T *C, int ldc); \
  cublasStatus_t cublas##P##trsm_v2(cublasHandle_t handle, cublasSideMode_t side,             \
                                    cublasFillMode_t uplo, cublasOperation_t trans,           \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,      \
                                    const T *A, int lda, T *B, int ldb);
__SIMT_CUBLAS_COMPLEX(C, c, S, s, float, cuComplex)
__SIMT_CUBLAS_COMPLEX(Z, z, D, d, double, cuDoubleComplex)
#undef __SIMT_CUBLAS_COMPLEX
/* gemm3m's batches, which cuBLAS has in C alone. */
cublasStatus_t cublasCgemm3mStridedBatched(
    cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
    int k, const cuComplex *alpha, const cuComplex *A, int lda, long long int strideA,
    const cuComplex *B, int ldb, long long int strideB, const cuComplex *beta, cuComplex *C,
    int ldc, long long int strideC, int batchCount);
cublasStatus_t cublasCgemm3mBatched(
    cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
    int k, const cuComplex *alpha, const cuComplex *const Aarray[], int lda,
    const cuComplex *const Barray[], int ldb, const cuComplex *beta, cuComplex *const Carray[],
    int ldc, int batchCount);
/* Band and packed storage (level 2): gbmv, tbmv, tbsv, tpmv, tpsv in every
 * type; sbmv, spmv, spr, spr2 in S and D; hbmv, hpmv, hpr, hpr2 in C and Z
 * (R the real type of hpr's alpha). */
#define __SIMT_CUBLAS_BAND_PACKED(P, T)                                                          \
  cublasStatus_t cublas##P##gbmv_v2(cublasHandle_t handle, cublasOperation_t trans, int m,    \
                                    int n, int kl, int ku, const T *alpha, const T *A,        \
                                    int lda, const T *x, int incx, const T *beta, T *y,       \
                                    int incy);                                               \
  cublasStatus_t cublas##P##tbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,    \
                                    int k, const T *A, int lda, T *x, int incx);             \
  cublasStatus_t cublas##P##tbsv_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,    \
                                    int k, const T *A, int lda, T *x, int incx);             \
  cublasStatus_t cublas##P##tpmv_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,    \
                                    const T *AP, T *x, int incx);                            \
  cublasStatus_t cublas##P##tpsv_v2(cublasHandle_t handle, cublasFillMode_t uplo,             \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,    \
                                    const T *AP, T *x, int incx);
#define __SIMT_CUBLAS_SELF_ADJOINT_BAND_PACKED(P, s, T, R)                                      \
  cublasStatus_t cublas##P##s##bmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,    \
                                      int k, const T *alpha, const T *A, int lda, const T *x, \
                                      int incx, const T *beta, T *y, int incy);              \
  cublasStatus_t cublas##P##s##pmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,    \
                                      const T *alpha, const T *AP, const T *x, int incx,      \
                                      const T *beta, T *y, int incy);                        \
  cublasStatus_t cublas##P##s##pr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,     \
                                     const R *alpha, const T *x, int incx, T *AP);           \
  cublasStatus_t cublas##P##s##pr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,    \
                                      const T *alpha, const T *x, int incx, const T *y,       \
                                      int incy, T *AP);
__SIMT_CUBLAS_BAND_PACKED(S, float)
__SIMT_CUBLAS_BAND_PACKED(D, double)
__SIMT_CUBLAS_BAND_PACKED(C, cuComplex)
__SIMT_CUBLAS_BAND_PACKED(Z, cuDoubleComplex)
__SIMT_CUBLAS_SELF_ADJOINT_BAND_PACKED(S, s, float, float)
__SIMT_CUBLAS_SELF_ADJOINT_BAND_PACKED(D, s, double, double)
__SIMT_CUBLAS_SELF_ADJOINT_BAND_PACKED(C, h, cuComplex, float)
__SIMT_CUBLAS_SELF_ADJOINT_BAND_PACKED(Z, h, cuDoubleComplex, double)
#undef __SIMT_CUBLAS_BAND_PACKED
#undef __SIMT_CUBLAS_SELF_ADJOINT_BAND_PACKED
/* trsm over pointer arrays, in every type; gemm in groups of batches (S, D
 * and the typed form); the packed-triangle conversions; herk and syrk with
 * their types named (complex float), dotc and rot likewise. */
#define __SIMT_CUBLAS_BATCHED(P, T)                                                              \
  cublasStatus_t cublas##P##trsmBatched(cublasHandle_t handle, cublasSideMode_t side,         \
                                        cublasFillMode_t uplo, cublasOperation_t trans,       \
                                        cublasDiagType_t diag, int m, int n, const T *alpha,  \
                                        const T *const A[], int lda, T *const B[], int ldb,   \
                                        int batchCount);                                     \
  cublasStatus_t cublas##P##tpttr(cublasHandle_t handle, cublasFillMode_t uplo, int n,        \
                                  const T *AP, T *A, int lda);                               \
  cublasStatus_t cublas##P##trttp(cublasHandle_t handle, cublasFillMode_t uplo, int n,        \
                                  const T *A, int lda, T *AP);
__SIMT_CUBLAS_BATCHED(S, float)
__SIMT_CUBLAS_BATCHED(D, double)
__SIMT_CUBLAS_BATCHED(C, cuComplex)
__SIMT_CUBLAS_BATCHED(Z, cuDoubleComplex)
#undef __SIMT_CUBLAS_BATCHED
#define __SIMT_CUBLAS_GROUPED(P, T)                                                              \
  cublasStatus_t cublas##P##gemmGroupedBatched(                                               \
      cublasHandle_t handle, const cublasOperation_t transa_array[],                          \
      const cublasOperation_t transb_array[], const int m_array[], const int n_array[],       \
      const int k_array[], const T alpha_array[], const T *const Aarray[],                    \
      const int lda_array[], const T *const Barray[], const int ldb_array[],                  \
      const T beta_array[], T *const Carray[], const int ldc_array[], int group_count,        \
      const int group_size[]);
__SIMT_CUBLAS_GROUPED(S, float)
__SIMT_CUBLAS_GROUPED(D, double)
#undef __SIMT_CUBLAS_GROUPED
cublasStatus_t cublasGemmGroupedBatchedEx(
    cublasHandle_t handle, const cublasOperation_t transa_array[],
    const cublasOperation_t transb_array[], const int m_array[], const int n_array[],
    const int k_array[], const void *alpha_array, const void *const Aarray[], cudaDataType Atype,
    const int lda_array[], const void *const Barray[], cudaDataType Btype,
    const int ldb_array[], const void *beta_array, void *const Carray[], cudaDataType Ctype,
    const int ldc_array[], int group_count, const int group_size[],
    cublasComputeType_t computeType);
cublasStatus_t cublasCherkEx(cublasHandle_t handle, cublasFillMode_t uplo,
                             cublasOperation_t trans, int n, int k, const float *alpha,
                             const void *A, cudaDataType Atype, int lda, const float *beta,
                             void *C, cudaDataType Ctype, int ldc);
cublasStatus_t cublasCherk3mEx(cublasHandle_t handle, cublasFillMode_t uplo,
                               cublasOperation_t trans, int n, int k, const float *alpha,
                               const void *A, cudaDataType Atype, int lda, const float *beta,
                               void *C, cudaDataType Ctype, int ldc);
cublasStatus_t cublasCsyrkEx(cublasHandle_t handle, cublasFillMode_t uplo,
                             cublasOperation_t trans, int n, int k, const cuComplex *alpha,
                             const void *A, cudaDataType Atype, int lda, const cuComplex *beta,
                             void *C, cudaDataType Ctype, int ldc);
cublasStatus_t cublasCsyrk3mEx(cublasHandle_t handle, cublasFillMode_t uplo,
                               cublasOperation_t trans, int n, int k, const cuComplex *alpha,
                               const void *A, cudaDataType Atype, int lda,
                               const cuComplex *beta, void *C, cudaDataType Ctype, int ldc);
cublasStatus_t cublasDotcEx(cublasHandle_t handle, int n, const void *x, cudaDataType xType,
                            int incx, const void *y, cudaDataType yType, int incy, void *result,
                            cudaDataType resultType, cudaDataType executionType);
cublasStatus_t cublasRotEx(cublasHandle_t handle, int n, void *x, cudaDataType xType, int incx,
                           void *y, cudaDataType yType, int incy, const void *c, const void *s,
                           cudaDataType csType, cudaDataType executiontype);
#ifdef __cplusplus
}

/* As NVIDIA's header, for C++: gemmEx called the CUDA 10 way, with a
 * cudaDataType as its compute type (the cuSOLVER samples' residual checks),
 * takes the cublasComputeType_t that type and the handle's math mode name. */
static inline cublasStatus_t cublasMigrateComputeType(cublasHandle_t handle,
                                                      cudaDataType_t dataType,
                                                      cublasComputeType_t *computeType) {
  cublasMath_t mathMode = CUBLAS_DEFAULT_MATH;
  cublasStatus_t status = cublasGetMathMode(handle, &mathMode);
  if (status != CUBLAS_STATUS_SUCCESS)
    return status;
  bool isPedantic = ((mathMode & 0xf) == CUBLAS_PEDANTIC_MATH);
  switch (dataType) {
  case CUDA_R_32F:
  case CUDA_C_32F:
    *computeType = isPedantic ? CUBLAS_COMPUTE_32F_PEDANTIC : CUBLAS_COMPUTE_32F;
    return CUBLAS_STATUS_SUCCESS;
  case CUDA_R_64F:
  case CUDA_C_64F:
    *computeType = isPedantic ? CUBLAS_COMPUTE_64F_PEDANTIC : CUBLAS_COMPUTE_64F;
    return CUBLAS_STATUS_SUCCESS;
  case CUDA_R_16F:
    *computeType = isPedantic ? CUBLAS_COMPUTE_16F_PEDANTIC : CUBLAS_COMPUTE_16F;
    return CUBLAS_STATUS_SUCCESS;
  case CUDA_R_32I:
    *computeType = isPedantic ? CUBLAS_COMPUTE_32I_PEDANTIC : CUBLAS_COMPUTE_32I;
    return CUBLAS_STATUS_SUCCESS;
  default:
    return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}
static inline cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa,
                                          cublasOperation_t transb, int m, int n, int k,
                                          const void *alpha, const void *A, cudaDataType Atype,
                                          int lda, const void *B, cudaDataType Btype, int ldb,
                                          const void *beta, void *C, cudaDataType Ctype, int ldc,
                                          cudaDataType computeType, cublasGemmAlgo_t algo) {
  cublasComputeType_t migrated = CUBLAS_COMPUTE_32F;
  cublasStatus_t status = cublasMigrateComputeType(handle, computeType, &migrated);
  if (status != CUBLAS_STATUS_SUCCESS)
    return status;
  return cublasGemmEx(handle, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta,
                      C, Ctype, ldc, migrated, algo);
}
#endif

#endif
