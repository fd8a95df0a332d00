//===-- Operands.cpp - cuSPARSE operands: typed arrays, entries, matrices -===//
#include "runtime/cusparse/Operands.h"
#include "runtime/LibraryCapture.h"

#include <cstdint>
#include <cstring>

namespace simt::cusparse {

void copyBytes(void *dst, const void *src, size_t bytes) {
  if (bytes && cudaMemcpy(dst, src, bytes, cudaMemcpyDefault) != cudaSuccess)
    throw Refused{CUSPARSE_STATUS_EXECUTION_FAILED};
}

size_t indexBytes(cusparseIndexType_t type) {
  switch (type) {
  case CUSPARSE_INDEX_16U: return 2;
  case CUSPARSE_INDEX_32I: return 4;
  case CUSPARSE_INDEX_64I: return 8;
  }
  throw Refused{CUSPARSE_STATUS_INVALID_VALUE};
}

size_t valueBytes(cudaDataType type) {
  switch (type) {
  case CUDA_R_32F: return 4;
  case CUDA_R_64F: return 8;
  default: throw Refused{CUSPARSE_STATUS_NOT_SUPPORTED};
  }
}

void requireComputeType(cudaDataType type) { (void)valueBytes(type); }

std::vector<int64_t> readIndices(const void *p, cusparseIndexType_t type, size_t n,
                                 int64_t base) {
  const size_t width = indexBytes(type);
  std::vector<unsigned char> raw(n * width);
  copyBytes(raw.data(), p, raw.size());
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    const unsigned char *e = raw.data() + i * width;
    if (width == 2) {
      uint16_t v;
      std::memcpy(&v, e, 2);
      out[i] = v;
    } else if (width == 4) {
      int32_t v;
      std::memcpy(&v, e, 4);
      out[i] = v;
    } else {
      std::memcpy(&out[i], e, 8);
    }
    out[i] -= base;
  }
  return out;
}

void writeIndices(void *p, cusparseIndexType_t type, const std::vector<int64_t> &v,
                  int64_t base) {
  const size_t width = indexBytes(type);
  std::vector<unsigned char> raw(v.size() * width);
  for (size_t i = 0; i < v.size(); ++i) {
    unsigned char *e = raw.data() + i * width;
    const int64_t x = v[i] + base;
    if (width == 2) {
      const uint16_t n = uint16_t(x);
      std::memcpy(e, &n, 2);
    } else if (width == 4) {
      const int32_t n = int32_t(x);
      std::memcpy(e, &n, 4);
    } else {
      std::memcpy(e, &x, 8);
    }
  }
  copyBytes(p, raw.data(), raw.size());
}

std::vector<double> readValues(const void *p, cudaDataType type, size_t n) {
  std::vector<double> out(n);
  if (valueBytes(type) == 8) {
    copyBytes(out.data(), p, n * 8);
    return out;
  }
  std::vector<float> f(n);
  copyBytes(f.data(), p, n * 4);
  for (size_t i = 0; i < n; ++i)
    out[i] = f[i];
  return out;
}

void writeValues(void *p, cudaDataType type, const std::vector<double> &v) {
  if (valueBytes(type) == 8)
    return copyBytes(p, v.data(), v.size() * 8);
  std::vector<float> f(v.begin(), v.end());
  copyBytes(p, f.data(), f.size() * 4);
}

double scalar(const cusparseContext &h, const void *p, cudaDataType type) {
  require(p != nullptr);
  if (h.pointerMode == CUSPARSE_POINTER_MODE_DEVICE)
    return readValues(p, type, 1)[0];
  return valueBytes(type) == 8 ? *static_cast<const double *>(p)
                               : *static_cast<const float *>(p);
}

void result(const cusparseContext &h, void *p, cudaDataType type, double v) {
  require(p != nullptr);
  if (h.pointerMode == CUSPARSE_POINTER_MODE_DEVICE)
    return writeValues(p, type, {v});
  if (valueBytes(type) == 8)
    *static_cast<double *>(p) = v;
  else
    *static_cast<float *>(p) = float(v);
}

void intResult(const cusparseContext &h, int *p, int v) {
  if (!p)
    return;
  if (h.pointerMode == CUSPARSE_POINTER_MODE_DEVICE)
    copyBytes(p, &v, sizeof v);
  else
    *p = v;
}

namespace {
/// Expands offsets (n + 1 of them, 0-based) to the major index of each entry.
std::vector<int64_t> expandOffsets(const std::vector<int64_t> &offsets, int64_t nnz) {
  std::vector<int64_t> major(size_t(nnz > 0 ? nnz : 0));
  for (size_t i = 0; i + 1 < offsets.size(); ++i)
    for (int64_t k = offsets[i]; k < offsets[i + 1]; ++k) {
      require(k >= 0 && k < nnz);
      major[size_t(k)] = int64_t(i);
    }
  return major;
}
} // namespace

Entries readSparse(const cusparseSpMatDescr &m, int b, bool structure) {
  Entries e;
  e.rows = m.rows;
  e.cols = m.cols;
  const size_t nnz = size_t(m.nnz);
  const int64_t base = m.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  const size_t entryOffset = size_t(b) * size_t(m.entriesBatchStride);
  const auto at = [](void *p, size_t elements, size_t bytes) {
    return static_cast<const char *>(p) + elements * bytes;
  };
  if (nnz) {
    require(m.indices != nullptr);
    std::vector<int64_t> minor =
        readIndices(at(m.indices, entryOffset, indexBytes(m.indexType)), m.indexType, nnz, base);
    std::vector<int64_t> major;
    if (m.format == CUSPARSE_FORMAT_COO) {
      require(m.rowIndices != nullptr);
      major = readIndices(at(m.rowIndices, entryOffset, indexBytes(m.indexType)), m.indexType,
                          nnz, base);
    } else {
      const int64_t n = m.format == CUSPARSE_FORMAT_CSR ? m.rows : m.cols;
      require(m.offsets != nullptr);
      const size_t offsetAt = size_t(b) * size_t(m.offsetsBatchStride);
      major = expandOffsets(readIndices(at(m.offsets, offsetAt, indexBytes(m.offsetType)),
                                        m.offsetType, size_t(n + 1), base),
                            m.nnz);
    }
    const bool csc = m.format == CUSPARSE_FORMAT_CSC;
    e.row = csc ? minor : major;
    e.col = csc ? major : minor;
    for (size_t k = 0; k < nnz; ++k)
      require(e.row[k] >= 0 && e.row[k] < m.rows && e.col[k] >= 0 && e.col[k] < m.cols);
  }
  if (!structure) {
    require(!nnz || m.values != nullptr);
    e.val = readValues(at(m.values, entryOffset, valueBytes(m.valueType)), m.valueType, nnz);
  }
  return e;
}

void writeSparseValues(const cusparseSpMatDescr &m, int b, const std::vector<double> &v) {
  char *p = static_cast<char *>(m.values) +
            size_t(b) * size_t(m.entriesBatchStride) * valueBytes(m.valueType);
  writeValues(p, m.valueType, v);
}

Entries applyOp(Entries e, cusparseOperation_t op) {
  if (op != CUSPARSE_OPERATION_NON_TRANSPOSE) {
    std::swap(e.row, e.col);
    std::swap(e.rows, e.cols);
  }
  return e;
}

namespace {
size_t denseSpan(const cusparseDnMatDescr &m) {
  if (m.rows <= 0 || m.cols <= 0)
    return 0;
  return m.order == CUSPARSE_ORDER_COL ? size_t(m.ld * (m.cols - 1) + m.rows)
                                       : size_t(m.ld * (m.rows - 1) + m.cols);
}
void *denseBatch(const cusparseDnMatDescr &m, int b) {
  return static_cast<char *>(m.values) +
         size_t(b) * size_t(m.batchStride) * valueBytes(m.valueType);
}
} // namespace

Dense readDense(const cusparseDnMatDescr &m, int b) {
  Dense d;
  d.rows = m.rows;
  d.cols = m.cols;
  d.ld = m.ld;
  d.order = m.order;
  const size_t span = denseSpan(m);
  require(!span || m.values != nullptr);
  d.v = readValues(denseBatch(m, b), m.valueType, span);
  return d;
}

void writeDense(const cusparseDnMatDescr &m, int b, const Dense &d) {
  writeValues(denseBatch(m, b), m.valueType, d.v);
}

cusparseStatus_t runCall(cusparseHandle_t h, void (*body)(cusparseContext &, void *), void *ctx) {
  if (!h)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (rt::refusedUnderCapture(h->stream, "cusparse", "CUSPARSE_STATUS_NOT_SUPPORTED"))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  try {
    if (cudaStreamSynchronize(h->stream) != cudaSuccess)
      return CUSPARSE_STATUS_EXECUTION_FAILED;
    body(*h, ctx);
    return CUSPARSE_STATUS_SUCCESS;
  } catch (Refused r) {
    return r.status;
  }
}

cusparseStatus_t answerBufferSize(cusparseHandle_t handle, size_t *bufferSize) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!bufferSize)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = kBufferBytes;
  return CUSPARSE_STATUS_SUCCESS;
}

} // namespace simt::cusparse
