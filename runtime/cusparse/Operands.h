//===-- Operands.h - cuSPARSE descriptors and their data on the host ------===//
//
// libcusparse computes on the host, as libcublas does: each call waits for
// the handle's stream, reads the arrays its descriptors name through the
// CUDA runtime (device, managed or pinned memory alike), computes in double
// and writes the results back in the descriptors' types. A sparse matrix is
// read as its entries in storage order (row, column, value, with the index
// base taken off), whatever its format.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUSPARSE_OPERANDS_H
#define SIMT_RUNTIME_CUSPARSE_OPERANDS_H

#include <cusparse.h>
#include <vector>

struct cusparseContext {
  cudaStream_t stream = nullptr;
  cusparsePointerMode_t pointerMode = CUSPARSE_POINTER_MODE_HOST;
};

struct cusparseMatDescr {
  cusparseMatrixType_t type = CUSPARSE_MATRIX_TYPE_GENERAL;
  cusparseFillMode_t fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
};

/// CSR: `offsets` are the row offsets, `indices` the columns. CSC: the
/// column offsets and the rows. COO: `rowIndices` and `indices` (columns).
struct cusparseSpMatDescr {
  cusparseFormat_t format = CUSPARSE_FORMAT_CSR;
  int64_t rows = 0, cols = 0, nnz = 0;
  void *offsets = nullptr, *rowIndices = nullptr, *indices = nullptr, *values = nullptr;
  cusparseIndexType_t offsetType = CUSPARSE_INDEX_32I, indexType = CUSPARSE_INDEX_32I;
  cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
  cudaDataType valueType = CUDA_R_32F;
  cusparseFillMode_t fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  int batchCount = 1;
  int64_t offsetsBatchStride = 0, entriesBatchStride = 0; // in elements
};

struct cusparseDnVecDescr {
  int64_t size = 0;
  void *values = nullptr;
  cudaDataType valueType = CUDA_R_32F;
};

struct cusparseSpVecDescr {
  int64_t size = 0, nnz = 0;
  void *indices = nullptr, *values = nullptr;
  cusparseIndexType_t indexType = CUSPARSE_INDEX_32I;
  cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
  cudaDataType valueType = CUDA_R_32F;
};

struct cusparseDnMatDescr {
  int64_t rows = 0, cols = 0, ld = 0;
  void *values = nullptr;
  cudaDataType valueType = CUDA_R_32F;
  cusparseOrder_t order = CUSPARSE_ORDER_COL;
  int batchCount = 1;
  int64_t batchStride = 0; // in elements
};

struct cusparseSpSVDescr {};
struct cusparseSpSMDescr {};

/// C of a product between cusparseSpGEMM_compute and cusparseSpGEMM_copy.
struct cusparseSpGEMMDescr {
  std::vector<int64_t> rowOffsets, columns;
  std::vector<double> values;
  bool computed = false;
};

struct csrilu02Info {
  int structuralZero = -1, numericalZero = -1; // 0-based rows
  int base = 0; // the matrix's index base: zeroPivot reports in it
};

namespace simt::cusparse {

/// Thrown where a call cannot go on: the status it answers.
struct Refused {
  cusparseStatus_t status;
};

/// Copies bytes between any two addresses the runtime knows (throws
/// EXECUTION_FAILED where it refuses).
void copyBytes(void *dst, const void *src, size_t bytes);

/// The bytes of one index or value; refuses types this library lacks.
size_t indexBytes(cusparseIndexType_t type);
size_t valueBytes(cudaDataType type);

/// `n` indices from `p`, less `base`; and back.
std::vector<int64_t> readIndices(const void *p, cusparseIndexType_t type, size_t n,
                                 int64_t base = 0);
void writeIndices(void *p, cusparseIndexType_t type, const std::vector<int64_t> &v,
                  int64_t base = 0);
/// `n` values of `type` from `p`, as doubles; and back.
std::vector<double> readValues(const void *p, cudaDataType type, size_t n);
void writeValues(void *p, cudaDataType type, const std::vector<double> &v);

/// A scalar argument of `type` (alpha, beta) where the pointer mode says.
double scalar(const cusparseContext &h, const void *p, cudaDataType type);
/// A scalar result, likewise.
void result(const cusparseContext &h, void *p, cudaDataType type, double v);
/// An int result (a count, a pivot), likewise.
void intResult(const cusparseContext &h, int *p, int v);

/// A sparse matrix's entries in storage order, 0-based.
struct Entries {
  int64_t rows = 0, cols = 0;
  std::vector<int64_t> row, col;
  std::vector<double> val;
};
/// Entries of batch `b` of `m` (values read unless `structure` only).
Entries readSparse(const cusparseSpMatDescr &m, int b = 0, bool structure = false);
/// Writes batch `b`'s values, in storage order.
void writeSparseValues(const cusparseSpMatDescr &m, int b, const std::vector<double> &v);
/// The entries of op(A): the transpose swaps rows and columns (real types:
/// the conjugate transpose is the transpose).
Entries applyOp(Entries e, cusparseOperation_t op);

/// A dense matrix of batch `b`, element (r, c) at `at(r, c)`.
struct Dense {
  int64_t rows = 0, cols = 0, ld = 0;
  cusparseOrder_t order = CUSPARSE_ORDER_COL;
  std::vector<double> v;
  size_t at(int64_t r, int64_t c) const {
    return size_t(order == CUSPARSE_ORDER_COL ? c * ld + r : r * ld + c);
  }
  /// Element (r, c) of op(this).
  double op(cusparseOperation_t o, int64_t r, int64_t c) const {
    return o == CUSPARSE_OPERATION_NON_TRANSPOSE ? v[at(r, c)] : v[at(c, r)];
  }
};
Dense readDense(const cusparseDnMatDescr &m, int b = 0);
void writeDense(const cusparseDnMatDescr &m, int b, const Dense &d);

/// The rows and columns of op(m).
inline int64_t opRows(cusparseOperation_t o, int64_t rows, int64_t cols) {
  return o == CUSPARSE_OPERATION_NON_TRANSPOSE ? rows : cols;
}

/// Refuses with `status` unless `ok`.
inline void require(bool ok, cusparseStatus_t status = CUSPARSE_STATUS_INVALID_VALUE) {
  if (!ok)
    throw Refused{status};
}
/// A compute type this library computes in (float or double).
void requireComputeType(cudaDataType type);

/// Runs a call's body: the handle checked, its stream waited for, a
/// refusal answered with its status.
cusparseStatus_t runCall(cusparseHandle_t h, void (*body)(cusparseContext &, void *), void *ctx);
template <class Body> cusparseStatus_t run(cusparseHandle_t h, Body &&body) {
  return runCall(
      h, [](cusparseContext &c, void *b) { (*static_cast<Body *>(b))(c); }, &body);
}
/// Runs a call without a handle (descriptors): a refusal's status.
template <class Body> cusparseStatus_t check(Body &&body) {
  try {
    body();
    return CUSPARSE_STATUS_SUCCESS;
  } catch (Refused r) {
    return r.status;
  }
}

/// The size a bufferSize query answers: no buffer is used, but programs
/// allocate what they are told and pass it back.
constexpr size_t kBufferBytes = 128;
/// A plain descriptor's create and destroy (SpSV, SpSM, SpGEMM, csrilu02).
template <class D> cusparseStatus_t createDescriptor(D **out) {
  if (!out)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *out = new D;
  return CUSPARSE_STATUS_SUCCESS;
}
template <class D> cusparseStatus_t destroyDescriptor(D *d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}

/// A bufferSize query's answer (kBufferBytes), the handle checked.
cusparseStatus_t answerBufferSize(cusparseHandle_t handle, size_t *bufferSize);

} // namespace simt::cusparse

#endif
