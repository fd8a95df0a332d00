//===-- Handle.cpp - libcusparse: the handle, errors and descriptors ------===//
#include "runtime/LibraryProperty.h"
#include "runtime/cusparse/Operands.h"

using namespace simt::cusparse;

namespace {

/// The checks cuSPARSE makes of a sparse matrix's shape.
void checkShape(int64_t rows, int64_t cols, int64_t nnz) {
  require(rows >= 0 && cols >= 0 && nnz >= 0);
}

template <class D, class P> cusparseStatus_t create(P *out, D &&d) {
  if (!out)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *out = new D(std::move(d));
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t createSparse(cusparseSpMatDescr_t *out, cusparseFormat_t format, int64_t rows,
                              int64_t cols, int64_t nnz, const void *offsets,
                              const void *rowIndices, const void *indices, const void *values,
                              cusparseIndexType_t offsetType, cusparseIndexType_t indexType,
                              cusparseIndexBase_t base, cudaDataType valueType) {
  return check([&] {
    require(out != nullptr);
    checkShape(rows, cols, nnz);
    (void)indexBytes(offsetType);
    (void)indexBytes(indexType);
    (void)valueBytes(valueType);
    require(base == CUSPARSE_INDEX_BASE_ZERO || base == CUSPARSE_INDEX_BASE_ONE);
    cusparseSpMatDescr d;
    d.format = format;
    d.rows = rows;
    d.cols = cols;
    d.nnz = nnz;
    d.offsets = const_cast<void *>(offsets);
    d.rowIndices = const_cast<void *>(rowIndices);
    d.indices = const_cast<void *>(indices);
    d.values = const_cast<void *>(values);
    d.offsetType = offsetType;
    d.indexType = indexType;
    d.base = base;
    d.valueType = valueType;
    *out = new cusparseSpMatDescr(d);
  });
}

cusparseStatus_t createDense(cusparseDnMatDescr_t *out, int64_t rows, int64_t cols, int64_t ld,
                             const void *values, cudaDataType type, cusparseOrder_t order) {
  return check([&] {
    require(out != nullptr && rows >= 0 && cols >= 0);
    require(order == CUSPARSE_ORDER_COL || order == CUSPARSE_ORDER_ROW);
    require(ld >= (order == CUSPARSE_ORDER_COL ? rows : cols));
    (void)valueBytes(type);
    cusparseDnMatDescr d;
    d.rows = rows;
    d.cols = cols;
    d.ld = ld;
    d.values = const_cast<void *>(values);
    d.valueType = type;
    d.order = order;
    *out = new cusparseDnMatDescr(d);
  });
}

cusparseStatus_t createSpVec(cusparseSpVecDescr_t *out, int64_t size, int64_t nnz,
                             const void *indices, const void *values, cusparseIndexType_t idxType,
                             cusparseIndexBase_t base, cudaDataType type) {
  return check([&] {
    require(out != nullptr && size >= 0 && nnz >= 0 && nnz <= size);
    (void)indexBytes(idxType);
    (void)valueBytes(type);
    *out = new cusparseSpVecDescr{size, nnz, const_cast<void *>(indices),
                                  const_cast<void *>(values), idxType, base, type};
  });
}

cusparseStatus_t createDnVec(cusparseDnVecDescr_t *out, int64_t size, const void *values,
                             cudaDataType type) {
  return check([&] {
    require(out != nullptr && size >= 0);
    (void)valueBytes(type);
    *out = new cusparseDnVecDescr{size, const_cast<void *>(values), type};
  });
}

template <class T> cusparseStatus_t setIfGiven(T *p, T v) {
  if (p)
    *p = v;
  return CUSPARSE_STATUS_SUCCESS;
}

} // namespace

extern "C" {

cusparseStatus_t cusparseCreate(cusparseHandle_t *handle) {
  return create(handle, cusparseContext{});
}
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  cudaStreamSynchronize(handle->stream);
  delete handle;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!version)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *version = CUSPARSE_VERSION;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value) {
  return simt::rt::libraryProperty(type, value, CUSPARSE_VER_MAJOR, CUSPARSE_VER_MINOR,
                                   CUSPARSE_VER_PATCH)
             ? CUSPARSE_STATUS_SUCCESS
             : CUSPARSE_STATUS_INVALID_VALUE;
}

const char *cusparseGetErrorName(cusparseStatus_t status) {
  switch (status) {
#define NAME(s)                                                                                  \
  case s: return #s;
    NAME(CUSPARSE_STATUS_SUCCESS)
    NAME(CUSPARSE_STATUS_NOT_INITIALIZED)
    NAME(CUSPARSE_STATUS_ALLOC_FAILED)
    NAME(CUSPARSE_STATUS_INVALID_VALUE)
    NAME(CUSPARSE_STATUS_ARCH_MISMATCH)
    NAME(CUSPARSE_STATUS_MAPPING_ERROR)
    NAME(CUSPARSE_STATUS_EXECUTION_FAILED)
    NAME(CUSPARSE_STATUS_INTERNAL_ERROR)
    NAME(CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED)
    NAME(CUSPARSE_STATUS_ZERO_PIVOT)
    NAME(CUSPARSE_STATUS_NOT_SUPPORTED)
    NAME(CUSPARSE_STATUS_INSUFFICIENT_RESOURCES)
#undef NAME
  }
  return "UNKNOWN_ERROR";
}

// cuSPARSE 12's texts.
const char *cusparseGetErrorString(cusparseStatus_t status) {
  switch (status) {
  case CUSPARSE_STATUS_SUCCESS: return "success";
  case CUSPARSE_STATUS_NOT_INITIALIZED: return "initialization error";
  case CUSPARSE_STATUS_ALLOC_FAILED: return "out of memory";
  case CUSPARSE_STATUS_INVALID_VALUE: return "invalid value";
  case CUSPARSE_STATUS_ARCH_MISMATCH: return "architecture mismatch";
  case CUSPARSE_STATUS_MAPPING_ERROR: return "texture memory mapping error";
  case CUSPARSE_STATUS_EXECUTION_FAILED: return "kernel launch failure";
  case CUSPARSE_STATUS_INTERNAL_ERROR: return "internal error";
  case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "matrix type not supported";
  case CUSPARSE_STATUS_ZERO_PIVOT: return "zero pivot";
  case CUSPARSE_STATUS_NOT_SUPPORTED: return "operation not supported";
  case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "insufficient resources";
  }
  return "unknown error";
}

cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  handle->stream = streamId;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!streamId)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *streamId = handle->stream;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!mode)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *mode = handle->pointerMode;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (mode != CUSPARSE_POINTER_MODE_HOST && mode != CUSPARSE_POINTER_MODE_DEVICE)
    return CUSPARSE_STATUS_INVALID_VALUE;
  handle->pointerMode = mode;
  return CUSPARSE_STATUS_SUCCESS;
}

// The legacy matrix descriptor.
cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA) {
  return create(descrA, cusparseMatDescr{});
}
cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA) {
  delete descrA;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t d, cusparseMatrixType_t type) {
  if (!d || type < CUSPARSE_MATRIX_TYPE_GENERAL || type > CUSPARSE_MATRIX_TYPE_TRIANGULAR)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->type = type;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t d) { return d->type; }
cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t d, cusparseFillMode_t fill) {
  if (!d || (fill != CUSPARSE_FILL_MODE_LOWER && fill != CUSPARSE_FILL_MODE_UPPER))
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->fill = fill;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t d) { return d->fill; }
cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t d, cusparseDiagType_t diag) {
  if (!d || (diag != CUSPARSE_DIAG_TYPE_NON_UNIT && diag != CUSPARSE_DIAG_TYPE_UNIT))
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->diag = diag;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t d) { return d->diag; }
cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t d, cusparseIndexBase_t base) {
  if (!d || (base != CUSPARSE_INDEX_BASE_ZERO && base != CUSPARSE_INDEX_BASE_ONE))
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->base = base;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t d) { return d->base; }

// Sparse vectors.
cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *d, int64_t size, int64_t nnz,
                                     void *indices, void *values, cusparseIndexType_t idxType,
                                     cusparseIndexBase_t idxBase, cudaDataType valueType) {
  return createSpVec(d, size, nnz, indices, values, idxType, idxBase, valueType);
}
cusparseStatus_t cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *d, int64_t size,
                                          int64_t nnz, const void *indices, const void *values,
                                          cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
                                          cudaDataType valueType) {
  return createSpVec(const_cast<cusparseSpVecDescr_t *>(d), size, nnz, indices, values, idxType,
                     idxBase, valueType);
}
cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t d, int64_t *size, int64_t *nnz,
                                  void **indices, void **values, cusparseIndexType_t *idxType,
                                  cusparseIndexBase_t *idxBase, cudaDataType *valueType) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  setIfGiven(size, d->size);
  setIfGiven(nnz, d->nnz);
  setIfGiven(indices, d->indices);
  setIfGiven(values, d->values);
  setIfGiven(idxType, d->indexType);
  setIfGiven(idxBase, d->base);
  return setIfGiven(valueType, d->valueType);
}
cusparseStatus_t cusparseSpVecGetValues(cusparseSpVecDescr_t d, void **values) {
  return d && values ? setIfGiven(values, d->values) : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseSpVecSetValues(cusparseSpVecDescr_t d, void *values) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

// Dense vectors.
cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *d, int64_t size, void *values,
                                     cudaDataType valueType) {
  return createDnVec(d, size, values, valueType);
}
cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *d, int64_t size,
                                          const void *values, cudaDataType valueType) {
  return createDnVec(const_cast<cusparseDnVecDescr_t *>(d), size, values, valueType);
}
cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t d, int64_t *size, void **values,
                                  cudaDataType *valueType) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  setIfGiven(size, d->size);
  setIfGiven(values, d->values);
  return setIfGiven(valueType, d->valueType);
}
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t d, void **values) {
  return d && values ? setIfGiven(values, d->values) : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t d, void *values) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

// Sparse matrices.
cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *d, int64_t rows, int64_t cols,
                                   int64_t nnz, void *csrRowOffsets, void *csrColInd,
                                   void *csrValues, cusparseIndexType_t csrRowOffsetsType,
                                   cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType) {
  return createSparse(d, CUSPARSE_FORMAT_CSR, rows, cols, nnz, csrRowOffsets, nullptr, csrColInd,
                      csrValues, csrRowOffsetsType, csrColIndType, idxBase, valueType);
}
cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *d, int64_t rows, int64_t cols,
                                        int64_t nnz, const void *csrRowOffsets,
                                        const void *csrColInd, const void *csrValues,
                                        cusparseIndexType_t csrRowOffsetsType,
                                        cusparseIndexType_t csrColIndType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType) {
  return createSparse(const_cast<cusparseSpMatDescr_t *>(d), CUSPARSE_FORMAT_CSR, rows, cols, nnz,
                      csrRowOffsets, nullptr, csrColInd, csrValues, csrRowOffsetsType,
                      csrColIndType, idxBase, valueType);
}
cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *d, int64_t rows, int64_t cols,
                                   int64_t nnz, void *cscColOffsets, void *cscRowInd,
                                   void *cscValues, cusparseIndexType_t cscColOffsetsType,
                                   cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType) {
  return createSparse(d, CUSPARSE_FORMAT_CSC, rows, cols, nnz, cscColOffsets, nullptr, cscRowInd,
                      cscValues, cscColOffsetsType, cscRowIndType, idxBase, valueType);
}
cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *d, int64_t rows, int64_t cols,
                                   int64_t nnz, void *cooRowInd, void *cooColInd, void *cooValues,
                                   cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType) {
  return createSparse(d, CUSPARSE_FORMAT_COO, rows, cols, nnz, nullptr, cooRowInd, cooColInd,
                      cooValues, cooIdxType, cooIdxType, idxBase, valueType);
}
cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *d, int64_t rows, int64_t cols,
                                        int64_t nnz, const void *cooRowInd, const void *cooColInd,
                                        const void *cooValues, cusparseIndexType_t cooIdxType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType) {
  return createSparse(const_cast<cusparseSpMatDescr_t *>(d), CUSPARSE_FORMAT_COO, rows, cols, nnz,
                      nullptr, cooRowInd, cooColInd, cooValues, cooIdxType, cooIdxType, idxBase,
                      valueType);
}
cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t d, int64_t *rows, int64_t *cols,
                                      int64_t *nnz) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  setIfGiven(rows, d->rows);
  setIfGiven(cols, d->cols);
  return setIfGiven(nnz, d->nnz);
}
cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t d, cusparseFormat_t *format) {
  return d && format ? setIfGiven(format, d->format) : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t d,
                                           cusparseIndexBase_t *idxBase) {
  return d && idxBase ? setIfGiven(idxBase, d->base) : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t d, void **values) {
  return d && values ? setIfGiven(values, d->values) : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t d, void *values) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t d,
                                           cusparseSpMatAttribute_t attribute, void *data,
                                           size_t dataSize) {
  if (!d || !data || dataSize != sizeof(int))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (attribute == CUSPARSE_SPMAT_FILL_MODE)
    return setIfGiven(static_cast<cusparseFillMode_t *>(data), d->fill);
  if (attribute == CUSPARSE_SPMAT_DIAG_TYPE)
    return setIfGiven(static_cast<cusparseDiagType_t *>(data), d->diag);
  return CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t d,
                                           cusparseSpMatAttribute_t attribute, void *data,
                                           size_t dataSize) {
  if (!d || !data || dataSize != sizeof(int))
    return CUSPARSE_STATUS_INVALID_VALUE;
  const int v = *static_cast<const int *>(data);
  if (attribute == CUSPARSE_SPMAT_FILL_MODE && (v == 0 || v == 1))
    d->fill = cusparseFillMode_t(v);
  else if (attribute == CUSPARSE_SPMAT_DIAG_TYPE && (v == 0 || v == 1))
    d->diag = cusparseDiagType_t(v);
  else
    return CUSPARSE_STATUS_INVALID_VALUE;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetStridedBatch(cusparseConstSpMatDescr_t d, int *batchCount) {
  return d && batchCount ? setIfGiven(batchCount, d->batchCount) : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols,
                                int64_t *nnz, void **csrRowOffsets, void **csrColInd,
                                void **csrValues, cusparseIndexType_t *csrRowOffsetsType,
                                cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
                                cudaDataType *valueType) {
  if (!d || d->format != CUSPARSE_FORMAT_CSR)
    return CUSPARSE_STATUS_INVALID_VALUE;
  cusparseSpMatGetSize(d, rows, cols, nnz);
  setIfGiven(csrRowOffsets, d->offsets);
  setIfGiven(csrColInd, d->indices);
  setIfGiven(csrValues, d->values);
  setIfGiven(csrRowOffsetsType, d->offsetType);
  setIfGiven(csrColIndType, d->indexType);
  setIfGiven(idxBase, d->base);
  return setIfGiven(valueType, d->valueType);
}
cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols,
                                int64_t *nnz, void **cooRowInd, void **cooColInd,
                                void **cooValues, cusparseIndexType_t *idxType,
                                cusparseIndexBase_t *idxBase, cudaDataType *valueType) {
  if (!d || d->format != CUSPARSE_FORMAT_COO)
    return CUSPARSE_STATUS_INVALID_VALUE;
  cusparseSpMatGetSize(d, rows, cols, nnz);
  setIfGiven(cooRowInd, d->rowIndices);
  setIfGiven(cooColInd, d->indices);
  setIfGiven(cooValues, d->values);
  setIfGiven(idxType, d->indexType);
  setIfGiven(idxBase, d->base);
  return setIfGiven(valueType, d->valueType);
}
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t d, void *csrRowOffsets,
                                        void *csrColInd, void *csrValues) {
  if (!d || d->format != CUSPARSE_FORMAT_CSR)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->offsets = csrRowOffsets;
  d->indices = csrColInd;
  d->values = csrValues;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t d, void *cscColOffsets,
                                        void *cscRowInd, void *cscValues) {
  if (!d || d->format != CUSPARSE_FORMAT_CSC)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->offsets = cscColOffsets;
  d->indices = cscRowInd;
  d->values = cscValues;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t d, void *cooRows, void *cooColumns,
                                        void *cooValues) {
  if (!d || d->format != CUSPARSE_FORMAT_COO)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->rowIndices = cooRows;
  d->indices = cooColumns;
  d->values = cooValues;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t d, int batchCount,
                                            int64_t offsetsBatchStride,
                                            int64_t columnsValuesBatchStride) {
  if (!d || d->format != CUSPARSE_FORMAT_CSR || batchCount < 1 || offsetsBatchStride < 0 ||
      columnsValuesBatchStride < 0)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->batchCount = batchCount;
  d->offsetsBatchStride = offsetsBatchStride;
  d->entriesBatchStride = columnsValuesBatchStride;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t d, int batchCount,
                                            int64_t batchStride) {
  if (!d || d->format != CUSPARSE_FORMAT_COO || batchCount < 1 || batchStride < 0)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->batchCount = batchCount;
  d->entriesBatchStride = batchStride;
  return CUSPARSE_STATUS_SUCCESS;
}

// Dense matrices.
cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *d, int64_t rows, int64_t cols,
                                     int64_t ld, void *values, cudaDataType valueType,
                                     cusparseOrder_t order) {
  return createDense(d, rows, cols, ld, values, valueType, order);
}
cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *d, int64_t rows,
                                          int64_t cols, int64_t ld, const void *values,
                                          cudaDataType valueType, cusparseOrder_t order) {
  return createDense(const_cast<cusparseDnMatDescr_t *>(d), rows, cols, ld, values, valueType,
                     order);
}
cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t d, int64_t *rows, int64_t *cols,
                                  int64_t *ld, void **values, cudaDataType *type,
                                  cusparseOrder_t *order) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  setIfGiven(rows, d->rows);
  setIfGiven(cols, d->cols);
  setIfGiven(ld, d->ld);
  setIfGiven(values, d->values);
  setIfGiven(type, d->valueType);
  return setIfGiven(order, d->order);
}
cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t d, void **values) {
  return d && values ? setIfGiven(values, d->values) : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t d, void *values) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t d, int batchCount,
                                              int64_t batchStride) {
  if (!d || batchCount < 1 || batchStride < 0)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->batchCount = batchCount;
  d->batchStride = batchStride;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t d, int *batchCount,
                                              int64_t *batchStride) {
  if (!d)
    return CUSPARSE_STATUS_INVALID_VALUE;
  setIfGiven(batchCount, d->batchCount);
  return setIfGiven(batchStride, d->batchStride);
}

} // extern "C"
