// cuBLAS's symmetric, triangular and batched-LU routines and half gemm
// (libcublas; runtime/cublas/Triangles.cpp, Level3.cpp), each against the
// BLAS definition evaluated naively on the host in long double (bounds
// 1e-4 relative in float, 1e-10 in double; half: exact, on integers):
// - ger (A += alpha x y^T), symv and symm with either triangle stored (the
//   other filled with garbage), syrk (only C's triangle written);
// - trsv and trsm: every side, triangle, op and diagonal; the product
//   op(A) X (or X op(A)) must give alpha B back;
// - getrfBatched (pivots and none), getrsBatched (op N and T; info is a
//   host int), getriBatched (A A^-1 = I; a singular matrix's info);
// - Hgemm, HgemmStridedBatched and GemmEx in CUDA_R_16F (compute 16F,
//   and compute 32F into half and into float C) on small integers, whose
//   products are exact in half.
// RUN: simt-nvcc -O2 %s -o %t -lcublas && %t | FileCheck %s
// CHECK: ger symv symm syrk: 0 bad of 6
// CHECK-NEXT: trsv trsm: 0 bad of 48
// CHECK-NEXT: batched lu: 0 bad of 5, singular info 2
// CHECK-NEXT: half gemm: 0 bad of 5
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cublas_v2.h>
#include <vector>

typedef long double Real;

static uint32_t seed = 4242;
static double rnd() {
  seed = seed * 1664525u + 1013904223u;
  return double(int(seed >> 20) - 2048) / 1024.0;
}

template <class T> static T *dev(const std::vector<double> &v) {
  std::vector<T> t(v.begin(), v.end());
  T *d;
  cudaMalloc(&d, t.size() * sizeof(T) + 8);
  cudaMemcpy(d, t.data(), t.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<double> host(const T *d, size_t n) {
  std::vector<T> t(n);
  cudaMemcpy(t.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return std::vector<double>(t.begin(), t.end());
}
static std::vector<double> randoms(size_t n) {
  std::vector<double> v(n);
  for (double &x : v)
    x = rnd();
  return v;
}
static bool near(Real got, Real want, bool isFloat) {
  return std::fabs(got - want) <= (isFloat ? 1e-4L : 1e-10L) * (std::fabs(want) > 1 ? std::fabs(want) : 1);
}

static cublasHandle_t H;

/// Column-major element (i, j) with leading dimension ld.
static double &at(std::vector<double> &a, int ld, int i, int j) { return a[size_t(j) * ld + i]; }
static double at(const std::vector<double> &a, int ld, int i, int j) { return a[size_t(j) * ld + i]; }

static int symmetricChecks() {
  int bad = 0;
  const int n = 6, m = 5;
  // ger, float: A (m x n, ld m+1) += 0.5 x y^T.
  {
    const int ld = m + 1;
    std::vector<double> A = randoms(size_t(ld) * n), x = randoms(m), y = randoms(n);
    float *dA = dev<float>(A), *dx = dev<float>(x), *dy = dev<float>(y);
    const float al = 0.5f;
    cublasSger(H, m, n, &al, dx, 1, dy, 1, dA, ld);
    const std::vector<double> got = host(dA, A.size());
    bool ok = true;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < ld; ++i)
        ok = ok && near(got[size_t(j) * ld + i],
                        i < m ? Real(float(at(A, ld, i, j))) + Real(al) * float(x[i]) * float(y[j])
                              : Real(float(at(A, ld, i, j))),
                        true);
    bad += !ok;
  }
  // symv and symm, double, each triangle: the other holds garbage.
  for (int lower = 0; lower < 2; ++lower) {
    std::vector<double> S = randoms(size_t(n) * n), stored = S;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        at(S, n, i, j) = at(S, n, std::max(i, j), std::min(i, j)); // symmetric
        stored[size_t(j) * n + i] = (lower ? i >= j : i <= j) ? at(S, n, i, j) : 1e30;
      }
    const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    std::vector<double> x = randoms(n), y = randoms(n);
    double *dS = dev<double>(stored), *dx = dev<double>(x), *dy = dev<double>(y);
    const double al = 2, be = -1;
    cublasDsymv(H, uplo, n, &al, dS, n, dx, 1, &be, dy, 1);
    std::vector<double> got = host(dy, n);
    bool ok = true;
    for (int i = 0; i < n; ++i) {
      Real s = 0;
      for (int j = 0; j < n; ++j)
        s += Real(at(S, n, i, j)) * x[j];
      ok = ok && near(got[i], al * s + be * y[i], false);
    }
    bad += !ok;
    // symm, right side: C = alpha B S + beta C, B m x n.
    std::vector<double> B = randoms(size_t(m) * n), C = randoms(size_t(m) * n);
    double *dB = dev<double>(B), *dC = dev<double>(C);
    cublasDsymm(H, CUBLAS_SIDE_RIGHT, uplo, m, n, &al, dS, n, dB, m, &be, dC, m);
    got = host(dC, C.size());
    ok = true;
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        Real s = 0;
        for (int l = 0; l < n; ++l)
          s += Real(at(B, m, i, l)) * at(S, n, l, j);
        ok = ok && near(at(got, m, i, j), al * s + be * at(C, m, i, j), false);
      }
    bad += !ok;
  }
  // syrk, double, upper, op T: C = A^T A (A k x n); the lower triangle stays.
  {
    const int k = 4;
    std::vector<double> A = randoms(size_t(k) * n), C = randoms(size_t(n) * n);
    double *dA = dev<double>(A), *dC = dev<double>(C);
    const double al = 1, be = 0;
    cublasDsyrk(H, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, n, k, &al, dA, k, &be, dC, n);
    const std::vector<double> got = host(dC, C.size());
    bool ok = true;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        Real s = 0;
        for (int l = 0; l < k; ++l)
          s += Real(at(A, k, l, i)) * at(A, k, l, j);
        ok = ok && near(at(got, n, i, j), i <= j ? s : Real(at(C, n, i, j)), false);
      }
    bad += !ok;
  }
  return bad;
}

/// op(T)(i, j) of the triangle `lower`/`unit` of A (n x n).
static Real opT(const std::vector<double> &A, int n, bool lower, bool unit, bool trans, int i,
                int j) {
  const int r = trans ? j : i, c = trans ? i : j;
  if (r == c)
    return unit ? 1 : A[size_t(c) * n + r];
  return (lower ? r > c : r < c) ? A[size_t(c) * n + r] : 0;
}

template <class T> static int triangularChecks() {
  const bool fl = sizeof(T) == 4;
  int bad = 0;
  const int m = 5, n = 4;
  for (int side = 0; side < 2; ++side)
    for (int lower = 0; lower < 2; ++lower)
      for (int trans = 0; trans < 2; ++trans)
        for (int unit = 0; unit < 2; ++unit) {
          const int order = side ? n : m;
          std::vector<double> A = randoms(size_t(order) * order);
          for (int i = 0; i < order; ++i)
            A[size_t(i) * order + i] = 4 + A[size_t(i) * order + i]; // well conditioned
          std::vector<double> B = randoms(size_t(m) * n);
          T *dA = dev<T>(A), *dB = dev<T>(B);
          const T al = T(1.5);
          const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
          const cublasOperation_t op = trans ? CUBLAS_OP_T : CUBLAS_OP_N;
          const cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
          const cublasSideMode_t sd = side ? CUBLAS_SIDE_RIGHT : CUBLAS_SIDE_LEFT;
          if constexpr (sizeof(T) == 4)
            cublasStrsm(H, sd, uplo, op, diag, m, n, &al, dA, order, dB, m);
          else
            cublasDtrsm(H, sd, uplo, op, diag, m, n, &al, dA, order, dB, m);
          const std::vector<double> X = host(dB, B.size());
          bool ok = true;
          for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
              Real s = 0;
              for (int l = 0; l < order; ++l)
                s += side ? Real(at(X, m, i, l)) * opT(A, order, lower, unit, trans, l, j)
                          : opT(A, order, lower, unit, trans, i, l) * Real(at(X, m, l, j));
              ok = ok && near(s, Real(al) * T(at(B, m, i, j)), fl);
            }
          bad += !ok;
          // trsv on B's first column with the left side's triangle.
          if (!side) {
            T *dx = dev<T>(std::vector<double>(B.begin(), B.begin() + m));
            if constexpr (sizeof(T) == 4)
              cublasStrsv(H, uplo, op, diag, m, dA, m, dx, 1);
            else
              cublasDtrsv(H, uplo, op, diag, m, dA, m, dx, 1);
            const std::vector<double> x = host(dx, m);
            ok = true;
            for (int i = 0; i < m; ++i) {
              Real s = 0;
              for (int l = 0; l < m; ++l)
                s += opT(A, m, lower, unit, trans, i, l) * Real(x[l]);
              ok = ok && near(s, T(B[i]), fl);
            }
            bad += !ok;
          }
        }
  return bad;
}

static int batchedLuChecks(int *singularInfo) {
  const int n = 5, batches = 3;
  std::vector<std::vector<double>> As;
  std::vector<double *> ptrs, bPtrs, cPtrs;
  std::vector<std::vector<double>> Bs;
  for (int b = 0; b < batches; ++b) {
    As.push_back(randoms(size_t(n) * n));
    Bs.push_back(randoms(n));
    ptrs.push_back(dev<double>(As.back()));
    bPtrs.push_back(dev<double>(Bs.back()));
    double *c;
    cudaMalloc(&c, n * n * sizeof(double));
    cPtrs.push_back(c);
  }
  double **dA, **dB, **dC;
  cudaMalloc(&dA, batches * sizeof(double *));
  cudaMalloc(&dB, batches * sizeof(double *));
  cudaMalloc(&dC, batches * sizeof(double *));
  cudaMemcpy(dA, ptrs.data(), batches * sizeof(double *), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, bPtrs.data(), batches * sizeof(double *), cudaMemcpyHostToDevice);
  cudaMemcpy(dC, cPtrs.data(), batches * sizeof(double *), cudaMemcpyHostToDevice);
  int *dPiv, *dInfo;
  cudaMalloc(&dPiv, n * batches * sizeof(int));
  cudaMalloc(&dInfo, batches * sizeof(int));
  int bad = cublasDgetrfBatched(H, n, dA, n, dPiv, dInfo, batches) != CUBLAS_STATUS_SUCCESS;
  int hostInfo = -1;
  // op N: solve, then check A x = b.
  bad += cublasDgetrsBatched(H, CUBLAS_OP_N, n, 1, dA, n, dPiv, dB, n, &hostInfo, batches) !=
             CUBLAS_STATUS_SUCCESS ||
         hostInfo != 0;
  bool ok = true;
  for (int b = 0; b < batches; ++b) {
    const std::vector<double> x = host(bPtrs[b], n);
    for (int i = 0; i < n; ++i) {
      Real s = 0;
      for (int j = 0; j < n; ++j)
        s += Real(at(As[b], n, i, j)) * x[j];
      ok = ok && near(s, Bs[b][i], false);
    }
  }
  bad += !ok;
  // op T on fresh right-hand sides.
  for (int b = 0; b < batches; ++b)
    cudaMemcpy(bPtrs[b], Bs[b].data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cublasDgetrsBatched(H, CUBLAS_OP_T, n, 1, dA, n, dPiv, dB, n, &hostInfo, batches);
  ok = true;
  for (int b = 0; b < batches; ++b) {
    const std::vector<double> x = host(bPtrs[b], n);
    for (int i = 0; i < n; ++i) {
      Real s = 0;
      for (int j = 0; j < n; ++j)
        s += Real(at(As[b], n, j, i)) * x[j];
      ok = ok && near(s, Bs[b][i], false);
    }
  }
  bad += !ok;
  // getriBatched: A A^-1 = I.
  cublasDgetriBatched(H, n, dA, n, dPiv, dC, n, dInfo, batches);
  ok = true;
  for (int b = 0; b < batches; ++b) {
    const std::vector<double> inv = host(cPtrs[b], n * n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        Real s = 0;
        for (int l = 0; l < n; ++l)
          s += Real(at(As[b], n, i, l)) * at(inv, n, l, j);
        ok = ok && near(s, i == j, false);
      }
  }
  bad += !ok;
  // Without pivots: a diagonally dominant matrix factors as A = L U.
  std::vector<double> D = randoms(size_t(n) * n);
  for (int i = 0; i < n; ++i)
    D[size_t(i) * n + i] += 10;
  double *dD = dev<double>(D);
  cudaMemcpy(dA, &dD, sizeof(double *), cudaMemcpyHostToDevice);
  cublasDgetrfBatched(H, n, dA, n, nullptr, dInfo, 1);
  const std::vector<double> lu = host(dD, n * n);
  ok = true;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      Real s = 0;
      for (int k = 0; k <= std::min(i, j); ++k)
        s += (k == i ? 1.0L : Real(at(lu, n, i, k))) * at(lu, n, k, j);
      ok = ok && near(s, at(D, n, i, j), false);
    }
  bad += !ok;
  // A singular matrix (second column zero): info 2.
  std::vector<double> Z = randoms(size_t(n) * n);
  for (int i = 0; i < n; ++i)
    Z[size_t(1) * n + i] = 0;
  double *dZ = dev<double>(Z);
  cudaMemcpy(dA, &dZ, sizeof(double *), cudaMemcpyHostToDevice);
  cublasDgetrfBatched(H, n, dA, n, dPiv, dInfo, 1);
  cudaMemcpy(singularInfo, dInfo, sizeof(int), cudaMemcpyDeviceToHost);
  return bad;
}

static int halfChecks() {
  // Small integers: every product and sum is exact in half.
  const int m = 3, n = 4, k = 5;
  std::vector<float> a(m * k), b(k * n), c(m * n);
  for (int i = 0; i < m * k; ++i)
    a[i] = float(i % 4 - 1);
  for (int i = 0; i < k * n; ++i)
    b[i] = float(i % 3);
  for (int i = 0; i < m * n; ++i)
    c[i] = float(i % 5);
  std::vector<__half> ha(a.size()), hb(b.size()), hc(c.size());
  for (size_t i = 0; i < a.size(); ++i)
    ha[i] = __float2half(a[i]);
  for (size_t i = 0; i < b.size(); ++i)
    hb[i] = __float2half(b[i]);
  for (size_t i = 0; i < c.size(); ++i)
    hc[i] = __float2half(c[i]);
  __half *dA, *dB, *dC;
  cudaMalloc(&dA, 2 * ha.size() * sizeof(__half));
  cudaMalloc(&dB, 2 * hb.size() * sizeof(__half));
  cudaMalloc(&dC, 2 * hc.size() * sizeof(__half));
  cudaMemcpy(dA, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(dA + ha.size(), ha.data(), ha.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(dB + hb.size(), hb.data(), hb.size() * 2, cudaMemcpyHostToDevice);
  const __half alpha = __float2half(2.0f), beta = __float2half(1.0f);
  std::vector<float> want(m * n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0;
      for (int l = 0; l < k; ++l)
        s += a[l * m + i] * b[j * k + l];
      want[j * m + i] = 2 * s + c[j * m + i];
    }
  auto check = [&](const __half *d) {
    std::vector<__half> got(m * n);
    cudaMemcpy(got.data(), d, got.size() * 2, cudaMemcpyDeviceToHost);
    for (int i = 0; i < m * n; ++i)
      if (__half2float(got[i]) != want[i])
        return 1;
    return 0;
  };
  int bad = 0;
  cudaMemcpy(dC, hc.data(), hc.size() * 2, cudaMemcpyHostToDevice);
  cublasHgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, dB, k, &beta, dC, m);
  bad += check(dC);
  cudaMemcpy(dC, hc.data(), hc.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(dC + hc.size(), hc.data(), hc.size() * 2, cudaMemcpyHostToDevice);
  cublasHgemmStridedBatched(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, m * k, dB, k,
                            k * n, &beta, dC, m, m * n, 2);
  bad += check(dC) | check(dC + m * n);
  cudaMemcpy(dC, hc.data(), hc.size() * 2, cudaMemcpyHostToDevice);
  cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, CUDA_R_16F, m, dB, CUDA_R_16F, k,
               &beta, dC, CUDA_R_16F, m, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
  bad += check(dC);
  // Mixed precision: half A and B, compute 32F (float scalars), C in half
  // and in float.
  const float alpha32 = 2.0f, beta32 = 1.0f;
  cudaMemcpy(dC, hc.data(), hc.size() * 2, cudaMemcpyHostToDevice);
  cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha32, dA, CUDA_R_16F, m, dB, CUDA_R_16F,
               k, &beta32, dC, CUDA_R_16F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  bad += check(dC);
  float *dF;
  cudaMalloc(&dF, c.size() * sizeof(float));
  cudaMemcpy(dF, c.data(), c.size() * sizeof(float), cudaMemcpyHostToDevice);
  cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha32, dA, CUDA_R_16F, m, dB, CUDA_R_16F,
               k, &beta32, dF, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  std::vector<float> f(c.size());
  cudaMemcpy(f.data(), dF, f.size() * sizeof(float), cudaMemcpyDeviceToHost);
  bad += f != want;
  return bad;
}

int main() {
  cublasCreate(&H);
  std::printf("ger symv symm syrk: %d bad of 6\n", symmetricChecks());
  std::printf("trsv trsm: %d bad of 48\n", triangularChecks<float>() + triangularChecks<double>());
  int singular = -1;
  const int lu = batchedLuChecks(&singular);
  std::printf("batched lu: %d bad of 5, singular info %d\n", lu, singular);
  std::printf("half gemm: %d bad of 5\n", halfChecks());
  cublasDestroy(H);
  return 0;
}
