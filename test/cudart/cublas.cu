// cuBLAS (libcublas, -lcublas; runtime/cublas) as a program uses it,
// against a reference BLAS written here in long double on the host (the
// reference BLAS's definitions: column-major operands, op(X) the transpose
// for T and C, 1-based amax/amin, increments that may be negative). Bounds:
// 1e-5 relative in float, 1e-13 in double.
// - sgemm/dgemm in all four transpose combinations with leading dimensions
//   larger than the rows, beta 0 over a C full of NaN (not read) and beta
//   nonzero; strided and pointer-array batches; gemmEx in float and double;
//   geam (a transpose), gemv both ways.
// - Level 1: amax, amin, asum, axpy, copy, dot, nrm2, scal, swap, with
//   increments 1, 2 and -1; dotEx and nrm2Ex in float and double.
// - Pointer modes: alpha and beta in device memory, a result written to
//   device memory. A stream: the handle waits for the kernel before it.
// - Transfers: cublasSetMatrix/GetMatrix with leading dimensions, strided
//   cublasSetVector/GetVector.
// - Errors: bad shapes and CUBLAS_OP_CONJG (INVALID_VALUE), a null handle
//   (NOT_INITIALIZED), gemmEx from float to half (NOT_SUPPORTED), the
//   status names.
// RUN: simt-nvcc -O2 %s -o %t -lcublas && %t | FileCheck %s
// CHECK: gemm: 0 bad of 16
// CHECK-NEXT: batched: 0 bad of 4
// CHECK-NEXT: gemmEx: 0 bad of 2
// CHECK-NEXT: geam gemv: 0 bad of 6
// CHECK-NEXT: level1: 0 bad of 36
// CHECK-NEXT: device pointers: 0 bad of 3
// CHECK-NEXT: stream: 0 bad of 1
// CHECK-NEXT: transfers: 0 bad of 2
// CHECK-NEXT: errors: 7 7 1 15 CUBLAS_STATUS_INVALID_VALUE
// CHECK-NEXT: version 130100
#include <cmath>
#include <cstdio>
#include <cublas_v2.h>
#include <vector>

typedef long double Real;

static int bad = 0, checks = 0;

template <class T> static bool close(Real got, Real want) {
  Real tol = sizeof(T) == 4 ? 1e-5L : 1e-13L;
  return std::fabs(got - want) <= tol * (1 + std::fabs(want));
}
template <class T> static void expect(const std::vector<T> &got, const std::vector<Real> &want) {
  ++checks;
  bool ok = got.size() == want.size();
  for (size_t i = 0; ok && i < got.size(); ++i)
    ok = std::isnan(double(want[i])) ? std::isnan(double(got[i])) : close<T>(got[i], want[i]);
  bad += !ok;
}
static void report(const char *what) {
  printf("%s: %d bad of %d\n", what, bad, checks);
  bad = checks = 0;
}

template <class T> static T *upload(const std::vector<T> &h) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T) + 1);
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> download(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}
template <class T> static std::vector<T> values(size_t n, int seed) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = T(((i * 37 + seed * 11) % 23) - 11) / T(7);
  return v;
}

// The reference: op(X)(i, j) of a column-major X with leading dimension ld.
template <class T>
static Real at(const std::vector<T> &x, int ld, cublasOperation_t op, int i, int j) {
  return op == CUBLAS_OP_N ? x[size_t(j) * ld + i] : x[size_t(i) * ld + j];
}
template <class T>
static std::vector<Real> refGemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                                 Real alpha, const std::vector<T> &a, int lda,
                                 const std::vector<T> &b, int ldb, Real beta,
                                 const std::vector<T> &c, int ldc) {
  std::vector<Real> out(c.begin(), c.end());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      Real sum = 0;
      for (int l = 0; l < k; ++l)
        sum += at(a, lda, ta, i, l) * at(b, ldb, tb, l, j);
      Real &o = out[size_t(j) * ldc + i];
      o = beta == 0 ? alpha * sum : alpha * sum + beta * o;
    }
  return out;
}

template <class T> struct Blas;
template <> struct Blas<float> {
  static constexpr auto gemm = cublasSgemm;
  static constexpr auto gemmStrided = cublasSgemmStridedBatched;
  static constexpr auto gemmBatched = cublasSgemmBatched;
  static constexpr auto geam = cublasSgeam;
  static constexpr auto gemv = cublasSgemv;
  static constexpr cudaDataType type = CUDA_R_32F;
  static constexpr cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
};
template <> struct Blas<double> {
  static constexpr auto gemm = cublasDgemm;
  static constexpr auto gemmStrided = cublasDgemmStridedBatched;
  static constexpr auto gemmBatched = cublasDgemmBatched;
  static constexpr auto geam = cublasDgeam;
  static constexpr auto gemv = cublasDgemv;
  static constexpr cudaDataType type = CUDA_R_64F;
  static constexpr cublasComputeType_t compute = CUBLAS_COMPUTE_64F;
};

// All four op combinations, lda/ldb/ldc two larger than needed.
template <class T> static void gemmCases(cublasHandle_t h) {
  const int m = 5, n = 4, k = 3;
  for (cublasOperation_t ta : {CUBLAS_OP_N, CUBLAS_OP_T})
    for (cublasOperation_t tb : {CUBLAS_OP_N, CUBLAS_OP_C}) {
      int lda = (ta == CUBLAS_OP_N ? m : k) + 2, ldb = (tb == CUBLAS_OP_N ? k : n) + 2,
          ldc = m + 2;
      std::vector<T> a = values<T>(size_t(lda) * (ta == CUBLAS_OP_N ? k : m), 1);
      std::vector<T> b = values<T>(size_t(ldb) * (tb == CUBLAS_OP_N ? n : k), 2);
      std::vector<T> c = values<T>(size_t(ldc) * n, 3), nans(c.size(), T(NAN));
      T *da = upload(a), *db = upload(b), *dc = upload(c), *dn = upload(nans);
      T alpha = T(1.5), beta = T(-0.5), zero = 0;
      Blas<T>::gemm(h, ta, tb, m, n, k, &alpha, da, lda, db, ldb, &beta, dc, ldc);
      expect(download(dc, c.size()), refGemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc));
      Blas<T>::gemm(h, ta, tb, m, n, k, &alpha, da, lda, db, ldb, &zero, dn, ldc);
      // Beta 0: the NaNs between columns (rows m, m+1) stay, the rest is alpha AB.
      std::vector<Real> want = refGemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, 0, nans, ldc);
      expect(download(dn, c.size()), want);
      cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dn);
    }
}

template <class T> struct Batch {
  static const int m = 3, n = 2, k = 4, batches = 3;
  static const long long sa = m * k + 1, sb = k * n + 2, sc = m * n + 3;
  std::vector<T> a = values<T>(sa * batches, 4), b = values<T>(sb * batches, 5),
                 c = values<T>(sc * batches, 6);
  T alpha = 2, beta = 1;
  std::vector<Real> want() const {
    std::vector<Real> w(c.begin(), c.end());
    for (int i = 0; i < batches; ++i) {
      std::vector<T> ai(a.begin() + i * sa, a.begin() + i * sa + m * k),
          bi(b.begin() + i * sb, b.begin() + i * sb + k * n),
          ci(c.begin() + i * sc, c.begin() + i * sc + m * n);
      std::vector<Real> r =
          refGemm(CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, Real(alpha), ai, m, bi, k, Real(beta), ci, m);
      std::copy(r.begin(), r.end(), w.begin() + i * sc);
    }
    return w;
  }
};

template <class T> static void batchedCases(cublasHandle_t h) {
  Batch<T> B;
  const int m = B.m, n = B.n, k = B.k;
  T *da = upload(B.a), *db = upload(B.b), *dc = upload(B.c), *dc2 = upload(B.c);
  Blas<T>::gemmStrided(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &B.alpha, da, m, B.sa, db, k, B.sb,
                       &B.beta, dc, m, B.sc, B.batches);
  expect(download(dc, B.c.size()), B.want());
  // The same products through arrays of pointers in device memory.
  std::vector<const T *> pa, pb;
  std::vector<T *> pc;
  for (int i = 0; i < B.batches; ++i)
    pa.push_back(da + i * B.sa), pb.push_back(db + i * B.sb), pc.push_back(dc2 + i * B.sc);
  const T **dpa = upload(pa), **dpb = upload(pb);
  T **dpc = upload(pc);
  Blas<T>::gemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &B.alpha, dpa, m, dpb, k, &B.beta,
                       dpc, m, B.batches);
  expect(download(dc2, B.c.size()), B.want());
}

// gemmEx: the first batch's product.
template <class T> static void gemmExCase(cublasHandle_t h) {
  Batch<T> B;
  T *da = upload(B.a), *db = upload(B.b), *dc = upload(B.c);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, B.m, B.n, B.k, &B.alpha, da, Blas<T>::type, B.m, db,
               Blas<T>::type, B.k, &B.beta, dc, Blas<T>::type, B.m, Blas<T>::compute,
               CUBLAS_GEMM_DEFAULT);
  std::vector<Real> w = B.want();
  expect(download(dc, B.m * B.n), std::vector<Real>(w.begin(), w.begin() + B.m * B.n));
}

// geam: C = alpha A^T + beta B; gemv: y = alpha op(A) x + beta y, both ops.
template <class T> static void geamGemvCases(cublasHandle_t h) {
  const int m = 4, n = 3, lda = n + 1, ldb = m + 1, ldc = m;
  std::vector<T> a = values<T>(lda * m, 7), b = values<T>(ldb * n, 8), c(ldc * n);
  T *da = upload(a), *db = upload(b), *dc = upload(c);
  T alpha = 3, beta = -2;
  Blas<T>::geam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &alpha, da, lda, &beta, db, ldb, dc, ldc);
  std::vector<Real> want(c.size());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      want[j * ldc + i] = alpha * at(a, lda, CUBLAS_OP_T, i, j) + beta * at(b, ldb, CUBLAS_OP_N, i, j);
  expect(download(dc, c.size()), want);
  for (cublasOperation_t t : {CUBLAS_OP_N, CUBLAS_OP_T}) {
    // A is m x n stored with lda = m + 1 (the geam operand b reused).
    int rows = t == CUBLAS_OP_N ? m : n, cols = t == CUBLAS_OP_N ? n : m;
    std::vector<T> x = values<T>(cols, 9), y = values<T>(rows, 10);
    T *dx = upload(x), *dy = upload(y);
    Blas<T>::gemv(h, t, m, n, &alpha, db, ldb, dx, 1, &beta, dy, 1);
    std::vector<Real> wy(rows);
    for (int i = 0; i < rows; ++i) {
      Real sum = 0;
      for (int j = 0; j < cols; ++j)
        sum += at(b, ldb, t, i, j) * x[j];
      wy[i] = alpha * sum + beta * y[i];
    }
    expect(download(dy, rows), wy);
  }
}

// x's i-th element under increment inc (negative: from the end).
static size_t elem(int n, int inc, int i) {
  return size_t(inc >= 0 ? i : n - 1 - i) * size_t(inc < 0 ? -inc : inc);
}

template <class T> struct Level1;
template <> struct Level1<float> {
  static constexpr auto amax = cublasIsamax;
  static constexpr auto amin = cublasIsamin;
  static constexpr auto asum = cublasSasum;
  static constexpr auto nrm2 = cublasSnrm2;
  static constexpr auto dot = cublasSdot;
  static constexpr auto axpy = cublasSaxpy;
  static constexpr auto scal = cublasSscal;
  static constexpr auto copy = cublasScopy;
  static constexpr auto swap = cublasSswap;
};
template <> struct Level1<double> {
  static constexpr auto amax = cublasIdamax;
  static constexpr auto amin = cublasIdamin;
  static constexpr auto asum = cublasDasum;
  static constexpr auto nrm2 = cublasDnrm2;
  static constexpr auto dot = cublasDdot;
  static constexpr auto axpy = cublasDaxpy;
  static constexpr auto scal = cublasDscal;
  static constexpr auto copy = cublasDcopy;
  static constexpr auto swap = cublasDswap;
};

template <class T> static void level1Cases(cublasHandle_t h, int inc) {
  const int n = 7, span = n * (inc < 0 ? -inc : inc);
  std::vector<T> x = values<T>(span, 11), y = values<T>(span, 12);
  x[elem(n, inc, 4)] = T(9); // the largest |x_i|, where amax must find it
  T *dx = upload(x), *dy = upload(y);
  typedef Level1<T> L;
  int imax = -1, imin = -1;
  T asum = 0, nrm2 = 0, dot = 0;
  L::amax(h, n, dx, inc, &imax);
  L::amin(h, n, dx, inc, &imin);
  L::asum(h, n, dx, inc, &asum);
  L::nrm2(h, n, dx, inc, &nrm2);
  L::dot(h, n, dx, inc, dy, inc, &dot);
  // The Ex forms of dot and nrm2 in the same type.
  T dotEx = 0, nrm2Ex = 0;
  cublasDotEx(h, n, dx, Blas<T>::type, inc, dy, Blas<T>::type, inc, &dotEx, Blas<T>::type,
              Blas<T>::type);
  cublasNrm2Ex(h, n, dx, Blas<T>::type, inc, &nrm2Ex, Blas<T>::type, Blas<T>::type);
  Real wAsum = 0, wNrm = 0, wDot = 0;
  int wMax = 0, wMin = 0;
  if (inc > 0) {
    wMax = wMin = 1;
    for (int i = 0; i < n; ++i) {
      Real v = x[elem(n, inc, i)];
      wAsum += std::fabs(v), wNrm += v * v;
      if (std::fabs(v) > std::fabs(Real(x[elem(n, inc, wMax - 1)])))
        wMax = i + 1;
      if (std::fabs(v) < std::fabs(Real(x[elem(n, inc, wMin - 1)])))
        wMin = i + 1;
    }
  }
  for (int i = 0; i < n; ++i)
    wDot += Real(x[elem(n, inc, i)]) * y[elem(n, inc, i)];
  expect(std::vector<T>{T(imax), T(imin), asum, nrm2, dot, dotEx, nrm2Ex},
         {Real(wMax), Real(wMin), wAsum, std::sqrt(wNrm), wDot, wDot, std::sqrt(wNrm)});
  // axpy into y, then copy x over a fresh z, scal x, swap x and y.
  T alpha = T(-1.25);
  L::axpy(h, n, &alpha, dx, inc, dy, inc);
  std::vector<Real> wy(y.begin(), y.end());
  for (int i = 0; i < n; ++i)
    wy[elem(n, inc, i)] += alpha * Real(x[elem(n, inc, i)]);
  expect(download(dy, span), wy);
  std::vector<T> z(span, T(5));
  T *dz = upload(z);
  L::copy(h, n, dx, inc, dz, inc);
  std::vector<Real> wz(z.begin(), z.end());
  for (int i = 0; i < n; ++i)
    wz[elem(n, inc, i)] = x[elem(n, inc, i)];
  expect(download(dz, span), wz);
  L::scal(h, n, &alpha, dx, inc);
  std::vector<Real> wx(x.begin(), x.end());
  if (inc > 0)
    for (int i = 0; i < n; ++i)
      wx[elem(n, inc, i)] *= alpha;
  expect(download(dx, span), wx);
  L::swap(h, n, dx, inc, dy, inc);
  std::vector<Real> sx = wx, sy = wy;
  for (int i = 0; i < n; ++i)
    std::swap(sx[elem(n, inc, i)], sy[elem(n, inc, i)]);
  expect(download(dx, span), sx);
  expect(download(dy, span), sy);
}

__global__ void fill(float *p, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

int main() {
  cublasHandle_t h;
  cublasCreate(&h);
  gemmCases<float>(h);
  gemmCases<double>(h);
  report("gemm");
  batchedCases<float>(h);
  batchedCases<double>(h);
  report("batched");
  gemmExCase<float>(h);
  gemmExCase<double>(h);
  report("gemmEx");
  geamGemvCases<float>(h);
  geamGemvCases<double>(h);
  report("geam gemv");
  for (int inc : {1, 2, -1}) {
    level1Cases<float>(h, inc);
    level1Cases<double>(h, inc);
  }
  report("level1");

  // Scalars and a result in device memory.
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  std::vector<float> x = values<float>(6, 13), y = values<float>(6, 14), ab = {2.0f, 0.0f};
  float *dx = upload(x), *dy = upload(y), *dab = upload(ab), *dres = upload(std::vector<float>(1));
  cublasSdot(h, 6, dx, 1, dy, 1, dres);
  Real wDot = 0;
  for (int i = 0; i < 6; ++i)
    wDot += Real(x[i]) * y[i];
  expect(download(dres, 1), {wDot});
  cublasSscal(h, 6, dab, dx, 1);
  std::vector<Real> wx(x.begin(), x.end());
  for (Real &v : wx)
    v *= 2;
  expect(download(dx, 6), wx);
  // gemv with alpha 2 and beta 0 from device memory: y = 2 A x, A 2x3.
  float *dA = upload(values<float>(6, 15));
  cublasSgemv(h, CUBLAS_OP_N, 2, 3, dab, dA, 2, dx, 1, dab + 1, dy, 1);
  std::vector<float> A = values<float>(6, 15);
  std::vector<Real> wy(2);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      wy[i] += 2 * Real(A[j * 2 + i]) * wx[j];
  expect(download(dy, 2), wy);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
  report("device pointers");

  // A stream: the kernel that fills x runs before the handle reads it.
  cudaStream_t s;
  cudaStreamCreate(&s);
  cublasSetStream(h, s);
  float *dbig;
  cudaMalloc(&dbig, 4096 * sizeof(float));
  fill<<<16, 256, 0, s>>>(dbig, 4096, 0.5f);
  float sum = 0;
  cublasSasum(h, 4096, dbig, 1, &sum);
  expect(std::vector<float>{sum}, {2048.0L});
  report("stream");

  // Transfers with leading dimensions and increments.
  std::vector<double> host = values<double>(5 * 3, 16), back(4 * 3, -1);
  double *dm;
  cudaMalloc(&dm, 6 * 3 * sizeof(double));
  cublasSetMatrix(4, 3, sizeof(double), host.data(), 5, dm, 6);
  cublasGetMatrix(4, 3, sizeof(double), dm, 6, back.data(), 4);
  std::vector<Real> wantBack;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 4; ++i)
      wantBack.push_back(host[j * 5 + i]);
  expect(back, wantBack);
  std::vector<double> strided(9, 0), every3(3);
  cublasSetVector(3, sizeof(double), host.data(), 1, dm, 3);
  cublasGetVector(3, sizeof(double), dm, 3, every3.data(), 1);
  expect(every3, {host[0], host[1], host[2]});
  report("transfers");

  float one = 1;
  int shape = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, dx, 2, dx, 4, &one, dy, 4);
  int badOp = cublasSgemv(h, CUBLAS_OP_CONJG, 2, 2, &one, dx, 2, dx, 1, &one, dy, 1);
  int noHandle = cublasSasum(nullptr, 4, dx, 1, &sum);
  int half = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dx, CUDA_R_32F, 2, dx,
                          CUDA_R_32F, 2, &one, dy, CUDA_R_16F, 2, CUBLAS_COMPUTE_32F,
                          CUBLAS_GEMM_DEFAULT);
  printf("errors: %d %d %d %d %s\n", shape, badOp, noHandle, half,
         cublasGetStatusName(cublasStatus_t(shape)));
  int version = 0;
  cublasGetVersion(h, &version);
  printf("version %d\n", version);
  cublasDestroy(h);
  return 0;
}
