//===-- Products.cpp - libcusparse: SpMV, SpMM, SDDMM, SpGEMM, vectors ----===//
#include "runtime/cusparse/Operands.h"

#include <map>

using namespace simt::cusparse;

namespace {

/// y = alpha op(A) x + beta y.
void spmv(cusparseContext &h, cusparseOperation_t opA, const void *alpha,
          const cusparseSpMatDescr *A, const cusparseDnVecDescr *x, const void *beta,
          cusparseDnVecDescr *y, cudaDataType computeType) {
  require(A && x && y);
  requireComputeType(computeType);
  const Entries a = applyOp(readSparse(*A), opA);
  require(x->size == a.cols && y->size == a.rows);
  const double al = scalar(h, alpha, computeType), be = scalar(h, beta, computeType);
  const std::vector<double> xs = readValues(x->values, x->valueType, size_t(x->size));
  std::vector<double> ys(size_t(y->size), 0.0);
  if (be != 0)
    ys = readValues(y->values, y->valueType, size_t(y->size));
  std::vector<double> sum(ys.size(), 0.0);
  for (size_t k = 0; k < a.val.size(); ++k)
    sum[size_t(a.row[k])] += a.val[k] * xs[size_t(a.col[k])];
  for (size_t i = 0; i < ys.size(); ++i)
    ys[i] = al * sum[i] + (be != 0 ? be * ys[i] : 0.0);
  writeValues(y->values, y->valueType, ys);
}

/// The batch of an operand for batch `b` of the result: one matrix serves
/// them all.
int batchOf(int count, int b) { return count > 1 ? b : 0; }

/// cuSPARSE's batched products: each operand has C's batch count, or one
/// matrix that serves every batch. Anything else would read past an
/// operand's last batch.
void requireBatches(int operand, int result) {
  require(operand == 1 || operand == result);
}

/// C = alpha op(A) op(B) + beta C, per batch of C.
void spmm(cusparseContext &h, cusparseOperation_t opA, cusparseOperation_t opB,
          const void *alpha, const cusparseSpMatDescr *A, const cusparseDnMatDescr *B,
          const void *beta, cusparseDnMatDescr *C, cudaDataType computeType) {
  require(A && B && C);
  requireComputeType(computeType);
  const double al = scalar(h, alpha, computeType), be = scalar(h, beta, computeType);
  const int64_t k = opRows(opA, A->cols, A->rows);
  require(opRows(opA, A->rows, A->cols) == C->rows && opRows(opB, B->rows, B->cols) == k &&
          opRows(opB, B->cols, B->rows) == C->cols);
  requireBatches(A->batchCount, C->batchCount);
  requireBatches(B->batchCount, C->batchCount);
  for (int b = 0; b < C->batchCount; ++b) {
    const Entries a = applyOp(readSparse(*A, batchOf(A->batchCount, b)), opA);
    const Dense bm = readDense(*B, batchOf(B->batchCount, b));
    Dense c = readDense(*C, b);
    std::vector<double> sum(size_t(C->rows * C->cols), 0.0);
    for (size_t e = 0; e < a.val.size(); ++e)
      for (int64_t j = 0; j < C->cols; ++j)
        sum[size_t(a.row[e] * C->cols + j)] += a.val[e] * bm.op(opB, a.col[e], j);
    for (int64_t i = 0; i < C->rows; ++i)
      for (int64_t j = 0; j < C->cols; ++j) {
        double &out = c.v[c.at(i, j)];
        out = al * sum[size_t(i * C->cols + j)] + (be != 0 ? be * out : 0.0);
      }
    writeDense(*C, b, c);
  }
}

/// C = alpha (op(A) op(B)) at C's pattern + beta C, per batch of C.
void sddmm(cusparseContext &h, cusparseOperation_t opA, cusparseOperation_t opB,
           const void *alpha, const cusparseDnMatDescr *A, const cusparseDnMatDescr *B,
           const void *beta, cusparseSpMatDescr *C, cudaDataType computeType) {
  require(A && B && C);
  requireComputeType(computeType);
  const double al = scalar(h, alpha, computeType), be = scalar(h, beta, computeType);
  const int64_t k = opRows(opA, A->cols, A->rows);
  require(opRows(opA, A->rows, A->cols) == C->rows && opRows(opB, B->rows, B->cols) == k &&
          opRows(opB, B->cols, B->rows) == C->cols);
  requireBatches(A->batchCount, C->batchCount);
  requireBatches(B->batchCount, C->batchCount);
  for (int b = 0; b < C->batchCount; ++b) {
    const Dense a = readDense(*A, batchOf(A->batchCount, b));
    const Dense bm = readDense(*B, batchOf(B->batchCount, b));
    Entries c = readSparse(*C, b);
    for (size_t e = 0; e < c.val.size(); ++e) {
      double dot = 0;
      for (int64_t l = 0; l < k; ++l)
        dot += a.op(opA, c.row[e], l) * bm.op(opB, l, c.col[e]);
      c.val[e] = al * dot + (be != 0 ? be * c.val[e] : 0.0);
    }
    writeSparseValues(*C, b, c.val);
  }
}

/// alpha op(A) op(B) as CSR rows with sorted columns.
void spgemm(cusparseContext &h, cusparseOperation_t opA, cusparseOperation_t opB,
            const void *alpha, const cusparseSpMatDescr *A, const cusparseSpMatDescr *B,
            const void *beta, cusparseSpMatDescr *C, cudaDataType computeType,
            cusparseSpGEMMDescr &out) {
  require(A && B && C);
  requireComputeType(computeType);
  require(C->format == CUSPARSE_FORMAT_CSR, CUSPARSE_STATUS_NOT_SUPPORTED);
  const double al = scalar(h, alpha, computeType);
  // cuSPARSE's SpGEMM computes C' = alpha op(A) op(B): beta only scales an
  // empty C.
  require(scalar(h, beta, computeType) == 0 || C->nnz == 0, CUSPARSE_STATUS_NOT_SUPPORTED);
  const Entries a = applyOp(readSparse(*A), opA), b = applyOp(readSparse(*B), opB);
  require(a.cols == b.rows && C->rows == a.rows && C->cols == b.cols);
  std::vector<std::map<int64_t, double>> bRows(size_t(b.rows)), cRows(size_t(a.rows));
  for (size_t e = 0; e < b.val.size(); ++e)
    bRows[size_t(b.row[e])][b.col[e]] += b.val[e];
  for (size_t e = 0; e < a.val.size(); ++e)
    for (const auto &[j, v] : bRows[size_t(a.col[e])])
      cRows[size_t(a.row[e])][j] += al * a.val[e] * v;
  out.rowOffsets.assign(1, 0);
  out.columns.clear();
  out.values.clear();
  for (const auto &row : cRows) {
    for (const auto &[j, v] : row) {
      out.columns.push_back(j);
      out.values.push_back(v);
    }
    out.rowOffsets.push_back(int64_t(out.columns.size()));
  }
  out.computed = true;
  C->nnz = int64_t(out.columns.size());
}

/// A sparse vector's indices (0-based, each checked to lie below `size`)
/// and, unless `structure` only, its values.
struct SpVecData {
  std::vector<int64_t> idx;
  std::vector<double> val;
};
SpVecData readSpVec(const cusparseSpVecDescr &x, int64_t size, bool structure = false) {
  const size_t nnz = size_t(x.nnz);
  SpVecData d;
  d.idx = readIndices(x.indices, x.indexType, nnz, x.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0);
  for (int64_t i : d.idx)
    require(i >= 0 && i < size);
  if (!structure)
    d.val = readValues(x.values, x.valueType, nnz);
  return d;
}

} // namespace

extern "C" {

cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t,
                                         const void *, cusparseConstSpMatDescr_t,
                                         cusparseConstDnVecDescr_t, const void *,
                                         cusparseDnVecDescr_t, cudaDataType, cusparseSpMVAlg_t,
                                         size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
cusparseStatus_t cusparseSpMV_preprocess(cusparseHandle_t handle, cusparseOperation_t,
                                         const void *, cusparseConstSpMatDescr_t,
                                         cusparseConstDnVecDescr_t, const void *,
                                         cusparseDnVecDescr_t, cudaDataType, cusparseSpMVAlg_t,
                                         void *) {
  return handle ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_NOT_INITIALIZED;
}
cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                              const void *beta, cusparseDnVecDescr_t vecY,
                              cudaDataType computeType, cusparseSpMVAlg_t, void *) {
  return run(handle, [&](cusparseContext &h) {
    spmv(h, opA, alpha, matA, vecX, beta, vecY, computeType);
  });
}

cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t,
                                         cusparseOperation_t, const void *,
                                         cusparseConstSpMatDescr_t, cusparseConstDnMatDescr_t,
                                         const void *, cusparseDnMatDescr_t, cudaDataType,
                                         cusparseSpMMAlg_t, size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t,
                                         cusparseOperation_t, const void *,
                                         cusparseConstSpMatDescr_t, cusparseConstDnMatDescr_t,
                                         const void *, cusparseDnMatDescr_t, cudaDataType,
                                         cusparseSpMMAlg_t, void *) {
  return handle ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_NOT_INITIALIZED;
}
cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
                              cusparseOperation_t opB, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                              const void *beta, cusparseDnMatDescr_t matC,
                              cudaDataType computeType, cusparseSpMMAlg_t, void *) {
  return run(handle, [&](cusparseContext &h) {
    spmm(h, opA, opB, alpha, matA, matB, beta, matC, computeType);
  });
}

cusparseStatus_t cusparseSDDMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t,
                                          cusparseOperation_t, const void *,
                                          cusparseConstDnMatDescr_t, cusparseConstDnMatDescr_t,
                                          const void *, cusparseSpMatDescr_t, cudaDataType,
                                          cusparseSDDMMAlg_t, size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
cusparseStatus_t cusparseSDDMM_preprocess(cusparseHandle_t handle, cusparseOperation_t,
                                          cusparseOperation_t, const void *,
                                          cusparseConstDnMatDescr_t, cusparseConstDnMatDescr_t,
                                          const void *, cusparseSpMatDescr_t, cudaDataType,
                                          cusparseSDDMMAlg_t, void *) {
  return handle ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_NOT_INITIALIZED;
}
cusparseStatus_t cusparseSDDMM(cusparseHandle_t handle, cusparseOperation_t opA,
                               cusparseOperation_t opB, const void *alpha,
                               cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                               const void *beta, cusparseSpMatDescr_t matC,
                               cudaDataType computeType, cusparseSDDMMAlg_t, void *) {
  return run(handle, [&](cusparseContext &h) {
    sddmm(h, opA, opB, alpha, matA, matB, beta, matC, computeType);
  });
}

cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *descr) {
  return createDescriptor(descr);
}
cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t descr) {
  return destroyDescriptor(descr);
}
// Both steps follow cuSPARSE's protocol: a call without a buffer answers
// the buffer's size; the call with one does the step. The product is
// computed by the compute step, which also gives C its nnz.
cusparseStatus_t cusparseSpGEMM_workEstimation(
    cusparseHandle_t handle, cusparseOperation_t, cusparseOperation_t, const void *,
    cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB, const void *,
    cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSpGEMMAlg_t,
    cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize1, void *) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!matA || !matB || !matC || !spgemmDescr || !bufferSize1)
    return CUSPARSE_STATUS_INVALID_VALUE;
  return check([&] {
    requireComputeType(computeType);
    *bufferSize1 = kBufferBytes;
  });
}
cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t handle, cusparseOperation_t opA,
                                        cusparseOperation_t opB, const void *alpha,
                                        cusparseConstSpMatDescr_t matA,
                                        cusparseConstSpMatDescr_t matB, const void *beta,
                                        cusparseSpMatDescr_t matC, cudaDataType computeType,
                                        cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t spgemmDescr,
                                        size_t *bufferSize2, void *externalBuffer2) {
  if (!spgemmDescr || !bufferSize2)
    return handle ? CUSPARSE_STATUS_INVALID_VALUE : CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!externalBuffer2)
    return answerBufferSize(handle, bufferSize2);
  return run(handle, [&](cusparseContext &h) {
    spgemm(h, opA, opB, alpha, matA, matB, beta, matC, computeType, *spgemmDescr);
  });
}
cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t handle, cusparseOperation_t,
                                     cusparseOperation_t, const void *,
                                     cusparseConstSpMatDescr_t, cusparseConstSpMatDescr_t,
                                     const void *, cusparseSpMatDescr_t matC, cudaDataType,
                                     cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t spgemmDescr) {
  return run(handle, [&](cusparseContext &) {
    require(matC && spgemmDescr && spgemmDescr->computed);
    require(matC->nnz == int64_t(spgemmDescr->columns.size()));
    const int64_t base = matC->base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
    require(matC->offsets && (matC->nnz == 0 || (matC->indices && matC->values)));
    writeIndices(matC->offsets, matC->offsetType, spgemmDescr->rowOffsets, base);
    writeIndices(matC->indices, matC->indexType, spgemmDescr->columns, base);
    writeValues(matC->values, matC->valueType, spgemmDescr->values);
  });
}

// Sparse and dense vectors.
cusparseStatus_t cusparseAxpby(cusparseHandle_t handle, const void *alpha,
                               cusparseConstSpVecDescr_t vecX, const void *beta,
                               cusparseDnVecDescr_t vecY) {
  return run(handle, [&](cusparseContext &h) {
    require(vecX && vecY && vecX->size == vecY->size);
    const double al = scalar(h, alpha, vecY->valueType), be = scalar(h, beta, vecY->valueType);
    const SpVecData x = readSpVec(*vecX, vecY->size);
    std::vector<double> ys = readValues(vecY->values, vecY->valueType, size_t(vecY->size));
    for (double &y : ys)
      y = be != 0 ? be * y : 0.0;
    for (size_t i = 0; i < x.idx.size(); ++i)
      ys[size_t(x.idx[i])] += al * x.val[i];
    writeValues(vecY->values, vecY->valueType, ys);
  });
}
cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY,
                                cusparseSpVecDescr_t vecX) {
  return run(handle, [&](cusparseContext &) {
    require(vecX && vecY);
    const SpVecData x = readSpVec(*vecX, vecY->size, true);
    const std::vector<double> ys = readValues(vecY->values, vecY->valueType, size_t(vecY->size));
    std::vector<double> xs(x.idx.size());
    for (size_t i = 0; i < xs.size(); ++i)
      xs[i] = ys[size_t(x.idx[i])];
    writeValues(vecX->values, vecX->valueType, xs);
  });
}
cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX,
                                 cusparseDnVecDescr_t vecY) {
  return run(handle, [&](cusparseContext &) {
    require(vecX && vecY);
    const SpVecData x = readSpVec(*vecX, vecY->size);
    std::vector<double> ys = readValues(vecY->values, vecY->valueType, size_t(vecY->size));
    for (size_t i = 0; i < x.idx.size(); ++i)
      ys[size_t(x.idx[i])] = x.val[i];
    writeValues(vecY->values, vecY->valueType, ys);
  });
}
cusparseStatus_t cusparseSpVV_bufferSize(cusparseHandle_t handle, cusparseOperation_t,
                                         cusparseConstSpVecDescr_t, cusparseConstDnVecDescr_t,
                                         const void *, cudaDataType, size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
cusparseStatus_t cusparseSpVV(cusparseHandle_t handle, cusparseOperation_t,
                              cusparseConstSpVecDescr_t vecX, cusparseConstDnVecDescr_t vecY,
                              void *result, cudaDataType computeType, void *) {
  return run(handle, [&](cusparseContext &h) {
    require(vecX && vecY && vecX->size == vecY->size);
    requireComputeType(computeType);
    const SpVecData x = readSpVec(*vecX, vecY->size);
    const std::vector<double> ys = readValues(vecY->values, vecY->valueType, size_t(vecY->size));
    double dot = 0;
    for (size_t i = 0; i < x.idx.size(); ++i)
      dot += x.val[i] * ys[size_t(x.idx[i])];
    simt::cusparse::result(h, result, computeType, dot);
  });
}

} // extern "C"
