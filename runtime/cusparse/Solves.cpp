//===-- Solves.cpp - libcusparse: triangular solves and ILU(0) ------------===//
#include "runtime/cusparse/Operands.h"

#include <map>

using namespace simt::cusparse;

namespace {

/// op(A)'s triangle that the fill mode names (a transpose turns lower into
/// upper), each row's off-diagonal entries and its diagonal.
struct Triangle {
  int64_t n = 0;
  bool lower = true, unit = false;
  std::vector<std::vector<std::pair<int64_t, double>>> rows;
  std::vector<double> diag;
  std::vector<bool> hasDiag;
};

Triangle triangleOf(const cusparseSpMatDescr &A, cusparseOperation_t op) {
  require(A.rows == A.cols);
  Triangle t;
  t.n = A.rows;
  t.lower = (A.fill == CUSPARSE_FILL_MODE_LOWER) == (op == CUSPARSE_OPERATION_NON_TRANSPOSE);
  t.unit = A.diag == CUSPARSE_DIAG_TYPE_UNIT;
  t.rows.resize(size_t(t.n));
  t.diag.assign(size_t(t.n), 0.0);
  t.hasDiag.assign(size_t(t.n), false);
  const Entries e = applyOp(readSparse(A), op);
  for (size_t k = 0; k < e.val.size(); ++k) {
    const int64_t r = e.row[k], c = e.col[k];
    if (r == c) {
      t.diag[size_t(r)] += e.val[k];
      t.hasDiag[size_t(r)] = true;
    } else if ((c < r) == t.lower) {
      t.rows[size_t(r)].push_back({c, e.val[k]});
    }
  }
  return t;
}

/// Solves T y = alpha b in place of b, forward for a lower triangle.
void substitute(const Triangle &t, double alpha, std::vector<double> &b) {
  for (int64_t s = 0; s < t.n; ++s) {
    const size_t i = size_t(t.lower ? s : t.n - 1 - s);
    double v = alpha * b[i];
    for (const auto &[c, a] : t.rows[i])
      v -= a * b[size_t(c)];
    b[i] = t.unit ? v : v / t.diag[i];
  }
}

/// op(A) C = alpha op(B), column by column.
void spsm(cusparseContext &h, cusparseOperation_t opA, cusparseOperation_t opB,
          const void *alpha, const cusparseSpMatDescr *A, const cusparseDnMatDescr *B,
          cusparseDnMatDescr *C, cudaDataType computeType) {
  require(A && B && C);
  requireComputeType(computeType);
  const Triangle t = triangleOf(*A, opA);
  const double al = scalar(h, alpha, computeType);
  const Dense b = readDense(*B);
  Dense c = readDense(*C);
  require(opRows(opB, B->rows, B->cols) == t.n && C->rows == t.n &&
          opRows(opB, B->cols, B->rows) == C->cols);
  std::vector<double> column(size_t(t.n));
  for (int64_t j = 0; j < C->cols; ++j) {
    for (int64_t i = 0; i < t.n; ++i)
      column[size_t(i)] = b.op(opB, i, j);
    substitute(t, al, column);
    for (int64_t i = 0; i < t.n; ++i)
      c.v[c.at(i, j)] = column[size_t(i)];
  }
  writeDense(*C, 0, c);
}

/// The CSR matrix of the legacy ILU(0) calls.
cusparseSpMatDescr legacyCsr(int m, int nnz, const cusparseMatDescr_t descrA, const void *values,
                             const int *rowPtr, const int *colInd, cudaDataType type) {
  require(m >= 0 && nnz >= 0 && descrA && rowPtr);
  cusparseSpMatDescr a;
  a.rows = a.cols = m;
  a.nnz = nnz;
  a.offsets = const_cast<int *>(rowPtr);
  a.indices = const_cast<int *>(colInd);
  a.values = const_cast<void *>(values);
  a.base = descrA->base;
  a.valueType = type;
  return a;
}

/// The first row without a diagonal entry, or -1.
int structuralZero(const Entries &e) {
  std::vector<bool> has(size_t(e.rows), false);
  for (size_t k = 0; k < e.row.size(); ++k)
    if (e.row[k] == e.col[k])
      has[size_t(e.row[k])] = true;
  for (int64_t i = 0; i < e.rows; ++i)
    if (!has[size_t(i)])
      return int(i);
  return -1;
}

cusparseStatus_t iluAnalysis(cusparseHandle_t handle, int m, int nnz,
                             const cusparseMatDescr_t descrA, const void *values,
                             const int *rowPtr, const int *colInd, csrilu02Info_t info,
                             cudaDataType type) {
  return run(handle, [&](cusparseContext &) {
    require(info != nullptr);
    info->base = descrA && descrA->base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
    info->numericalZero = -1; // a new analysis: an earlier factorisation's zero is stale
    info->structuralZero = structuralZero(
        readSparse(legacyCsr(m, nnz, descrA, values, rowPtr, colInd, type), 0, true));
  });
}

/// ILU(0) in place: L (unit, below the diagonal) and U over A's pattern,
/// row by row (the IKJ order), each row's columns ascending.
cusparseStatus_t ilu0(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                      void *values, const int *rowPtr, const int *colInd, csrilu02Info_t info,
                      cudaDataType type) {
  return run(handle, [&](cusparseContext &) {
    require(info != nullptr);
    const cusparseSpMatDescr a = legacyCsr(m, nnz, descrA, values, rowPtr, colInd, type);
    Entries e = readSparse(a);
    info->base = a.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
    std::vector<std::map<int64_t, size_t>> where(static_cast<size_t>(m));
    for (size_t k = 0; k < e.row.size(); ++k)
      where[size_t(e.row[k])][e.col[k]] = k;
    info->numericalZero = -1;
    for (int64_t i = 0; i < m; ++i) {
      for (auto it = where[size_t(i)].begin(); it != where[size_t(i)].end() && it->first < i;
           ++it) {
        const int64_t k = it->first;
        const auto pivot = where[size_t(k)].find(k);
        if (pivot == where[size_t(k)].end() || e.val[pivot->second] == 0)
          continue; // the zero pivot is reported at row k
        const double lik = e.val[it->second] /= e.val[pivot->second];
        for (auto jt = std::next(it); jt != where[size_t(i)].end(); ++jt)
          if (const auto kj = where[size_t(k)].find(jt->first); kj != where[size_t(k)].end())
            e.val[jt->second] -= lik * e.val[kj->second];
      }
      const auto d = where[size_t(i)].find(i);
      if (info->numericalZero < 0 && (d == where[size_t(i)].end() || e.val[d->second] == 0))
        info->numericalZero = int(i);
    }
    writeSparseValues(a, 0, e.val);
  });
}

} // namespace

extern "C" {

cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *descr) {
  return createDescriptor(descr);
}
cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr) {
  return destroyDescriptor(descr);
}
cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t handle, cusparseOperation_t,
                                         const void *, cusparseConstSpMatDescr_t,
                                         cusparseConstDnVecDescr_t, cusparseDnVecDescr_t,
                                         cudaDataType, cusparseSpSVAlg_t, cusparseSpSVDescr_t,
                                         size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t handle, cusparseOperation_t,
                                       const void *, cusparseConstSpMatDescr_t matA,
                                       cusparseConstDnVecDescr_t, cusparseDnVecDescr_t,
                                       cudaDataType computeType, cusparseSpSVAlg_t,
                                       cusparseSpSVDescr_t spsvDescr, void *) {
  return run(handle, [&](cusparseContext &) {
    require(matA && spsvDescr && matA->rows == matA->cols);
    requireComputeType(computeType);
  });
}
// op(A) y = alpha x: a dense vector is a dense matrix of one column.
cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t handle, cusparseOperation_t opA,
                                    const void *alpha, cusparseConstSpMatDescr_t matA,
                                    cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
                                    cudaDataType computeType, cusparseSpSVAlg_t,
                                    cusparseSpSVDescr_t spsvDescr) {
  return run(handle, [&](cusparseContext &h) {
    require(spsvDescr && vecX && vecY);
    const auto column = [](const cusparseDnVecDescr &v) {
      cusparseDnMatDescr d;
      d.rows = d.ld = v.size;
      d.cols = 1;
      d.values = v.values;
      d.valueType = v.valueType;
      return d;
    };
    const cusparseDnMatDescr x = column(*vecX);
    cusparseDnMatDescr y = column(*vecY);
    spsm(h, opA, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, matA, &x, &y, computeType);
  });
}

cusparseStatus_t cusparseSpSM_createDescr(cusparseSpSMDescr_t *descr) {
  return createDescriptor(descr);
}
cusparseStatus_t cusparseSpSM_destroyDescr(cusparseSpSMDescr_t descr) {
  return destroyDescriptor(descr);
}
cusparseStatus_t cusparseSpSM_bufferSize(cusparseHandle_t handle, cusparseOperation_t,
                                         cusparseOperation_t, const void *,
                                         cusparseConstSpMatDescr_t, cusparseConstDnMatDescr_t,
                                         cusparseDnMatDescr_t, cudaDataType, cusparseSpSMAlg_t,
                                         cusparseSpSMDescr_t, size_t *bufferSize) {
  return answerBufferSize(handle, bufferSize);
}
cusparseStatus_t cusparseSpSM_analysis(cusparseHandle_t handle, cusparseOperation_t,
                                       cusparseOperation_t, const void *,
                                       cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t,
                                       cusparseDnMatDescr_t, cudaDataType computeType,
                                       cusparseSpSMAlg_t, cusparseSpSMDescr_t spsmDescr, void *) {
  return run(handle, [&](cusparseContext &) {
    require(matA && spsmDescr && matA->rows == matA->cols);
    requireComputeType(computeType);
  });
}
cusparseStatus_t cusparseSpSM_solve(cusparseHandle_t handle, cusparseOperation_t opA,
                                    cusparseOperation_t opB, const void *alpha,
                                    cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                    cusparseDnMatDescr_t matC, cudaDataType computeType,
                                    cusparseSpSMAlg_t, cusparseSpSMDescr_t spsmDescr) {
  return run(handle, [&](cusparseContext &h) {
    require(spsmDescr != nullptr);
    spsm(h, opA, opB, alpha, matA, matB, matC, computeType);
  });
}

cusparseStatus_t cusparseCreateCsrilu02Info(csrilu02Info_t *info) {
  return createDescriptor(info);
}
cusparseStatus_t cusparseDestroyCsrilu02Info(csrilu02Info_t info) {
  return destroyDescriptor(info);
}
// The first zero pivot, structural (after the analysis) or numerical
// (after the factorisation), or -1 and success.
cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t handle, csrilu02Info_t info,
                                             int *position) {
  int zero = -1;
  const cusparseStatus_t s = run(handle, [&](cusparseContext &h) {
    require(info && position);
    zero = info->numericalZero >= 0 ? info->numericalZero : info->structuralZero;
    // cuSPARSE: "position can be 0-based or 1-based, the same as the matrix".
    intResult(h, position, zero >= 0 ? zero + info->base : -1);
  });
  return s == CUSPARSE_STATUS_SUCCESS && zero >= 0 ? CUSPARSE_STATUS_ZERO_PIVOT : s;
}
cusparseStatus_t cusparseScsrilu02_bufferSize(cusparseHandle_t handle, int, int,
                                              const cusparseMatDescr_t, float *, const int *,
                                              const int *, csrilu02Info_t,
                                              int *pBufferSizeInBytes) {
  size_t bytes = 0;
  const cusparseStatus_t s = answerBufferSize(handle, pBufferSizeInBytes ? &bytes : nullptr);
  if (s == CUSPARSE_STATUS_SUCCESS)
    *pBufferSizeInBytes = int(bytes);
  return s;
}
cusparseStatus_t cusparseDcsrilu02_bufferSize(cusparseHandle_t handle, int m, int nnz,
                                              const cusparseMatDescr_t descrA, double *,
                                              const int *rowPtr, const int *colInd,
                                              csrilu02Info_t info, int *pBufferSizeInBytes) {
  return cusparseScsrilu02_bufferSize(handle, m, nnz, descrA, nullptr, rowPtr, colInd, info,
                                      pBufferSizeInBytes);
}
cusparseStatus_t cusparseScsrilu02_analysis(cusparseHandle_t handle, int m, int nnz,
                                            const cusparseMatDescr_t descrA, const float *csrValA,
                                            const int *csrRowPtrA, const int *csrColIndA,
                                            csrilu02Info_t info, cusparseSolvePolicy_t, void *) {
  return iluAnalysis(handle, m, nnz, descrA, csrValA, csrRowPtrA, csrColIndA, info, CUDA_R_32F);
}
cusparseStatus_t cusparseDcsrilu02_analysis(cusparseHandle_t handle, int m, int nnz,
                                            const cusparseMatDescr_t descrA, const double *csrValA,
                                            const int *csrRowPtrA, const int *csrColIndA,
                                            csrilu02Info_t info, cusparseSolvePolicy_t, void *) {
  return iluAnalysis(handle, m, nnz, descrA, csrValA, csrRowPtrA, csrColIndA, info, CUDA_R_64F);
}
cusparseStatus_t cusparseScsrilu02(cusparseHandle_t handle, int m, int nnz,
                                   const cusparseMatDescr_t descrA, float *csrValA_valM,
                                   const int *csrRowPtrA, const int *csrColIndA,
                                   csrilu02Info_t info, cusparseSolvePolicy_t, void *) {
  return ilu0(handle, m, nnz, descrA, csrValA_valM, csrRowPtrA, csrColIndA, info, CUDA_R_32F);
}
cusparseStatus_t cusparseDcsrilu02(cusparseHandle_t handle, int m, int nnz,
                                   const cusparseMatDescr_t descrA, double *csrValA_valM,
                                   const int *csrRowPtrA, const int *csrColIndA,
                                   csrilu02Info_t info, cusparseSolvePolicy_t, void *) {
  return ilu0(handle, m, nnz, descrA, csrValA_valM, csrRowPtrA, csrColIndA, info, CUDA_R_64F);
}

} // extern "C"
