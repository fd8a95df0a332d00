// cuBLAS's plane rotations, symmetric rank updates, triangular products,
// diagonal scaling and the typed (Ex) batches (libcublas; Rotations.cpp,
// Triangles.cpp, Level1.cpp, Level3.cpp), in double, each against the BLAS
// definition evaluated naively on the host in long double (bound 1e-10
// relative), or, for the constructed rotations, against the identities
// they must satisfy:
// - rot (strided y); rotg on (3, 4), whose rotation is (0.6, 0.8) with
//   r = 5 and z = 1/c, and on (-5, 2) (r takes a's sign, z = s);
//   rotmg then rotm on three (d1, d2, x1, y1), flags 0, 1 and a rescaled
//   -1: the second component becomes 0 and d1 x1^2 + d2 y1^2 is kept;
//   y1 = 0 gives the identity (-2) and d1 < 0 zeros (reference BLAS);
// - syr, syr2 (each triangle; the other left as it was), syr2k and syrkx
//   (each triangle and op), trmv and trmm (every side, triangle, op and
//   diagonal; trmm out of place), dgmm (each side, incx 1 and 2);
// - GemmStridedBatchedEx (float and double), GemmBatchedEx (double),
//   AxpyEx and ScalEx (float).
// RUN: simt-nvcc -O2 %s -o %t -lcublas && %t | FileCheck %s
// CHECK: rotations: 0 bad of 8
// CHECK-NEXT: symmetric updates: 0 bad of 12
// CHECK-NEXT: triangular products: 0 bad of 24
// CHECK-NEXT: dgmm: 0 bad of 4
// CHECK-NEXT: typed batches: 0 bad of 5
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cublas_v2.h>
#include <vector>

typedef long double Real;
typedef std::vector<double> Vec;

static uint32_t seed = 777;
static double rnd() {
  seed = seed * 1664525u + 1013904223u;
  return double(int(seed >> 20) - 2048) / 1024.0;
}
static Vec randoms(size_t n) {
  Vec v(n);
  for (double &x : v)
    x = rnd();
  return v;
}
template <class T> static T *dev(const Vec &v) {
  std::vector<T> t(v.begin(), v.end());
  T *d;
  cudaMalloc(&d, t.size() * sizeof(T) + 8);
  cudaMemcpy(d, t.data(), t.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static Vec host(const T *d, size_t n) {
  std::vector<T> t(n);
  cudaMemcpy(t.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return Vec(t.begin(), t.end());
}
static bool near(Real got, Real want, Real bound = 1e-10L) {
  return std::fabs(got - want) <= bound * (std::fabs(want) > 1 ? std::fabs(want) : 1);
}
static bool allNear(const Vec &got, const std::vector<Real> &want, Real bound = 1e-10L) {
  for (size_t i = 0; i < got.size(); ++i)
    if (!near(got[i], want[i], bound))
      return false;
  return true;
}
static double at(const Vec &a, int ld, int i, int j) { return a[size_t(j) * ld + i]; }

static cublasHandle_t H;

static int rotations() {
  int bad = 0;
  { // rot: x' = c x + s y, y' = c y - s x, y at stride 2.
    const int n = 7;
    Vec x = randoms(n), y = randoms(2 * n);
    double *dx = dev<double>(x), *dy = dev<double>(y);
    const double c = 0.6, s = 0.8;
    cublasDrot(H, n, dx, 1, dy, 2, &c, &s);
    std::vector<Real> wx(x.begin(), x.end()), wy(y.begin(), y.end());
    for (int i = 0; i < n; ++i) {
      wx[i] = Real(c) * x[i] + Real(s) * y[2 * i];
      wy[2 * i] = Real(c) * y[2 * i] - Real(s) * x[i];
    }
    bad += !(allNear(host(dx, n), wx) && allNear(host(dy, 2 * n), wy));
  }
  { // rotg, host scalars.
    double a = 3, b = 4, c, s;
    cublasDrotg(H, &a, &b, &c, &s);
    bad += !(near(a, 5) && near(c, 0.6L) && near(s, 0.8L) && near(b, 1 / 0.6L));
    double a2 = -5, b2 = 2, c2, s2;
    cublasDrotg(H, &a2, &b2, &c2, &s2);
    const Real r = -std::sqrt(Real(29));
    bad += !(near(a2, r) && near(c2, -5 / r) && near(s2, 2 / r) && near(b2, s2));
  }
  // rotmg, then rotm on (x1, y1): y becomes 0, and the weighted square kept.
  // (flag 0, flag 1, and flag 1 rescaled into a full matrix, flag -1: d2
  // falls below 4096^-2)
  // Each case's flag, worked out by hand from the reference's branches.
  const double cases[3][5] = {{2, 3, 1.5, 0.5, 0}, {1, 5, 0.1, 2, 1}, {1e-10, 1, 1, 1, -1}};
  for (const auto &k : cases) {
    double d1 = k[0], d2 = k[1], x1 = k[2], param[5] = {0, 0, 0, 0, 0};
    const double y1 = k[3];
    cublasDrotmg(H, &d1, &d2, &x1, &y1, param);
    Vec vx = {k[2]}, vy = {k[3]};
    double *dx = dev<double>(vx), *dy = dev<double>(vy);
    cublasDrotm(H, 1, dx, 1, dy, 1, param);
    const Vec gx = host(dx, 1), gy = host(dy, 1);
    const Real before = Real(k[0]) * k[2] * k[2] + Real(k[1]) * k[3] * k[3];
    bad += !(param[0] == k[4] && near(gy[0], 0) && near(gx[0], x1) &&
             near(Real(d1) * x1 * x1, before));
  }
  { // y1 = 0: the identity (flag -2), nothing else written; rotm leaves x, y.
    double d1 = 2, d2 = 3, x1 = 1.5, param[5] = {9, 9, 9, 9, 9};
    const double y1 = 0;
    cublasDrotmg(H, &d1, &d2, &x1, &y1, param);
    Vec vx = {1.5}, vy = {4};
    double *dx = dev<double>(vx), *dy = dev<double>(vy);
    cublasDrotm(H, 1, dx, 1, dy, 1, param);
    bad += !(param[0] == -2 && d1 == 2 && d2 == 3 && x1 == 1.5 && host(dx, 1)[0] == 1.5 &&
             host(dy, 1)[0] == 4);
  }
  { // d1 < 0: flag -1 with a zero matrix, d1, d2 and x1 zeroed.
    double d1 = -1, d2 = 3, x1 = 1.5, param[5] = {9, 9, 9, 9, 9};
    const double y1 = 2;
    cublasDrotmg(H, &d1, &d2, &x1, &y1, param);
    bad += !(param[0] == -1 && param[1] == 0 && param[2] == 0 && param[3] == 0 &&
             param[4] == 0 && d1 == 0 && d2 == 0 && x1 == 0);
  }
  return bad;
}

static int symmetricUpdates() {
  int bad = 0;
  const int n = 5, k = 3, ld = n + 1;
  for (int lower = 0; lower < 2; ++lower) {
    const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    auto inTriangle = [&](int i, int j) { return i < n && (lower ? i >= j : i <= j); };
    const double al = 0.75, be = -0.5;
    Vec A = randoms(size_t(ld) * n), x = randoms(n), y = randoms(n);
    for (int form = 0; form < 2; ++form) { // syr, syr2
      double *dA = dev<double>(A), *dx = dev<double>(x), *dy = dev<double>(y);
      if (form == 0)
        cublasDsyr(H, uplo, n, &al, dx, 1, dA, ld);
      else
        cublasDsyr2(H, uplo, n, &al, dx, 1, dy, 1, dA, ld);
      std::vector<Real> want(A.begin(), A.end());
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          if (inTriangle(i, j))
            want[size_t(j) * ld + i] +=
                form == 0 ? Real(al) * x[i] * x[j] : Real(al) * (Real(x[i]) * y[j] + Real(y[i]) * x[j]);
      bad += !allNear(host(dA, A.size()), want);
    }
    for (int trans = 0; trans < 2; ++trans)
      for (int form = 0; form < 2; ++form) { // syr2k, syrkx
        const int rows = trans ? k : n, cols = trans ? n : k;
        Vec P = randoms(size_t(rows) * cols), Q = randoms(size_t(rows) * cols);
        Vec C = randoms(size_t(ld) * n);
        double *dP = dev<double>(P), *dQ = dev<double>(Q), *dC = dev<double>(C);
        const cublasOperation_t op = trans ? CUBLAS_OP_T : CUBLAS_OP_N;
        if (form == 0)
          cublasDsyr2k(H, uplo, op, n, k, &al, dP, rows, dQ, rows, &be, dC, ld);
        else
          cublasDsyrkx(H, uplo, op, n, k, &al, dP, rows, dQ, rows, &be, dC, ld);
        auto opAt = [&](const Vec &M, int i, int l) { return trans ? at(M, rows, l, i) : at(M, rows, i, l); };
        std::vector<Real> want(C.begin(), C.end());
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < n; ++i) {
            if (!inTriangle(i, j))
              continue;
            Real s = 0;
            for (int l = 0; l < k; ++l)
              s += Real(opAt(P, i, l)) * opAt(Q, j, l) + (form == 0 ? Real(opAt(Q, i, l)) * opAt(P, j, l) : 0);
            want[size_t(j) * ld + i] = Real(al) * s + Real(be) * C[size_t(j) * ld + i];
          }
        bad += !allNear(host(dC, C.size()), want);
      }
  }
  return bad;
}

/// op(A)(i, j) for A's triangle.
static Real tri(const Vec &A, int ld, bool lower, bool unit, bool trans, int i, int j) {
  if (trans) {
    const int t = i;
    i = j;
    j = t;
  }
  if (lower ? i < j : i > j)
    return 0;
  return i == j && unit ? 1 : at(A, ld, i, j);
}

static int triangularProducts() {
  int bad = 0;
  const int n = 4, m = 3, ld = 5;
  for (int lower = 0; lower < 2; ++lower)
    for (int trans = 0; trans < 2; ++trans)
      for (int unit = 0; unit < 2; ++unit) {
        const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
        const cublasOperation_t op = trans ? CUBLAS_OP_T : CUBLAS_OP_N;
        const cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
        { // trmv, x at stride 2
          Vec A = randoms(size_t(ld) * n), x = randoms(2 * n);
          double *dA = dev<double>(A), *dx = dev<double>(x);
          cublasDtrmv(H, uplo, op, diag, n, dA, ld, dx, 2);
          std::vector<Real> want(x.begin(), x.end());
          for (int i = 0; i < n; ++i) {
            Real s = 0;
            for (int j = 0; j < n; ++j)
              s += tri(A, ld, lower, unit, trans, i, j) * x[2 * j];
            want[2 * i] = s;
          }
          bad += !allNear(host(dx, x.size()), want);
        }
        for (int left = 0; left < 2; ++left) { // trmm: C = alpha op(A) B or alpha B op(A)
          const int order = left ? m : n;
          Vec A = randoms(size_t(ld) * order), B = randoms(size_t(ld) * n), C = randoms(size_t(ld) * n);
          double *dA = dev<double>(A), *dB = dev<double>(B), *dC = dev<double>(C);
          const double al = -1.25;
          cublasDtrmm(H, left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT, uplo, op, diag, m, n, &al, dA,
                      ld, dB, ld, dC, ld);
          std::vector<Real> want(C.begin(), C.end());
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
              Real s = 0;
              for (int l = 0; l < order; ++l)
                s += left ? tri(A, ld, lower, unit, trans, i, l) * at(B, ld, l, j)
                          : at(B, ld, i, l) * tri(A, ld, lower, unit, trans, l, j);
              want[size_t(j) * ld + i] = Real(al) * s;
            }
          bad += !(allNear(host(dC, C.size()), want) && allNear(host(dB, B.size()), std::vector<Real>(B.begin(), B.end())));
        }
      }
  return bad;
}

static int diagonalScaling() {
  int bad = 0;
  const int m = 3, n = 4, ld = 4;
  for (int left = 0; left < 2; ++left)
    for (int inc = 1; inc <= 2; ++inc) {
      Vec A = randoms(size_t(ld) * n), x = randoms(size_t(inc) * (left ? m : n)), C = randoms(size_t(ld) * n);
      double *dA = dev<double>(A), *dx = dev<double>(x), *dC = dev<double>(C);
      cublasDdgmm(H, left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT, m, n, dA, ld, dx, inc, dC, ld);
      std::vector<Real> want(C.begin(), C.end());
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i)
          want[size_t(j) * ld + i] = Real(at(A, ld, i, j)) * x[size_t(inc) * (left ? i : j)];
      bad += !allNear(host(dC, C.size()), want);
    }
  return bad;
}

/// C_b = A_b B_b, batches of m x k by k x n.
static std::vector<Real> products(const Vec &A, const Vec &B, int m, int n, int k, int batches) {
  std::vector<Real> want(size_t(m) * n * batches);
  for (int b = 0; b < batches; ++b)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        Real s = 0;
        for (int l = 0; l < k; ++l)
          s += Real(A[size_t(b) * m * k + size_t(l) * m + i]) * B[size_t(b) * k * n + size_t(j) * k + l];
        want[size_t(b) * m * n + size_t(j) * m + i] = s;
      }
  return want;
}

static int typedBatches() {
  int bad = 0;
  const int m = 3, n = 2, k = 4, batches = 3;
  const Vec A = randoms(size_t(m) * k * batches), B = randoms(size_t(k) * n * batches);
  const std::vector<Real> want = products(A, B, m, n, k, batches);
  { // float, compute 32F (bound for float operands)
    float *dA = dev<float>(A), *dB = dev<float>(B), *dC = dev<float>(Vec(want.size()));
    const float one = 1, zero = 0;
    cublasGemmStridedBatchedEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dA, CUDA_R_32F, m, m * k,
                               dB, CUDA_R_32F, k, k * n, &zero, dC, CUDA_R_32F, m, m * n, batches,
                               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    std::vector<Real> wantF = products(host(dA, A.size()), host(dB, B.size()), m, n, k, batches);
    bad += !allNear(host(dC, want.size()), wantF, 1e-5L);
  }
  double *dA = dev<double>(A), *dB = dev<double>(B), *dC = dev<double>(Vec(want.size()));
  const double one = 1, zero = 0;
  cublasGemmStridedBatchedEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dA, CUDA_R_64F, m, m * k,
                             dB, CUDA_R_64F, k, k * n, &zero, dC, CUDA_R_64F, m, m * n, batches,
                             CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT);
  bad += !allNear(host(dC, want.size()), want);
  { // the same through arrays of addresses in device memory
    double *dC2 = dev<double>(Vec(want.size()));
    std::vector<const void *> as, bs;
    std::vector<void *> cs;
    for (int b = 0; b < batches; ++b) {
      as.push_back(dA + b * m * k);
      bs.push_back(dB + b * k * n);
      cs.push_back(dC2 + b * m * n);
    }
    const void **dAs;
    const void **dBs;
    void **dCs;
    cudaMalloc(&dAs, batches * sizeof(void *));
    cudaMalloc(&dBs, batches * sizeof(void *));
    cudaMalloc(&dCs, batches * sizeof(void *));
    cudaMemcpy(dAs, as.data(), batches * sizeof(void *), cudaMemcpyHostToDevice);
    cudaMemcpy(dBs, bs.data(), batches * sizeof(void *), cudaMemcpyHostToDevice);
    cudaMemcpy(dCs, cs.data(), batches * sizeof(void *), cudaMemcpyHostToDevice);
    cublasGemmBatchedEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dAs, CUDA_R_64F, m, dBs,
                        CUDA_R_64F, k, &zero, dCs, CUDA_R_64F, m, batches, CUBLAS_COMPUTE_64F,
                        CUBLAS_GEMM_DEFAULT);
    bad += !allNear(host(dC2, want.size()), want);
  }
  { // AxpyEx then ScalEx, float: y = 2 (y + 0.5 x), on quarters (exact)
    const int len = 6;
    Vec x(len), y(len);
    for (int i = 0; i < len; ++i)
      x[i] = 0.25 * i, y[i] = 1 - 0.5 * i;
    float *dx = dev<float>(x), *dy = dev<float>(y);
    const float half = 0.5f, two = 2;
    cublasAxpyEx(H, len, &half, CUDA_R_32F, dx, CUDA_R_32F, 1, dy, CUDA_R_32F, 1, CUDA_R_32F);
    cublasScalEx(H, len, &two, CUDA_R_32F, dy, CUDA_R_32F, 1, CUDA_R_32F);
    std::vector<Real> w(len);
    for (int i = 0; i < len; ++i)
      w[i] = 2 * (Real(y[i]) + 0.5L * x[i]);
    bad += !allNear(host(dy, len), w, 0);
  }
  return bad;
}

int main() {
  cublasCreate(&H);
  std::printf("rotations: %d bad of 8\n", rotations());
  std::printf("symmetric updates: %d bad of 12\n", symmetricUpdates());
  std::printf("triangular products: %d bad of 24\n", triangularProducts());
  std::printf("dgmm: %d bad of 4\n", diagonalScaling());
  std::printf("typed batches: %d bad of 5\n", typedBatches());
  cublasDestroy(H);
  return 0;
}
