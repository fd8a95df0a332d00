// cuSPARSE (libcusparse, -lcusparse; runtime/cusparse) as programs use it,
// against dense arithmetic on the host: each sparse matrix is also kept
// dense, and every result is recomputed from the dense form in long double
// (bounds: 1e-4 relative in float, 1e-11 in double).
// - SpMV with CSR (float, op N and T), COO (double, 1-based), CSC and
//   64-bit indices; alpha and beta in device memory (pointer mode device).
// - SpMM with column- and row-major B and C, op(B) transposed; SDDMM in a
//   strided batch of two; SpGEMM's estimate, compute, copy protocol.
// - SparseToDense, DenseToSparse (the analysis gives the nnz, then CSR's
//   arrays are set and filled), Csr2cscEx2, Snnz by rows and columns.
// - SpSV lower non-unit, and upper with a unit diagonal through op T;
//   SpSM with two right-hand sides.
// - Axpby, Gather, Scatter, SpVV; Xcsrsort and XcoosortByRow with their
//   permutations;
//   csrilu02 against ILU(0) computed densely (KIJ order) and its zero
//   pivot for a 1-based matrix whose row 3 (0-based) has no diagonal: 4.
// - A kernel consuming SpMV's result on the handle's stream; errors.
// RUN: simt-nvcc -O2 %s -o %t -lcusparse && %t | FileCheck %s
// CHECK: spmv: 0 bad of 5
// CHECK-NEXT: spmm: 0 bad of 3
// CHECK-NEXT: sddmm: 0 bad of 2
// CHECK-NEXT: spgemm: nnz ok 1, 0 bad of 1
// CHECK-NEXT: conversions: 0 bad of 5
// CHECK-NEXT: solves: 0 bad of 3
// CHECK-NEXT: vectors: 0 bad of 4
// CHECK-NEXT: csrsort: 0 bad of 3
// CHECK-NEXT: ilu0: 0 bad of 1, zero pivot 9 at 4
// CHECK-NEXT: stream: 0 bad of 1
// CHECK-NEXT: errors: 1 3 10 initialization error / CUSPARSE_STATUS_INVALID_VALUE
// CHECK-NEXT: version 12603
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cusparse.h>
#include <vector>

typedef long double Real;

static uint32_t seed = 12345;
static double rnd() { // in [-1, 1), multiples of 1/64: exact in float
  seed = seed * 1664525u + 1013904223u;
  return double(int(seed >> 25) - 64) / 64.0;
}

/// A dense m x n matrix (row-major) with about `fill` of its entries set.
struct Mat {
  int m, n;
  std::vector<double> a;
  double at(int i, int j) const { return a[size_t(i) * n + j]; }
};
static Mat randomSparse(int m, int n, double fill, bool diagonal = false) {
  Mat M{m, n, std::vector<double>(size_t(m) * n, 0.0)};
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      seed = seed * 1664525u + 1013904223u;
      if ((seed >> 8) % 1000 < fill * 1000 || (diagonal && i == j))
        M.a[size_t(i) * n + j] = i == j && diagonal ? 4 + rnd() : rnd() == 0 ? 0.5 : rnd();
    }
  return M;
}

template <class T> static T *toDevice(const std::vector<T> &v) {
  T *d = nullptr;
  cudaMalloc(&d, v.size() * sizeof(T) + 1);
  cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> v(n);
  cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return v;
}

/// CSR arrays of M (0- or 1-based).
struct Csr {
  std::vector<int> rowPtr, col;
  std::vector<double> val;
};
static Csr csrOf(const Mat &M, int base = 0) {
  Csr c;
  c.rowPtr.push_back(base);
  for (int i = 0; i < M.m; ++i) {
    for (int j = 0; j < M.n; ++j)
      if (M.at(i, j) != 0) {
        c.col.push_back(j + base);
        c.val.push_back(M.at(i, j));
      }
    c.rowPtr.push_back(int(c.col.size()) + base);
  }
  return c;
}
template <class T> static std::vector<T> as(const std::vector<double> &v) {
  return std::vector<T>(v.begin(), v.end());
}

static bool close(Real got, Real want, bool isFloat, Real scale = 1) {
  const Real tol = (isFloat ? 1e-4L : 1e-11L) * (scale > 1 ? scale : 1);
  return std::fabs(got - want) <= tol * (std::fabs(want) > 1 ? std::fabs(want) : 1);
}
template <class T> static int countBad(const std::vector<T> &got, const std::vector<Real> &want) {
  int bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    bad += !close(got[i], want[i], sizeof(T) == 4, 8);
  return bad ? 1 : 0;
}

/// y = alpha op(M) x + beta y on the host.
static std::vector<Real> mv(const Mat &M, bool trans, double alpha, const std::vector<double> &x,
                            double beta, const std::vector<double> &y) {
  const int rows = trans ? M.n : M.m, cols = trans ? M.m : M.n;
  std::vector<Real> out(rows);
  for (int i = 0; i < rows; ++i) {
    Real s = 0;
    for (int j = 0; j < cols; ++j)
      s += Real(trans ? M.at(j, i) : M.at(i, j)) * x[j];
    out[i] = alpha * s + beta * y[i];
  }
  return out;
}

static cusparseHandle_t H;

static int spmvChecks() {
  int bad = 0;
  const Mat A = randomSparse(37, 29, 0.15);
  const Csr c = csrOf(A);
  std::vector<double> x(37), y(37);
  for (double &v : x)
    v = rnd();
  for (double &v : y)
    v = rnd();
  // CSR float, op N and op T.
  for (int trans = 0; trans < 2; ++trans) {
    const int rows = trans ? A.n : A.m, cols = trans ? A.m : A.n;
    const std::vector<double> xs(x.begin(), x.begin() + cols), ys(y.begin(), y.begin() + rows);
    int *dRow = toDevice(c.rowPtr), *dCol = toDevice(c.col);
    float *dVal = toDevice(as<float>(c.val)), *dX = toDevice(as<float>(xs)),
          *dY = toDevice(as<float>(ys));
    cusparseSpMatDescr_t mA;
    cusparseDnVecDescr_t vX, vY;
    cusparseCreateCsr(&mA, A.m, A.n, c.val.size(), dRow, dCol, dVal, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnVec(&vX, cols, dX, CUDA_R_32F);
    cusparseCreateDnVec(&vY, rows, dY, CUDA_R_32F);
    const float alpha = 1.5f, beta = -0.5f;
    size_t bytes = 0;
    const cusparseOperation_t op =
        trans ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
    cusparseSpMV_bufferSize(H, op, &alpha, mA, vX, &beta, vY, CUDA_R_32F,
                            CUSPARSE_SPMV_ALG_DEFAULT, &bytes);
    void *buf = nullptr;
    cudaMalloc(&buf, bytes);
    bad += cusparseSpMV(H, op, &alpha, mA, vX, &beta, vY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
                        buf) != CUSPARSE_STATUS_SUCCESS;
    bad += countBad(toHost(dY, rows), mv(A, trans, alpha, xs, beta, ys));
    cusparseDestroySpMat(mA);
    cusparseDestroyDnVec(vX);
    cusparseDestroyDnVec(vY);
  }
  // COO double, 1-based, alpha and beta in device memory.
  {
    std::vector<int> r, cl;
    std::vector<double> v;
    for (int i = 0; i < A.m; ++i)
      for (int j = 0; j < A.n; ++j)
        if (A.at(i, j) != 0) {
          r.push_back(i + 1);
          cl.push_back(j + 1);
          v.push_back(A.at(i, j));
        }
    const std::vector<double> xs(x.begin(), x.begin() + A.n), ys(y.begin(), y.begin() + A.m);
    double *dX = toDevice(xs), *dY = toDevice(ys), *dAB = toDevice(std::vector<double>{2.0, 0.25});
    cusparseSpMatDescr_t mA;
    cusparseDnVecDescr_t vX, vY;
    cusparseCreateCoo(&mA, A.m, A.n, v.size(), toDevice(r), toDevice(cl), toDevice(v),
                      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F);
    cusparseCreateDnVec(&vX, A.n, dX, CUDA_R_64F);
    cusparseCreateDnVec(&vY, A.m, dY, CUDA_R_64F);
    cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_DEVICE);
    cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, dAB, mA, vX, dAB + 1, vY, CUDA_R_64F,
                 CUSPARSE_SPMV_COO_ALG1, nullptr);
    cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_HOST);
    bad += countBad(toHost(dY, A.m), mv(A, false, 2.0, xs, 0.25, ys));
    cusparseDestroySpMat(mA);
  }
  // CSC (the CSR of the transpose) and CSR with 64-bit indices, double.
  {
    Mat T{A.n, A.m, std::vector<double>(A.a.size())};
    for (int i = 0; i < A.m; ++i)
      for (int j = 0; j < A.n; ++j)
        T.a[size_t(j) * A.m + i] = A.at(i, j);
    const Csr t = csrOf(T);
    const std::vector<double> xs(x.begin(), x.begin() + A.n), ys(A.m, 7.0);
    double *dX = toDevice(xs), *dY = toDevice(ys);
    cusparseSpMatDescr_t mA;
    cusparseDnVecDescr_t vX, vY;
    cusparseCreateCsc(&mA, A.m, A.n, t.val.size(), toDevice(t.rowPtr), toDevice(t.col),
                      toDevice(t.val), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
    cusparseCreateDnVec(&vX, A.n, dX, CUDA_R_64F);
    cusparseCreateDnVec(&vY, A.m, dY, CUDA_R_64F);
    const double one = 1, zero = 0;
    cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, mA, vX, &zero, vY, CUDA_R_64F,
                 CUSPARSE_SPMV_ALG_DEFAULT, nullptr);
    bad += countBad(toHost(dY, A.m), mv(A, false, 1, xs, 0, ys));
    std::vector<int64_t> r64(c.rowPtr.begin(), c.rowPtr.end()), c64(c.col.begin(), c.col.end());
    cusparseSpMatDescr_t m64;
    cusparseCreateCsr(&m64, A.m, A.n, c.val.size(), toDevice(r64), toDevice(c64),
                      toDevice(c.val), CUSPARSE_INDEX_64I, CUSPARSE_INDEX_64I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
    cudaMemcpy(dY, ys.data(), ys.size() * 8, cudaMemcpyHostToDevice);
    const double three = 3;
    cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, m64, vX, &three, vY, CUDA_R_64F,
                 CUSPARSE_SPMV_CSR_ALG1, nullptr);
    bad += countBad(toHost(dY, A.m), mv(A, false, 1, xs, 3, ys));
  }
  return bad;
}

/// Dense m x n values in the given order with leading dimension ld.
static std::vector<double> denseOf(const Mat &M, bool rowMajor, int ld) {
  std::vector<double> v(size_t(ld) * (rowMajor ? M.m : M.n), -99.0);
  for (int i = 0; i < M.m; ++i)
    for (int j = 0; j < M.n; ++j)
      v[rowMajor ? size_t(i) * ld + j : size_t(j) * ld + i] = M.at(i, j);
  return v;
}

static int spmmChecks() {
  int bad = 0;
  const Mat A = randomSparse(13, 11, 0.3);
  const Csr c = csrOf(A);
  for (int variant = 0; variant < 3; ++variant) {
    const bool rowMajor = variant == 1, transB = variant == 2;
    const int n = 5;
    const Mat B = randomSparse(transB ? n : A.n, transB ? A.n : n, 1.0);
    const Mat C0 = randomSparse(A.m, n, 1.0);
    const int ldb = (rowMajor ? B.n : B.m) + 2, ldc = (rowMajor ? n : A.m) + 1;
    float *dB = toDevice(as<float>(denseOf(B, rowMajor, ldb)));
    std::vector<double> c0 = denseOf(C0, rowMajor, ldc);
    float *dC = toDevice(as<float>(c0));
    const cusparseOrder_t order = rowMajor ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL;
    cusparseSpMatDescr_t mA;
    cusparseDnMatDescr_t mB, mC;
    cusparseCreateCsr(&mA, A.m, A.n, c.val.size(), toDevice(c.rowPtr), toDevice(c.col),
                      toDevice(as<float>(c.val)), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnMat(&mB, B.m, B.n, ldb, dB, CUDA_R_32F, order);
    cusparseCreateDnMat(&mC, A.m, n, ldc, dC, CUDA_R_32F, order);
    const float alpha = 0.75f, beta = 2.0f;
    bad += cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
                        transB ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE,
                        &alpha, mA, mB, &beta, mC, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT,
                        nullptr) != CUSPARSE_STATUS_SUCCESS;
    std::vector<Real> want(c0.begin(), c0.end()); // padding stays as it was
    for (int i = 0; i < A.m; ++i)
      for (int j = 0; j < n; ++j) {
        Real s = 0;
        for (int k = 0; k < A.n; ++k)
          s += Real(A.at(i, k)) * (transB ? B.at(j, k) : B.at(k, j));
        want[rowMajor ? size_t(i) * ldc + j : size_t(j) * ldc + i] = alpha * s + beta * C0.at(i, j);
      }
    bad += countBad(toHost(dC, c0.size()), want);
  }
  return bad;
}

static int sddmmChecks() {
  const int m = 9, n = 7, k = 4, batches = 2;
  const Mat P = randomSparse(m, n, 0.4); // C's pattern and initial values
  const Csr c = csrOf(P);
  const int nnz = int(c.val.size());
  std::vector<double> a, b, cv;
  std::vector<int> cols; // columns and values share the batch stride
  std::vector<Mat> As, Bs;
  for (int t = 0; t < batches; ++t) {
    As.push_back(randomSparse(m, k, 1.0));
    Bs.push_back(randomSparse(k, n, 1.0));
    const std::vector<double> da = denseOf(As[t], true, k), db = denseOf(Bs[t], true, n);
    a.insert(a.end(), da.begin(), da.end());
    b.insert(b.end(), db.begin(), db.end());
    cv.insert(cv.end(), c.val.begin(), c.val.end());
    cols.insert(cols.end(), c.col.begin(), c.col.end());
  }
  double *dC = toDevice(cv);
  cusparseDnMatDescr_t mA, mB;
  cusparseSpMatDescr_t mC;
  cusparseCreateDnMat(&mA, m, k, k, toDevice(a), CUDA_R_64F, CUSPARSE_ORDER_ROW);
  cusparseCreateDnMat(&mB, k, n, n, toDevice(b), CUDA_R_64F, CUSPARSE_ORDER_ROW);
  cusparseDnMatSetStridedBatch(mA, batches, m * k);
  cusparseDnMatSetStridedBatch(mB, batches, k * n);
  cusparseCreateCsr(&mC, m, n, nnz, toDevice(c.rowPtr), toDevice(cols), dC, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
  cusparseCsrSetStridedBatch(mC, batches, 0, nnz);
  const double alpha = 1.25, beta = -1;
  size_t bytes = 0;
  cusparseSDDMM_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                           &alpha, mA, mB, &beta, mC, CUDA_R_64F, CUSPARSE_SDDMM_ALG_DEFAULT,
                           &bytes);
  void *buf;
  cudaMalloc(&buf, bytes);
  cusparseSDDMM_preprocess(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                           &alpha, mA, mB, &beta, mC, CUDA_R_64F, CUSPARSE_SDDMM_ALG_DEFAULT,
                           buf);
  cusparseSDDMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mA,
                mB, &beta, mC, CUDA_R_64F, CUSPARSE_SDDMM_ALG_DEFAULT, buf);
  const std::vector<double> got = toHost(dC, cv.size());
  int bad = 0;
  for (int t = 0; t < batches; ++t) {
    std::vector<Real> want;
    for (int i = 0; i < m; ++i)
      for (int e = c.rowPtr[i]; e < c.rowPtr[i + 1]; ++e) {
        Real s = 0;
        for (int l = 0; l < k; ++l)
          s += Real(As[t].at(i, l)) * Bs[t].at(l, c.col[e]);
        want.push_back(alpha * s + beta * c.val[e]);
      }
    bad += countBad(std::vector<double>(got.begin() + t * nnz, got.begin() + (t + 1) * nnz), want);
  }
  return bad;
}

static int spgemmChecks(int *nnzOk) {
  const Mat A = randomSparse(12, 10, 0.2), B = randomSparse(10, 14, 0.2);
  const Csr a = csrOf(A), b = csrOf(B);
  cusparseSpMatDescr_t mA, mB, mC;
  cusparseCreateCsr(&mA, A.m, A.n, a.val.size(), toDevice(a.rowPtr), toDevice(a.col),
                    toDevice(as<float>(a.val)), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateCsr(&mB, B.m, B.n, b.val.size(), toDevice(b.rowPtr), toDevice(b.col),
                    toDevice(as<float>(b.val)), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  int *dCRow;
  cudaMalloc(&dCRow, (A.m + 1) * sizeof(int));
  cusparseCreateCsr(&mC, A.m, B.n, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseSpGEMMDescr_t d;
  cusparseSpGEMM_createDescr(&d);
  const float alpha = 2, beta = 0;
  const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
  size_t bytes1 = 0, bytes2 = 0;
  void *buf1 = nullptr, *buf2 = nullptr;
  cusparseSpGEMM_workEstimation(H, N, N, &alpha, mA, mB, &beta, mC, CUDA_R_32F,
                                CUSPARSE_SPGEMM_DEFAULT, d, &bytes1, nullptr);
  cudaMalloc(&buf1, bytes1);
  cusparseSpGEMM_workEstimation(H, N, N, &alpha, mA, mB, &beta, mC, CUDA_R_32F,
                                CUSPARSE_SPGEMM_DEFAULT, d, &bytes1, buf1);
  cusparseSpGEMM_compute(H, N, N, &alpha, mA, mB, &beta, mC, CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT,
                         d, &bytes2, nullptr);
  cudaMalloc(&buf2, bytes2);
  cusparseSpGEMM_compute(H, N, N, &alpha, mA, mB, &beta, mC, CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT,
                         d, &bytes2, buf2);
  int64_t rows, cols, nnz;
  cusparseSpMatGetSize(mC, &rows, &cols, &nnz);
  int *dCCol;
  float *dCVal;
  cudaMalloc(&dCCol, nnz * sizeof(int));
  cudaMalloc(&dCVal, nnz * sizeof(float));
  cusparseCsrSetPointers(mC, dCRow, dCCol, dCVal);
  cusparseSpGEMM_copy(H, N, N, &alpha, mA, mB, &beta, mC, CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT, d);
  // The product's pattern: every (i, j) some k joins, whatever the sum.
  std::vector<Real> want(size_t(A.m) * B.n, 0);
  std::vector<bool> reached(want.size(), false);
  int expectNnz = 0;
  for (int i = 0; i < A.m; ++i)
    for (int j = 0; j < B.n; ++j) {
      for (int k = 0; k < A.n; ++k)
        if (A.at(i, k) != 0 && B.at(k, j) != 0) {
          want[size_t(i) * B.n + j] += alpha * Real(A.at(i, k)) * B.at(k, j);
          reached[size_t(i) * B.n + j] = true;
        }
      expectNnz += reached[size_t(i) * B.n + j];
    }
  *nnzOk = rows == A.m && cols == B.n && nnz == expectNnz;
  const std::vector<int> rp = toHost(dCRow, A.m + 1), cc = toHost(dCCol, nnz);
  const std::vector<float> cv = toHost(dCVal, nnz);
  std::vector<Real> got(want.size(), 0);
  bool shape = rp[0] == 0 && rp[A.m] == nnz;
  for (int i = 0; i < A.m; ++i)
    for (int e = rp[i]; e < rp[i + 1]; ++e) {
      shape = shape && reached[size_t(i) * B.n + cc[e]] && (e == rp[i] || cc[e - 1] < cc[e]);
      got[size_t(i) * B.n + cc[e]] = cv[e];
    }
  return countBad(got, want) + !shape;
}

static int conversionChecks() {
  int bad = 0;
  const Mat A = randomSparse(8, 6, 0.35);
  const Csr c = csrOf(A);
  // SparseToDense into column-major with ld 10.
  {
    double *dD = toDevice(std::vector<double>(60, 5.0));
    cusparseSpMatDescr_t mA;
    cusparseDnMatDescr_t mD;
    cusparseCreateCsr(&mA, 8, 6, c.val.size(), toDevice(c.rowPtr), toDevice(c.col),
                      toDevice(c.val), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
    cusparseCreateDnMat(&mD, 8, 6, 10, dD, CUDA_R_64F, CUSPARSE_ORDER_COL);
    size_t bytes;
    cusparseSparseToDense_bufferSize(H, mA, mD, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &bytes);
    cusparseSparseToDense(H, mA, mD, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, nullptr);
    std::vector<double> want0 = denseOf(A, false, 10);
    for (int j = 0; j < 6; ++j)
      for (int i = 8; i < 10; ++i)
        want0[j * 10 + i] = 5.0; // the rows between columns stay
    bad += countBad(toHost(dD, 60), std::vector<Real>(want0.begin(), want0.end()));
  }
  // DenseToSparse (row-major float) into CSR: analysis, then the arrays.
  {
    float *dD = toDevice(as<float>(denseOf(A, true, 6)));
    int *dRow;
    cudaMalloc(&dRow, 9 * sizeof(int));
    cusparseDnMatDescr_t mD;
    cusparseSpMatDescr_t mS;
    cusparseCreateDnMat(&mD, 8, 6, 6, dD, CUDA_R_32F, CUSPARSE_ORDER_ROW);
    cusparseCreateCsr(&mS, 8, 6, 0, dRow, nullptr, nullptr, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseDenseToSparse_analysis(H, mD, mS, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, nullptr);
    int64_t r, cl, nnz;
    cusparseSpMatGetSize(mS, &r, &cl, &nnz);
    int *dCol;
    float *dVal;
    cudaMalloc(&dCol, nnz * sizeof(int));
    cudaMalloc(&dVal, nnz * sizeof(float));
    cusparseCsrSetPointers(mS, dRow, dCol, dVal);
    cusparseDenseToSparse_convert(H, mD, mS, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, nullptr);
    bad += nnz != int64_t(c.val.size()) || toHost(dRow, 9) != c.rowPtr ||
           toHost(dCol, nnz) != c.col;
    bad += countBad(toHost(dVal, nnz), std::vector<Real>(c.val.begin(), c.val.end()));
  }
  // Csr2cscEx2: the CSC arrays are the transpose's CSR (1-based here).
  {
    const Csr one = csrOf(A, 1);
    Mat T{6, 8, std::vector<double>(48)};
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 6; ++j)
        T.a[j * 8 + i] = A.at(i, j);
    const Csr t = csrOf(T, 1);
    const int nnz = int(one.val.size());
    int *dColPtr, *dRowInd;
    double *dVal;
    cudaMalloc(&dColPtr, 7 * sizeof(int));
    cudaMalloc(&dRowInd, nnz * sizeof(int));
    cudaMalloc(&dVal, nnz * sizeof(double));
    size_t bytes;
    cusparseCsr2cscEx2_bufferSize(H, 8, 6, nnz, toDevice(one.val), toDevice(one.rowPtr),
                                  toDevice(one.col), dVal, dColPtr, dRowInd, CUDA_R_64F,
                                  CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ONE,
                                  CUSPARSE_CSR2CSC_ALG1, &bytes);
    cusparseCsr2cscEx2(H, 8, 6, nnz, toDevice(one.val), toDevice(one.rowPtr), toDevice(one.col),
                       dVal, dColPtr, dRowInd, CUDA_R_64F, CUSPARSE_ACTION_NUMERIC,
                       CUSPARSE_INDEX_BASE_ONE, CUSPARSE_CSR2CSC_ALG1, nullptr);
    bad += toHost(dColPtr, 7) != t.rowPtr || toHost(dRowInd, nnz) != t.col ||
           toHost(dVal, nnz) != t.val;
  }
  // Snnz per row and per column, with the total in host memory.
  {
    float *dA = toDevice(as<float>(denseOf(A, false, 9)));
    int *dPer;
    cudaMalloc(&dPer, 8 * sizeof(int));
    cusparseMatDescr_t d;
    cusparseCreateMatDescr(&d);
    int total = -1, bad2 = 0;
    for (int dir = 0; dir < 2; ++dir) {
      cusparseSnnz(H, dir ? CUSPARSE_DIRECTION_COLUMN : CUSPARSE_DIRECTION_ROW, 8, 6, d, dA, 9,
                   dPer, &total);
      const std::vector<int> got = toHost(dPer, dir ? 6 : 8);
      for (int i = 0; i < (dir ? 6 : 8); ++i) {
        int want = 0;
        for (int j = 0; j < (dir ? 8 : 6); ++j)
          want += (dir ? A.at(j, i) : A.at(i, j)) != 0;
        bad2 += got[i] != want;
      }
      bad2 += total != int(c.val.size());
    }
    bad += bad2 != 0;
    cusparseDestroyMatDescr(d);
  }
  return bad;
}

/// Solves op(L) y = alpha b densely: op's triangle only, unit or not.
static std::vector<Real> triSolve(const Mat &M, bool lowerOfOp, bool trans, bool unit,
                                  double alpha, const std::vector<double> &b) {
  const int n = M.m;
  std::vector<Real> y(n);
  for (int s = 0; s < n; ++s) {
    const int i = lowerOfOp ? s : n - 1 - s;
    Real v = alpha * b[i];
    for (int j = 0; j < n; ++j) {
      const double a = trans ? M.at(j, i) : M.at(i, j);
      if (j != i && (j < i) == lowerOfOp)
        v -= a * y[j];
    }
    y[i] = unit ? v : v / (trans ? M.at(i, i) : M.at(i, i));
  }
  return y;
}

static int solveChecks() {
  int bad = 0;
  const int n = 16;
  const Mat A = randomSparse(n, n, 0.3, true); // a full diagonal; both triangles set
  const Csr c = csrOf(A);
  std::vector<double> b(n);
  for (double &v : b)
    v = rnd();
  double *dB = toDevice(b);
  for (int variant = 0; variant < 2; ++variant) {
    // 0: lower, non-unit, op N. 1: the upper triangle with a unit diagonal
    // through op T of a matrix marked lower.
    double *dY = toDevice(std::vector<double>(n, 0.0));
    cusparseSpMatDescr_t mA;
    cusparseDnVecDescr_t vB, vY;
    cusparseCreateCsr(&mA, n, n, c.val.size(), toDevice(c.rowPtr), toDevice(c.col),
                      toDevice(c.val), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
    cusparseFillMode_t fill = CUSPARSE_FILL_MODE_LOWER;
    cusparseDiagType_t diag = variant ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT;
    cusparseSpMatSetAttribute(mA, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof fill);
    cusparseSpMatSetAttribute(mA, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof diag);
    cusparseCreateDnVec(&vB, n, dB, CUDA_R_64F);
    cusparseCreateDnVec(&vY, n, dY, CUDA_R_64F);
    cusparseSpSVDescr_t d;
    cusparseSpSV_createDescr(&d);
    const double alpha = 0.5;
    const cusparseOperation_t op =
        variant ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
    size_t bytes;
    cusparseSpSV_bufferSize(H, op, &alpha, mA, vB, vY, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, d,
                            &bytes);
    cusparseSpSV_analysis(H, op, &alpha, mA, vB, vY, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, d,
                          nullptr);
    cusparseSpSV_solve(H, op, &alpha, mA, vB, vY, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, d);
    bad += countBad(toHost(dY, n), triSolve(A, !variant, variant, variant, alpha, b));
    cusparseSpSV_destroyDescr(d);
  }
  // SpSM: lower non-unit, two right-hand sides, column-major, float.
  {
    const int k = 2;
    std::vector<double> bb(size_t(n) * k);
    for (double &v : bb)
      v = rnd();
    float *dBB = toDevice(as<float>(bb)), *dC = toDevice(std::vector<float>(size_t(n) * k));
    cusparseSpMatDescr_t mA;
    cusparseDnMatDescr_t mB, mC;
    cusparseCreateCsr(&mA, n, n, c.val.size(), toDevice(c.rowPtr), toDevice(c.col),
                      toDevice(as<float>(c.val)), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnMat(&mB, n, k, n, dBB, CUDA_R_32F, CUSPARSE_ORDER_COL);
    cusparseCreateDnMat(&mC, n, k, n, dC, CUDA_R_32F, CUSPARSE_ORDER_COL);
    cusparseSpSMDescr_t d;
    cusparseSpSM_createDescr(&d);
    const float alpha = 1;
    const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
    cusparseSpSM_analysis(H, N, N, &alpha, mA, mB, mC, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, d,
                          nullptr);
    cusparseSpSM_solve(H, N, N, &alpha, mA, mB, mC, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, d);
    std::vector<Real> want;
    for (int j = 0; j < k; ++j) {
      const std::vector<Real> col = triSolve(
          A, true, false, false, 1, std::vector<double>(bb.begin() + j * n, bb.begin() + (j + 1) * n));
      want.insert(want.end(), col.begin(), col.end());
    }
    bad += countBad(toHost(dC, size_t(n) * k), want);
  }
  return bad;
}

static int vectorChecks() {
  int bad = 0;
  const int size = 20;
  const std::vector<int> idx = {1, 4, 5, 11, 19};
  const std::vector<float> xv = {1.5f, -2, 0.25f, 3, -1};
  std::vector<float> y(size);
  for (float &v : y)
    v = float(rnd());
  int *dI = toDevice(idx);
  float *dX = toDevice(xv), *dY = toDevice(y);
  cusparseSpVecDescr_t vX;
  cusparseDnVecDescr_t vY;
  cusparseCreateSpVec(&vX, size, 5, dI, dX, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                      CUDA_R_32F);
  cusparseCreateDnVec(&vY, size, dY, CUDA_R_32F);
  // SpVV: x . y.
  float dot = 0;
  cusparseSpVV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, vX, vY, &dot, CUDA_R_32F, nullptr);
  Real wantDot = 0;
  for (int i = 0; i < 5; ++i)
    wantDot += Real(xv[i]) * y[idx[i]];
  bad += !close(dot, wantDot, true);
  // Axpby: y = 2 x + 0.5 y.
  const float alpha = 2, beta = 0.5f;
  cusparseAxpby(H, &alpha, vX, &beta, vY);
  std::vector<Real> want(y.begin(), y.end());
  for (Real &v : want)
    v *= beta;
  for (int i = 0; i < 5; ++i)
    want[idx[i]] += alpha * xv[i];
  bad += countBad(toHost(dY, size), want);
  // Gather: x = y at the indices.
  cusparseGather(H, vY, vX);
  std::vector<Real> gathered;
  for (int i : idx)
    gathered.push_back(want[i]);
  bad += countBad(toHost(dX, 5), gathered);
  // Scatter into zeros.
  cudaMemset(dY, 0, size * sizeof(float));
  cusparseScatter(H, vX, vY);
  std::vector<Real> scattered(size, 0);
  for (int i = 0; i < 5; ++i)
    scattered[idx[i]] = gathered[i];
  bad += countBad(toHost(dY, size), scattered);
  return bad;
}

static int csrsortChecks() {
  // Rows with shuffled columns; P starts as the identity and values are
  // gathered through it afterwards (the usual idiom).
  const std::vector<int> rowPtr = {0, 3, 3, 7, 9};
  const std::vector<int> col = {4, 0, 2, 5, 1, 3, 0, 2, 1};
  const std::vector<double> val = {40, 0, 20, 125, 101, 103, 100, 302, 301};
  int *dRow = toDevice(rowPtr), *dCol = toDevice(col), *dP;
  cudaMalloc(&dP, 9 * sizeof(int));
  size_t bytes;
  cusparseXcsrsort_bufferSizeExt(H, 4, 6, 9, dRow, dCol, &bytes);
  cusparseCreateIdentityPermutation(H, 9, dP);
  cusparseMatDescr_t d;
  cusparseCreateMatDescr(&d);
  cusparseXcsrsort(H, 4, 6, 9, d, dRow, dCol, dP, nullptr);
  const std::vector<int> sorted = toHost(dCol, 9), p = toHost(dP, 9);
  int bad = sorted != std::vector<int>{0, 2, 4, 0, 1, 3, 5, 1, 2};
  // P carries each entry's old position: gathering the values through it
  // gives them in the sorted order.
  const std::vector<double> sortedVal = {0, 20, 40, 100, 101, 103, 125, 301, 302};
  bool kept = true;
  for (int k = 0; k < 9; ++k)
    kept = kept && val[p[k]] == sortedVal[k];
  bad += !kept;
  // coosortByRow: entries by (row, column), P following them.
  const std::vector<int> rows = {2, 0, 1, 0, 2}, cols = {1, 3, 0, 1, 0};
  int *dR = toDevice(rows), *dC = toDevice(cols), *dQ;
  cudaMalloc(&dQ, 5 * sizeof(int));
  cusparseCreateIdentityPermutation(H, 5, dQ);
  cusparseXcoosort_bufferSizeExt(H, 3, 4, 5, dR, dC, &bytes);
  cusparseXcoosortByRow(H, 3, 4, 5, dR, dC, dQ, nullptr);
  bad += toHost(dR, 5) != std::vector<int>{0, 0, 1, 2, 2} ||
         toHost(dC, 5) != std::vector<int>{1, 3, 0, 0, 1} ||
         toHost(dQ, 5) != std::vector<int>{3, 1, 2, 4, 0};
  return bad;
}

static int iluChecks(int *status, int *where) {
  const int n = 12;
  Mat A = randomSparse(n, n, 0.3, true);
  const Csr c = csrOf(A);
  double *dV = toDevice(c.val);
  cusparseMatDescr_t d;
  cusparseCreateMatDescr(&d);
  csrilu02Info_t info;
  cusparseCreateCsrilu02Info(&info);
  int bytes = 0;
  cusparseDcsrilu02_bufferSize(H, n, c.val.size(), d, dV, toDevice(c.rowPtr), toDevice(c.col),
                               info, &bytes);
  int *dRow = toDevice(c.rowPtr), *dCol = toDevice(c.col);
  cusparseDcsrilu02_analysis(H, n, c.val.size(), d, dV, dRow, dCol, info,
                             CUSPARSE_SOLVE_POLICY_USE_LEVEL, nullptr);
  int pos = 0;
  int bad = cusparseXcsrilu02_zeroPivot(H, info, &pos) != CUSPARSE_STATUS_SUCCESS || pos != -1;
  cusparseDcsrilu02(H, n, c.val.size(), d, dV, dRow, dCol, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL,
                    nullptr);
  // ILU(0) densely, in KIJ order over A's pattern.
  std::vector<Real> a(A.a.begin(), A.a.end());
  const auto in = [&](int i, int j) { return A.at(i, j) != 0; };
  for (int k = 0; k < n; ++k)
    for (int i = k + 1; i < n; ++i)
      if (in(i, k)) {
        a[i * n + k] /= a[k * n + k];
        for (int j = k + 1; j < n; ++j)
          if (in(i, j) && in(k, j))
            a[i * n + j] -= a[i * n + k] * a[k * n + j];
      }
  std::vector<Real> want;
  for (int i = 0; i < n; ++i)
    for (int e = c.rowPtr[i]; e < c.rowPtr[i + 1]; ++e)
      want.push_back(a[i * n + c.col[e]]);
  bad += countBad(toHost(dV, c.val.size()), want);
  // A matrix whose row 3 has no diagonal entry, given 1-based: a
  // structural zero pivot, reported in the matrix's base (row 4).
  A.a[3 * n + 3] = 0;
  const Csr z = csrOf(A, 1);
  cusparseSetMatIndexBase(d, CUSPARSE_INDEX_BASE_ONE);
  cusparseDcsrilu02_analysis(H, n, z.val.size(), d, toDevice(z.val), toDevice(z.rowPtr),
                             toDevice(z.col), info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, nullptr);
  *status = cusparseXcsrilu02_zeroPivot(H, info, where);
  cusparseDestroyCsrilu02Info(info);
  return bad ? 1 : 0;
}

__global__ void twice(const float *y, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * y[i];
}

static int streamCheck() {
  // SpMV on a stream after a kernel that writes x, then a kernel reading y.
  cudaStream_t s;
  cudaStreamCreate(&s);
  cusparseSetStream(H, s);
  const Mat A = randomSparse(40, 40, 0.1, true);
  const Csr c = csrOf(A);
  std::vector<double> x(40);
  for (double &v : x)
    v = rnd();
  float *dX0 = toDevice(as<float>(x)), *dX, *dY, *dOut;
  cudaMalloc(&dX, 40 * sizeof(float));
  cudaMalloc(&dY, 40 * sizeof(float));
  cudaMalloc(&dOut, 40 * sizeof(float));
  twice<<<1, 64, 0, s>>>(dX0, dX, 40); // x doubled
  cusparseSpMatDescr_t mA;
  cusparseDnVecDescr_t vX, vY;
  cusparseCreateCsr(&mA, 40, 40, c.val.size(), toDevice(c.rowPtr), toDevice(c.col),
                    toDevice(as<float>(c.val)), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vX, 40, dX, CUDA_R_32F);
  cusparseCreateDnVec(&vY, 40, dY, CUDA_R_32F);
  const float one = 1, zero = 0;
  cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, mA, vX, &zero, vY, CUDA_R_32F,
               CUSPARSE_SPMV_ALG_DEFAULT, nullptr);
  twice<<<1, 64, 0, s>>>(dY, dOut, 40);
  cudaStreamSynchronize(s);
  std::vector<double> x2(x);
  for (double &v : x2)
    v *= 2;
  std::vector<Real> want = mv(A, false, 2, x2, 0, x2);
  cudaStream_t got;
  cusparseGetStream(H, &got);
  cusparseSetStream(H, 0);
  return countBad(toHost(dOut, 40), want) + (got != s);
}

int main() {
  cusparseCreate(&H);
  std::printf("spmv: %d bad of 5\n", spmvChecks());
  std::printf("spmm: %d bad of 3\n", spmmChecks());
  std::printf("sddmm: %d bad of 2\n", sddmmChecks());
  int nnzOk = 0;
  const int g = spgemmChecks(&nnzOk);
  std::printf("spgemm: nnz ok %d, %d bad of 1\n", nnzOk, g);
  std::printf("conversions: %d bad of 5\n", conversionChecks());
  std::printf("solves: %d bad of 3\n", solveChecks());
  std::printf("vectors: %d bad of 4\n", vectorChecks());
  std::printf("csrsort: %d bad of 3\n", csrsortChecks());
  int zs = 0, where = -7;
  const int ilu = iluChecks(&zs, &where);
  std::printf("ilu0: %d bad of 1, zero pivot %d at %d\n", ilu, zs, where);
  std::printf("stream: %d bad of 1\n", streamCheck());
  // Errors: no handle; a dense matrix whose ld is below its rows; a
  // complex value type. The texts are cuSPARSE's.
  cusparseDnMatDescr_t m;
  std::printf("errors: %d %d %d %s / %s\n",
              cusparseSpMV(nullptr, CUSPARSE_OPERATION_NON_TRANSPOSE, nullptr, nullptr, nullptr,
                           nullptr, nullptr, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr),
              cusparseCreateDnMat(&m, 4, 4, 3, nullptr, CUDA_R_32F, CUSPARSE_ORDER_COL),
              cusparseCreateDnMat(&m, 4, 4, 4, nullptr, CUDA_C_32F, CUSPARSE_ORDER_COL),
              cusparseGetErrorString(CUSPARSE_STATUS_NOT_INITIALIZED),
              cusparseGetErrorName(CUSPARSE_STATUS_INVALID_VALUE));
  int version = 0;
  cusparseGetVersion(H, &version);
  std::printf("version %d\n", version);
  cusparseDestroy(H);
  return 0;
}
