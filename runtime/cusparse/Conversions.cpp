//===-- Conversions.cpp - libcusparse: dense and sparse forms, sorting ----===//
#include "runtime/cusparse/Operands.h"

#include <algorithm>
#include <numeric>

using namespace simt::cusparse;

namespace {

int64_t baseOf(cusparseIndexBase_t b) { return b == CUSPARSE_INDEX_BASE_ONE ? 1 : 0; }

/// The dense matrix's non-zeros in the sparse format's storage order
/// (row-major for CSR and COO, column-major for CSC).
Entries nonZeros(const Dense &d, cusparseFormat_t format) {
  Entries e;
  e.rows = d.rows;
  e.cols = d.cols;
  const bool byColumn = format == CUSPARSE_FORMAT_CSC;
  const int64_t outer = byColumn ? d.cols : d.rows, inner = byColumn ? d.rows : d.cols;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t r = byColumn ? i : o, c = byColumn ? o : i;
      if (const double v = d.v[d.at(r, c)]; v != 0) {
        e.row.push_back(r);
        e.col.push_back(c);
        e.val.push_back(v);
      }
    }
  return e;
}

/// Offsets (n + 1) of entries sorted by `major`.
std::vector<int64_t> offsetsOf(const std::vector<int64_t> &major, int64_t n) {
  std::vector<int64_t> off(size_t(n + 1), 0);
  for (int64_t m : major)
    ++off[size_t(m + 1)];
  std::partial_sum(off.begin(), off.end(), off.begin());
  return off;
}

/// Writes B's offsets (CSR, CSC) for the entries of `e`.
void writeOffsets(cusparseSpMatDescr &B, const Entries &e) {
  if (B.format == CUSPARSE_FORMAT_COO)
    return;
  const bool csc = B.format == CUSPARSE_FORMAT_CSC;
  require(B.offsets != nullptr);
  writeIndices(B.offsets, B.offsetType, offsetsOf(csc ? e.col : e.row, csc ? B.cols : B.rows),
               baseOf(B.base));
}

/// 0, 1, ..., n-1: an order to sort.
std::vector<size_t> identityOrder(size_t n) {
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

/// v's elements taken in `order`.
template <class T> std::vector<T> inOrder(const std::vector<T> &v, const std::vector<size_t> &order) {
  std::vector<T> out(order.size());
  for (size_t k = 0; k < order.size(); ++k)
    out[k] = v[order[k]];
  return out;
}

/// Reads a 32-bit index array of `n` through the runtime.
std::vector<int64_t> readInts(const int *p, int n, int64_t base = 0) {
  return readIndices(p, CUSPARSE_INDEX_32I, size_t(n > 0 ? n : 0), base);
}

/// Non-zeros per row or column of a column-major dense matrix, and in all.
cusparseStatus_t countNonZeros(cusparseHandle_t handle, cusparseDirection_t dirA, int m,
                              int n, const cusparseMatDescr_t descrA, const void *A,
                              cudaDataType type, int lda, int *nnzPerRowCol,
                              int *nnzTotal) {
  return run(handle, [&](cusparseContext &h) {
    require(m >= 0 && n >= 0 && lda >= m && descrA && nnzPerRowCol);
    require(descrA->type == CUSPARSE_MATRIX_TYPE_GENERAL,
            CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
    cusparseDnMatDescr d;
    d.rows = m;
    d.cols = n;
    d.ld = lda;
    d.values = const_cast<void *>(A);
    d.valueType = type;
    const Dense dense = readDense(d);
    const bool byRow = dirA == CUSPARSE_DIRECTION_ROW;
    std::vector<int64_t> counts(size_t(byRow ? m : n), 0);
    int64_t total = 0;
    for (int64_t c = 0; c < n; ++c)
      for (int64_t r = 0; r < m; ++r)
        if (dense.v[dense.at(r, c)] != 0) {
          ++counts[size_t(byRow ? r : c)];
          ++total;
        }
    writeIndices(nnzPerRowCol, CUSPARSE_INDEX_32I, counts);
    intResult(h, nnzTotal, int(total));
  });
}

} // namespace

extern "C" {

cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t handle,
                                                  cusparseConstSpMatDescr_t,
                                                  cusparseDnMatDescr_t,
                                                  cusparseSparseToDenseAlg_t,
                                                  size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
cusparseStatus_t cusparseSparseToDense(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
                                       cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t,
                                       void *) {
  return run(handle, [&](cusparseContext &) {
    require(matA && matB && matA->rows == matB->rows && matA->cols == matB->cols);
    const Entries a = readSparse(*matA);
    Dense b = readDense(*matB);
    for (int64_t r = 0; r < b.rows; ++r)
      for (int64_t c = 0; c < b.cols; ++c)
        b.v[b.at(r, c)] = 0;
    for (size_t k = 0; k < a.val.size(); ++k)
      b.v[b.at(a.row[k], a.col[k])] += a.val[k];
    writeDense(*matB, 0, b);
  });
}

cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t handle,
                                                  cusparseConstDnMatDescr_t,
                                                  cusparseSpMatDescr_t,
                                                  cusparseDenseToSparseAlg_t,
                                                  size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
// The analysis counts B's non-zeros (cusparseSpMatGetSize answers them
// after it) and writes a CSR or CSC matrix's offsets; the conversion
// writes the indices and values into the arrays set since.
cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t handle,
                                                cusparseConstDnMatDescr_t matA,
                                                cusparseSpMatDescr_t matB,
                                                cusparseDenseToSparseAlg_t, void *) {
  return run(handle, [&](cusparseContext &) {
    require(matA && matB && matA->rows == matB->rows && matA->cols == matB->cols);
    const Entries e = nonZeros(readDense(*matA), matB->format);
    matB->nnz = int64_t(e.val.size());
    writeOffsets(*matB, e);
  });
}
cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t handle,
                                               cusparseConstDnMatDescr_t matA,
                                               cusparseSpMatDescr_t matB,
                                               cusparseDenseToSparseAlg_t, void *) {
  return run(handle, [&](cusparseContext &) {
    require(matA && matB && matA->rows == matB->rows && matA->cols == matB->cols);
    const Entries e = nonZeros(readDense(*matA), matB->format);
    require(matB->nnz == int64_t(e.val.size()));
    writeOffsets(*matB, e);
    if (e.val.empty())
      return;
    const int64_t base = baseOf(matB->base);
    require(matB->indices && matB->values);
    writeIndices(matB->indices, matB->indexType,
                 matB->format == CUSPARSE_FORMAT_CSC ? e.row : e.col, base);
    if (matB->format == CUSPARSE_FORMAT_COO) {
      require(matB->rowIndices != nullptr);
      writeIndices(matB->rowIndices, matB->indexType, e.row, base);
    }
    writeValues(matB->values, matB->valueType, e.val);
  });
}

cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t handle, int, int, int,
                                               const void *, const int *, const int *, void *,
                                               int *, int *, cudaDataType, cusparseAction_t,
                                               cusparseIndexBase_t, cusparseCsr2CscAlg_t,
                                               size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t handle, int m, int n, int nnz,
                                    const void *csrVal, const int *csrRowPtr, const int *csrColInd,
                                    void *cscVal, int *cscColPtr, int *cscRowInd,
                                    cudaDataType valType, cusparseAction_t copyValues,
                                    cusparseIndexBase_t idxBase, cusparseCsr2CscAlg_t, void *) {
  return run(handle, [&](cusparseContext &) {
    require(m >= 0 && n >= 0 && nnz >= 0 && csrRowPtr && cscColPtr);
    const bool numeric = copyValues == CUSPARSE_ACTION_NUMERIC;
    cusparseSpMatDescr csr;
    csr.rows = m;
    csr.cols = n;
    csr.nnz = nnz;
    csr.offsets = const_cast<int *>(csrRowPtr);
    csr.indices = const_cast<int *>(csrColInd);
    csr.values = const_cast<void *>(csrVal);
    csr.base = idxBase;
    csr.valueType = valType;
    const Entries e = readSparse(csr, 0, !numeric);
    // A stable order by column keeps each column's rows ascending.
    std::vector<size_t> order = identityOrder(e.row.size());
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return e.col[a] < e.col[b]; });
    const std::vector<int64_t> rows = inOrder(e.row, order);
    const std::vector<double> vals = numeric ? inOrder(e.val, order) : std::vector<double>();
    const int64_t base = baseOf(idxBase);
    writeIndices(cscColPtr, CUSPARSE_INDEX_32I, offsetsOf(e.col, n), base);
    if (nnz) {
      require(cscRowInd != nullptr && (!numeric || cscVal != nullptr));
      writeIndices(cscRowInd, CUSPARSE_INDEX_32I, rows, base);
      if (numeric)
        writeValues(cscVal, valType, vals);
    }
  });
}

cusparseStatus_t cusparseSnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
                              const cusparseMatDescr_t descrA, const float *A, int lda,
                              int *nnzPerRowCol, int *nnzTotalDevHostPtr) {
  return countNonZeros(handle, dirA, m, n, descrA, A, CUDA_R_32F, lda, nnzPerRowCol,
                       nnzTotalDevHostPtr);
}
cusparseStatus_t cusparseDnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
                              const cusparseMatDescr_t descrA, const double *A, int lda,
                              int *nnzPerRowCol, int *nnzTotalDevHostPtr) {
  return countNonZeros(handle, dirA, m, n, descrA, A, CUDA_R_64F, lda, nnzPerRowCol,
                       nnzTotalDevHostPtr);
}

cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t handle, int n, int *p) {
  return run(handle, [&](cusparseContext &) {
    require(n >= 0 && (n == 0 || p));
    std::vector<int64_t> v(static_cast<size_t>(n));
    std::iota(v.begin(), v.end(), 0);
    writeIndices(p, CUSPARSE_INDEX_32I, v);
  });
}

cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t handle, int, int, int,
                                                const int *, const int *,
                                                size_t *pBufferSizeInBytes) {
  return answerBufferSize(handle, pBufferSizeInBytes);
}
// Sorts each row's columns, and P with them (P[k] becomes the old P of
// the entry now at k).
cusparseStatus_t cusparseXcsrsort(cusparseHandle_t handle, int m, int n, int nnz,
                                  const cusparseMatDescr_t descrA, const int *csrRowPtrA,
                                  int *csrColIndA, int *P, void *) {
  return run(handle, [&](cusparseContext &) {
    require(m >= 0 && n >= 0 && nnz >= 0 && descrA && csrRowPtrA);
    if (!nnz)
      return;
    require(csrColIndA != nullptr);
    const int64_t base = baseOf(descrA->base);
    const std::vector<int64_t> offsets = readInts(csrRowPtrA, m + 1, base);
    std::vector<int64_t> cols = readInts(csrColIndA, nnz);
    std::vector<int64_t> perm = P ? readInts(P, nnz) : std::vector<int64_t>(size_t(nnz));
    std::vector<size_t> order = identityOrder(size_t(nnz));
    for (int r = 0; r < m; ++r) {
      require(offsets[r] >= 0 && offsets[r] <= offsets[r + 1] && offsets[r + 1] <= nnz);
      std::stable_sort(order.begin() + offsets[r], order.begin() + offsets[r + 1],
                       [&](size_t a, size_t b) { return cols[a] < cols[b]; });
    }
    writeIndices(csrColIndA, CUSPARSE_INDEX_32I, inOrder(cols, order));
    if (P)
      writeIndices(P, CUSPARSE_INDEX_32I, inOrder(perm, order));
  });
}

cusparseStatus_t cusparseXcoosort_bufferSizeExt(cusparseHandle_t handle, int, int, int,
                                                const int *, const int *,
                                                size_t *pBufferSizeInBytes) {
  return answerBufferSize(handle, pBufferSizeInBytes);
}
cusparseStatus_t cusparseXcoosortByRow(cusparseHandle_t handle, int m, int n, int nnz,
                                       int *cooRowsA, int *cooColsA, int *P, void *) {
  return run(handle, [&](cusparseContext &) {
    require(m >= 0 && n >= 0 && nnz >= 0);
    if (!nnz)
      return;
    require(cooRowsA && cooColsA);
    const std::vector<int64_t> rows = readInts(cooRowsA, nnz), cols = readInts(cooColsA, nnz);
    const std::vector<int64_t> perm = P ? readInts(P, nnz) : std::vector<int64_t>(size_t(nnz));
    std::vector<size_t> order = identityOrder(size_t(nnz));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return rows[a] != rows[b] ? rows[a] < rows[b] : cols[a] < cols[b];
    });
    writeIndices(cooRowsA, CUSPARSE_INDEX_32I, inOrder(rows, order));
    writeIndices(cooColsA, CUSPARSE_INDEX_32I, inOrder(cols, order));
    if (P)
      writeIndices(P, CUSPARSE_INDEX_32I, inOrder(perm, order));
  });
}

} // extern "C"
