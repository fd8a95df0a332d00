/*===-- cusparse.h - cuSPARSE: handles, descriptors, sparse operations -----===*
 *
 * What libcusparse (runtime/cusparse, -lcusparse) provides of cuSPARSE 12:
 * the handle, the generic API's descriptors (CSR, CSC and COO matrices,
 * sparse and dense vectors, dense matrices, strided batches) and its
 * operations (SpMV, SpMM, SDDMM, SpGEMM, SpSV, SpSM, SpVV, Axpby, Gather,
 * Scatter, sparse-to-dense and dense-to-sparse), and of the legacy API
 * the matrix descriptor, nnz counting, csr2cscEx2, csrsort and ILU(0)
 * (csrilu02), in float and double. The operations compute on the host
 * over the operands' bytes and write the results back (docs/cuda.md).
 * Enumerators have cuSPARSE's values.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUSPARSE_H
#define SIMT_CUSPARSE_H
#define CUSPARSE_H_ /* NVIDIA's guard */
/* NVIDIA's calling-convention macro, which programs test to tell that
   cuSPARSE is declared (the samples' helper_cuda.h: _cudaGetErrorEnum of a
   cusparseStatus_t). */
#ifndef CUSPARSEAPI
#define CUSPARSEAPI
#endif

#include "cuda_runtime_api.h"
#include "library_types.h"
#include <stddef.h>
#include <stdint.h>

#define CUSPARSE_VER_MAJOR 12
#define CUSPARSE_VER_MINOR 6
#define CUSPARSE_VER_PATCH 3
#define CUSPARSE_VER_BUILD 3
#define CUSPARSE_VERSION (CUSPARSE_VER_MAJOR * 1000 + CUSPARSE_VER_MINOR * 100 + CUSPARSE_VER_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  CUSPARSE_STATUS_SUCCESS = 0,
  CUSPARSE_STATUS_NOT_INITIALIZED = 1,
  CUSPARSE_STATUS_ALLOC_FAILED = 2,
  CUSPARSE_STATUS_INVALID_VALUE = 3,
  CUSPARSE_STATUS_ARCH_MISMATCH = 4,
  CUSPARSE_STATUS_MAPPING_ERROR = 5,
  CUSPARSE_STATUS_EXECUTION_FAILED = 6,
  CUSPARSE_STATUS_INTERNAL_ERROR = 7,
  CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSPARSE_STATUS_ZERO_PIVOT = 9,
  CUSPARSE_STATUS_NOT_SUPPORTED = 10,
  CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;

typedef enum { CUSPARSE_POINTER_MODE_HOST = 0, CUSPARSE_POINTER_MODE_DEVICE = 1 } cusparsePointerMode_t;
typedef enum { CUSPARSE_ACTION_SYMBOLIC = 0, CUSPARSE_ACTION_NUMERIC = 1 } cusparseAction_t;
typedef enum {
  CUSPARSE_MATRIX_TYPE_GENERAL = 0,
  CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
  CUSPARSE_MATRIX_TYPE_HERMITIAN = 2,
  CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} cusparseMatrixType_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum {
  CUSPARSE_OPERATION_NON_TRANSPOSE = 0,
  CUSPARSE_OPERATION_TRANSPOSE = 1,
  CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} cusparseOperation_t;
typedef enum { CUSPARSE_DIRECTION_ROW = 0, CUSPARSE_DIRECTION_COLUMN = 1 } cusparseDirection_t;
typedef enum {
  CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0,
  CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1
} cusparseSolvePolicy_t;
typedef enum { CUSPARSE_CSR2CSC_ALG_DEFAULT = 1, CUSPARSE_CSR2CSC_ALG1 = 1 } cusparseCsr2CscAlg_t;

typedef enum {
  CUSPARSE_FORMAT_CSR = 1,
  CUSPARSE_FORMAT_CSC = 2,
  CUSPARSE_FORMAT_COO = 3,
  CUSPARSE_FORMAT_BLOCKED_ELL = 5,
  CUSPARSE_FORMAT_BSR = 6,
  CUSPARSE_FORMAT_SLICED_ELLPACK = 7
} cusparseFormat_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum {
  CUSPARSE_INDEX_16U = 1,
  CUSPARSE_INDEX_32I = 2,
  CUSPARSE_INDEX_64I = 3
} cusparseIndexType_t;
typedef enum { CUSPARSE_SPMAT_FILL_MODE = 0, CUSPARSE_SPMAT_DIAG_TYPE = 1 } cusparseSpMatAttribute_t;
typedef enum { CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0 } cusparseSparseToDenseAlg_t;
typedef enum { CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0 } cusparseDenseToSparseAlg_t;
typedef enum {
  CUSPARSE_SPMV_ALG_DEFAULT = 0,
  CUSPARSE_SPMV_COO_ALG1 = 1,
  CUSPARSE_SPMV_CSR_ALG1 = 2,
  CUSPARSE_SPMV_CSR_ALG2 = 3,
  CUSPARSE_SPMV_COO_ALG2 = 4,
  CUSPARSE_SPMV_SELL_ALG1 = 5,
  CUSPARSE_SPMV_BSR_ALG1 = 6
} cusparseSpMVAlg_t;
typedef enum {
  CUSPARSE_SPMM_ALG_DEFAULT = 0,
  CUSPARSE_SPMM_COO_ALG1 = 1,
  CUSPARSE_SPMM_COO_ALG2 = 2,
  CUSPARSE_SPMM_COO_ALG3 = 3,
  CUSPARSE_SPMM_CSR_ALG1 = 4,
  CUSPARSE_SPMM_COO_ALG4 = 5,
  CUSPARSE_SPMM_CSR_ALG2 = 6,
  CUSPARSE_SPMM_CSR_ALG3 = 12,
  CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13,
  CUSPARSE_SPMM_BSR_ALG1 = 14
} cusparseSpMMAlg_t;
typedef enum { CUSPARSE_SPSV_ALG_DEFAULT = 0 } cusparseSpSVAlg_t;
typedef enum { CUSPARSE_SPSM_ALG_DEFAULT = 0 } cusparseSpSMAlg_t;
typedef enum {
  CUSPARSE_SPGEMM_DEFAULT = 0,
  CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1,
  CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2,
  CUSPARSE_SPGEMM_ALG1 = 3,
  CUSPARSE_SPGEMM_ALG2 = 4,
  CUSPARSE_SPGEMM_ALG3 = 5
} cusparseSpGEMMAlg_t;
typedef enum { CUSPARSE_SDDMM_ALG_DEFAULT = 0 } cusparseSDDMMAlg_t;

struct cusparseContext;
struct cusparseMatDescr;
struct cusparseSpMatDescr;
struct cusparseDnMatDescr;
struct cusparseSpVecDescr;
struct cusparseDnVecDescr;
struct cusparseSpSVDescr;
struct cusparseSpSMDescr;
struct cusparseSpGEMMDescr;
struct csrilu02Info;
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseSpMatDescr const *cusparseConstSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef struct cusparseDnMatDescr const *cusparseConstDnMatDescr_t;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef struct cusparseSpVecDescr const *cusparseConstSpVecDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseDnVecDescr const *cusparseConstDnVecDescr_t;
typedef struct cusparseSpSVDescr *cusparseSpSVDescr_t;
typedef struct cusparseSpSMDescr *cusparseSpSMDescr_t;
typedef struct cusparseSpGEMMDescr *cusparseSpGEMMDescr_t;
typedef struct csrilu02Info *csrilu02Info_t;

/* The handle. */
cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version);
cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value);
const char *cusparseGetErrorName(cusparseStatus_t status);
const char *cusparseGetErrorString(cusparseStatus_t status);
cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId);
cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId);
cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode);
cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode);

/* The legacy API's matrix descriptor. */
cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA);
cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type);
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode);
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType);
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base);
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA);

/* Sparse vectors. */
cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *spVecDescr, int64_t size, int64_t nnz,
                                     void *indices, void *values, cusparseIndexType_t idxType,
                                     cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *spVecDescr, int64_t size,
                                          int64_t nnz, const void *indices, const void *values,
                                          cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
                                          cudaDataType valueType);
cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr);
cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t spVecDescr, int64_t *size, int64_t *nnz,
                                  void **indices, void **values, cusparseIndexType_t *idxType,
                                  cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t cusparseSpVecGetValues(cusparseSpVecDescr_t spVecDescr, void **values);
cusparseStatus_t cusparseSpVecSetValues(cusparseSpVecDescr_t spVecDescr, void *values);

/* Dense vectors. */
cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
                                     cudaDataType valueType);
cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *dnVecDescr, int64_t size,
                                          const void *values, cudaDataType valueType);
cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr);
cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t dnVecDescr, int64_t *size, void **values,
                                  cudaDataType *valueType);
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values);
cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void *values);

/* Sparse matrices. */
cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *csrRowOffsets, void *csrColInd,
                                   void *csrValues, cusparseIndexType_t csrRowOffsetsType,
                                   cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                        int64_t cols, int64_t nnz, const void *csrRowOffsets,
                                        const void *csrColInd, const void *csrValues,
                                        cusparseIndexType_t csrRowOffsetsType,
                                        cusparseIndexType_t csrColIndType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *cscColOffsets, void *cscRowInd,
                                   void *cscValues, cusparseIndexType_t cscColOffsetsType,
                                   cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *cooRowInd, void *cooColInd, void *cooValues,
                                   cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                        int64_t cols, int64_t nnz, const void *cooRowInd,
                                        const void *cooColInd, const void *cooValues,
                                        cusparseIndexType_t cooIdxType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr);
cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
                                      int64_t *cols, int64_t *nnz);
cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr,
                                        cusparseFormat_t *format);
cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr,
                                           cusparseIndexBase_t *idxBase);
cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t spMatDescr, void **values);
cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t spMatDescr, void *values);
cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t spMatDescr,
                                           cusparseSpMatAttribute_t attribute, void *data,
                                           size_t dataSize);
cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t spMatDescr,
                                           cusparseSpMatAttribute_t attribute, void *data,
                                           size_t dataSize);
cusparseStatus_t cusparseSpMatGetStridedBatch(cusparseConstSpMatDescr_t spMatDescr,
                                              int *batchCount);
cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                int64_t *nnz, void **csrRowOffsets, void **csrColInd,
                                void **csrValues, cusparseIndexType_t *csrRowOffsetsType,
                                cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
                                cudaDataType *valueType);
cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                int64_t *nnz, void **cooRowInd, void **cooColInd,
                                void **cooValues, cusparseIndexType_t *idxType,
                                cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets,
                                        void *csrColInd, void *csrValues);
cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t spMatDescr, void *cscColOffsets,
                                        void *cscRowInd, void *cscValues);
cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t spMatDescr, void *cooRows,
                                        void *cooColumns, void *cooValues);
cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
                                            int64_t offsetsBatchStride,
                                            int64_t columnsValuesBatchStride);
cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
                                            int64_t batchStride);

/* Dense matrices. */
cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols,
                                     int64_t ld, void *values, cudaDataType valueType,
                                     cusparseOrder_t order);
cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *dnMatDescr, int64_t rows,
                                          int64_t cols, int64_t ld, const void *values,
                                          cudaDataType valueType, cusparseOrder_t order);
cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr);
cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t dnMatDescr, int64_t *rows, int64_t *cols,
                                  int64_t *ld, void **values, cudaDataType *type,
                                  cusparseOrder_t *order);
cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr, void **values);
cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr, void *values);
cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t dnMatDescr, int batchCount,
                                              int64_t batchStride);
cusparseStatus_t cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t dnMatDescr,
                                              int *batchCount, int64_t *batchStride);

/* Vector operations. */
cusparseStatus_t cusparseAxpby(cusparseHandle_t handle, const void *alpha,
                               cusparseConstSpVecDescr_t vecX, const void *beta,
                               cusparseDnVecDescr_t vecY);
cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY,
                                cusparseSpVecDescr_t vecX);
cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX,
                                 cusparseDnVecDescr_t vecY);
cusparseStatus_t cusparseSpVV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opX,
                                         cusparseConstSpVecDescr_t vecX,
                                         cusparseConstDnVecDescr_t vecY, const void *result,
                                         cudaDataType computeType, size_t *bufferSize);
cusparseStatus_t cusparseSpVV(cusparseHandle_t handle, cusparseOperation_t opX,
                              cusparseConstSpVecDescr_t vecX, cusparseConstDnVecDescr_t vecY,
                              void *result, cudaDataType computeType, void *externalBuffer);

/* Conversions. */
cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t handle,
                                                  cusparseConstSpMatDescr_t matA,
                                                  cusparseDnMatDescr_t matB,
                                                  cusparseSparseToDenseAlg_t alg,
                                                  size_t *bufferSize);
cusparseStatus_t cusparseSparseToDense(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
                                       cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg,
                                       void *externalBuffer);
cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t handle,
                                                  cusparseConstDnMatDescr_t matA,
                                                  cusparseSpMatDescr_t matB,
                                                  cusparseDenseToSparseAlg_t alg,
                                                  size_t *bufferSize);
cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t handle,
                                                cusparseConstDnMatDescr_t matA,
                                                cusparseSpMatDescr_t matB,
                                                cusparseDenseToSparseAlg_t alg,
                                                void *externalBuffer);
cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t handle,
                                               cusparseConstDnMatDescr_t matA,
                                               cusparseSpMatDescr_t matB,
                                               cusparseDenseToSparseAlg_t alg,
                                               void *externalBuffer);

/* Sparse matrix times dense vector or matrix. */
cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                         const void *alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnVecDescr_t vecX, const void *beta,
                                         cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMV_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                         const void *alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnVecDescr_t vecX, const void *beta,
                                         cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                              const void *beta, cusparseDnVecDescr_t vecY,
                              cudaDataType computeType, cusparseSpMVAlg_t alg,
                              void *externalBuffer);
cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *alpha,
                                         cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void *beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *alpha,
                                         cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void *beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
                              cusparseOperation_t opB, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                              const void *beta, cusparseDnMatDescr_t matC,
                              cudaDataType computeType, cusparseSpMMAlg_t alg,
                              void *externalBuffer);

/* Dense times dense, sampled at a sparse matrix's pattern. */
cusparseStatus_t cusparseSDDMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                          cusparseOperation_t opB, const void *alpha,
                                          cusparseConstDnMatDescr_t matA,
                                          cusparseConstDnMatDescr_t matB, const void *beta,
                                          cusparseSpMatDescr_t matC, cudaDataType computeType,
                                          cusparseSDDMMAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSDDMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                          cusparseOperation_t opB, const void *alpha,
                                          cusparseConstDnMatDescr_t matA,
                                          cusparseConstDnMatDescr_t matB, const void *beta,
                                          cusparseSpMatDescr_t matC, cudaDataType computeType,
                                          cusparseSDDMMAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSDDMM(cusparseHandle_t handle, cusparseOperation_t opA,
                               cusparseOperation_t opB, const void *alpha,
                               cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                               const void *beta, cusparseSpMatDescr_t matC,
                               cudaDataType computeType, cusparseSDDMMAlg_t alg,
                               void *externalBuffer);

/* Sparse times sparse: estimate, compute (C's size known after), copy. */
cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *descr);
cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t descr);
cusparseStatus_t cusparseSpGEMM_workEstimation(
    cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB, const void *beta,
    cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSpGEMMAlg_t alg,
    cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize1, void *externalBuffer1);
cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t handle, cusparseOperation_t opA,
                                        cusparseOperation_t opB, const void *alpha,
                                        cusparseConstSpMatDescr_t matA,
                                        cusparseConstSpMatDescr_t matB, const void *beta,
                                        cusparseSpMatDescr_t matC, cudaDataType computeType,
                                        cusparseSpGEMMAlg_t alg,
                                        cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize2,
                                        void *externalBuffer2);
cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t handle, cusparseOperation_t opA,
                                     cusparseOperation_t opB, const void *alpha,
                                     cusparseConstSpMatDescr_t matA,
                                     cusparseConstSpMatDescr_t matB, const void *beta,
                                     cusparseSpMatDescr_t matC, cudaDataType computeType,
                                     cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr);

/* Triangular solves with one right-hand side (SpSV) or many (SpSM). */
cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *descr);
cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr);
cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                         const void *alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
                                         cudaDataType computeType, cusparseSpSVAlg_t alg,
                                         cusparseSpSVDescr_t spsvDescr, size_t *bufferSize);
cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t handle, cusparseOperation_t opA,
                                       const void *alpha, cusparseConstSpMatDescr_t matA,
                                       cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
                                       cudaDataType computeType, cusparseSpSVAlg_t alg,
                                       cusparseSpSVDescr_t spsvDescr, void *externalBuffer);
cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t handle, cusparseOperation_t opA,
                                    const void *alpha, cusparseConstSpMatDescr_t matA,
                                    cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
                                    cudaDataType computeType, cusparseSpSVAlg_t alg,
                                    cusparseSpSVDescr_t spsvDescr);
cusparseStatus_t cusparseSpSM_createDescr(cusparseSpSMDescr_t *descr);
cusparseStatus_t cusparseSpSM_destroyDescr(cusparseSpSMDescr_t descr);
cusparseStatus_t cusparseSpSM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *alpha,
                                         cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, cusparseDnMatDescr_t matC,
                                         cudaDataType computeType, cusparseSpSMAlg_t alg,
                                         cusparseSpSMDescr_t spsmDescr, size_t *bufferSize);
cusparseStatus_t cusparseSpSM_analysis(cusparseHandle_t handle, cusparseOperation_t opA,
                                       cusparseOperation_t opB, const void *alpha,
                                       cusparseConstSpMatDescr_t matA,
                                       cusparseConstDnMatDescr_t matB, cusparseDnMatDescr_t matC,
                                       cudaDataType computeType, cusparseSpSMAlg_t alg,
                                       cusparseSpSMDescr_t spsmDescr, void *externalBuffer);
cusparseStatus_t cusparseSpSM_solve(cusparseHandle_t handle, cusparseOperation_t opA,
                                    cusparseOperation_t opB, const void *alpha,
                                    cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                    cusparseDnMatDescr_t matC, cudaDataType computeType,
                                    cusparseSpSMAlg_t alg, cusparseSpSMDescr_t spsmDescr);

/* The legacy API's helpers: nnz counts, CSR to CSC, sorting, ILU(0). */
cusparseStatus_t cusparseSnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
                              const cusparseMatDescr_t descrA, const float *A, int lda,
                              int *nnzPerRowCol, int *nnzTotalDevHostPtr);
cusparseStatus_t cusparseDnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
                              const cusparseMatDescr_t descrA, const double *A, int lda,
                              int *nnzPerRowCol, int *nnzTotalDevHostPtr);
cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t handle, int m, int n, int nnz,
                                               const void *csrVal, const int *csrRowPtr,
                                               const int *csrColInd, void *cscVal, int *cscColPtr,
                                               int *cscRowInd, cudaDataType valType,
                                               cusparseAction_t copyValues,
                                               cusparseIndexBase_t idxBase,
                                               cusparseCsr2CscAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t handle, int m, int n, int nnz,
                                    const void *csrVal, const int *csrRowPtr, const int *csrColInd,
                                    void *cscVal, int *cscColPtr, int *cscRowInd,
                                    cudaDataType valType, cusparseAction_t copyValues,
                                    cusparseIndexBase_t idxBase, cusparseCsr2CscAlg_t alg,
                                    void *buffer);
cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t handle, int n, int *p);
cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
                                                const int *csrRowPtrA, const int *csrColIndA,
                                                size_t *pBufferSizeInBytes);
cusparseStatus_t cusparseXcsrsort(cusparseHandle_t handle, int m, int n, int nnz,
                                  const cusparseMatDescr_t descrA, const int *csrRowPtrA,
                                  int *csrColIndA, int *P, void *pBuffer);
cusparseStatus_t cusparseXcoosortByRow(cusparseHandle_t handle, int m, int n, int nnz,
                                       int *cooRowsA, int *cooColsA, int *P, void *pBuffer);
cusparseStatus_t cusparseXcoosort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
                                                const int *cooRowsA, const int *cooColsA,
                                                size_t *pBufferSizeInBytes);
cusparseStatus_t cusparseCreateCsrilu02Info(csrilu02Info_t *info);
cusparseStatus_t cusparseDestroyCsrilu02Info(csrilu02Info_t info);
cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t handle, csrilu02Info_t info,
                                             int *position);
cusparseStatus_t cusparseScsrilu02_bufferSize(cusparseHandle_t handle, int m, int nnz,
                                              const cusparseMatDescr_t descrA, float *csrValA,
                                              const int *csrRowPtrA, const int *csrColIndA,
                                              csrilu02Info_t info, int *pBufferSizeInBytes);
cusparseStatus_t cusparseDcsrilu02_bufferSize(cusparseHandle_t handle, int m, int nnz,
                                              const cusparseMatDescr_t descrA, double *csrValA,
                                              const int *csrRowPtrA, const int *csrColIndA,
                                              csrilu02Info_t info, int *pBufferSizeInBytes);
cusparseStatus_t cusparseScsrilu02_analysis(cusparseHandle_t handle, int m, int nnz,
                                            const cusparseMatDescr_t descrA, const float *csrValA,
                                            const int *csrRowPtrA, const int *csrColIndA,
                                            csrilu02Info_t info, cusparseSolvePolicy_t policy,
                                            void *pBuffer);
cusparseStatus_t cusparseDcsrilu02_analysis(cusparseHandle_t handle, int m, int nnz,
                                            const cusparseMatDescr_t descrA, const double *csrValA,
                                            const int *csrRowPtrA, const int *csrColIndA,
                                            csrilu02Info_t info, cusparseSolvePolicy_t policy,
                                            void *pBuffer);
cusparseStatus_t cusparseScsrilu02(cusparseHandle_t handle, int m, int nnz,
                                   const cusparseMatDescr_t descrA, float *csrValA_valM,
                                   const int *csrRowPtrA, const int *csrColIndA,
                                   csrilu02Info_t info, cusparseSolvePolicy_t policy,
                                   void *pBuffer);
cusparseStatus_t cusparseDcsrilu02(cusparseHandle_t handle, int m, int nnz,
                                   const cusparseMatDescr_t descrA, double *csrValA_valM,
                                   const int *csrRowPtrA, const int *csrColIndA,
                                   csrilu02Info_t info, cusparseSolvePolicy_t policy,
                                   void *pBuffer);

#ifdef __cplusplus
}
#endif

#endif
