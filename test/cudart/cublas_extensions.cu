// cuBLAS's batched triangular solve, grouped gemm batches, packed-triangle
// conversions and typed extensions (libcublas), each against its
// definition evaluated naively on the host in complex long double (bound
// 1e-10 relative in double, 1e-5 in float):
// - trsmBatched in D and Z, two batches, left and right: op(A_i) X_i =
//   alpha B_i;
// - DgemmGroupedBatched: two groups (N,N 3x2x4 twice; T,N 2x3x2 once) with
//   their own alpha and beta; GemmGroupedBatchedEx in float;
// - tpttr then trttp in D and Z, each triangle: the triangle lands in the
//   full matrix (the other untouched) and comes back packed;
// - CherkEx and CsyrkEx in CUDA_C_32F (their 3m forms too), and another
//   type pair NOT_SUPPORTED;
// - DotcEx in CUDA_C_64F (x^H y) and CUDA_R_32F, DotEx in CUDA_C_64F (x^T
//   y), Nrm2Ex of CUDA_C_32F; RotEx in CUDA_R_64F and
//   CUDA_C_32F with a real cs type;
// - GemmEx with CUBLAS_GEMM_AUTOTUNE as the algorithm.
// RUN: simt-nvcc -O2 %s -o %t -lcublas && %t | FileCheck %s
// CHECK: trsmBatched: 0 bad of 8
// CHECK-NEXT: grouped gemm: 0 bad of 2
// CHECK-NEXT: packed triangles: 0 bad of 4
// CHECK-NEXT: typed extensions: 0 bad of 9
#include <cublas_v2.h>

#include "Inputs/complex_checks.h"

// op(A)(i, j), A column-major with leading dimension ld.
static Cx op(const Vec &A, int ld, cublasOperation_t t, int i, int j) {
  if (t == CUBLAS_OP_N)
    return A[size_t(j) * ld + i];
  Cx v = A[size_t(i) * ld + j];
  return t == CUBLAS_OP_C ? std::conj(v) : v;
}
static Cx tri(const Vec &A, int ld, bool lower, cublasOperation_t t, int i, int j) {
  int si = t == CUBLAS_OP_N ? i : j, sj = t == CUBLAS_OP_N ? j : i;
  return (lower ? si < sj : si > sj) ? Cx(0) : op(A, ld, t, i, j);
}
// Device pointer arrays of n matrices of `each` elements starting at d.
template <class T> static T **pointers(T *d, int n, size_t each) {
  std::vector<T *> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = d + i * each;
  T **p;
  cudaMalloc(&p, n * sizeof(T *));
  cudaMemcpy(p, h.data(), n * sizeof(T *), cudaMemcpyHostToDevice);
  return p;
}

template <class T>
static void trsmIn(cublasHandle_t h, bool complex, cublasStatus_t (*call)(
                       cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t,
                       cublasDiagType_t, int, int, const T *, const T *const[], int, T *const[],
                       int, int)) {
  const int m = 4, n = 3, ld = 5, batches = 2;
  const size_t each = size_t(ld) * ld;
  const Cx alpha = complex ? Cx(1.5, -0.5) : Cx(1.5);
  const T al = scalarOf<T>(alpha);
  Vec A = randoms(batches * each, complex), B = randoms(batches * each, complex);
  for (int b = 0; b < batches; ++b)
    for (int i = 0; i < ld; ++i)
      A[b * each + size_t(i) * ld + i] += Cx(4, complex ? 1 : 0);
  for (int left = 0; left < 2; ++left)
    for (int lower = 0; lower < 2; ++lower) {
      cublasOperation_t t = lower ? CUBLAS_OP_N : complex ? CUBLAS_OP_C : CUBLAS_OP_T;
      T *dA = dev<T>(A), *dB = dev<T>(B);
      call(h, left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT,
           lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER, t, CUBLAS_DIAG_NON_UNIT, m, n,
           &al, pointers(dA, batches, each), ld, pointers(dB, batches, each), ld, batches);
      Vec X = host(dB, B.size());
      bool ok = true;
      const int order = left ? m : n;
      for (int b = 0; b < batches; ++b) {
        Vec Ab(A.begin() + b * each, A.begin() + (b + 1) * each);
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < m; ++i) {
            Cx s = 0;
            for (int l = 0; l < order; ++l)
              s += left ? tri(Ab, ld, lower, t, i, l) * X[b * each + size_t(j) * ld + l]
                        : X[b * each + size_t(l) * ld + i] * tri(Ab, ld, lower, t, l, j);
            ok = ok && near(s, alpha * B[b * each + size_t(j) * ld + i], 1e-9L);
          }
      }
      expect(ok, "trsmBatched");
    }
}

// C = alpha op(A) op(B) + beta C for one product.
static Vec gemmRef(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, Cx alpha,
                   const Vec &A, int lda, const Vec &B, int ldb, Cx beta, Vec C, int ldc) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      Cx s = 0;
      for (int l = 0; l < k; ++l)
        s += op(A, lda, ta, i, l) * op(B, ldb, tb, l, j);
      C[size_t(j) * ldc + i] = alpha * s + beta * C[size_t(j) * ldc + i];
    }
  return C;
}

// The grouped batches in double (DgemmGroupedBatched) or float (the typed form).
template <class T> static bool grouped(cublasHandle_t h) {
  const bool typed = sizeof(T) == sizeof(float);
  // Group 0: two 3x2 products with k 4 (N, N); group 1: one 2x3 with k 2 (T, N).
  const cublasOperation_t ta[2] = {CUBLAS_OP_N, CUBLAS_OP_T}, tb[2] = {CUBLAS_OP_N, CUBLAS_OP_N};
  const int m[2] = {3, 2}, n[2] = {2, 3}, k[2] = {4, 2}, ld[2] = {4, 4}, size[2] = {2, 1};
  const T alpha[2] = {T(0.5), T(-1)}, beta[2] = {T(2), T(0.25)};
  const size_t each = 16; // 4 x 4 per matrix
  Vec A = randoms(3 * each, false), B = randoms(3 * each, false), C = randoms(3 * each, false);
  T *dA = dev<T>(A), *dB = dev<T>(B), *dC = dev<T>(C);
  T **pa = pointers(dA, 3, each), **pb = pointers(dB, 3, each), **pc = pointers(dC, 3, each);
  cublasStatus_t st;
  if constexpr (sizeof(T) == sizeof(float))
    st = cublasGemmGroupedBatchedEx(h, ta, tb, m, n, k, alpha, (const void *const *)pa, CUDA_R_32F,
                                    ld, (const void *const *)pb, CUDA_R_32F, ld, beta,
                                    (void *const *)pc, CUDA_R_32F, ld, 2, size,
                                    CUBLAS_COMPUTE_32F);
  else
    st = cublasDgemmGroupedBatched(h, ta, tb, m, n, k, alpha, pa, ld, pb, ld, beta, pc, ld, 2,
                                   size);
  Vec got = host(dC, C.size());
  bool ok = st == CUBLAS_STATUS_SUCCESS;
  for (int i = 0, g = 0; i < 3; ++i) {
    g = i < 2 ? 0 : 1;
    auto sub = [&](const Vec &v) { return Vec(v.begin() + i * each, v.begin() + (i + 1) * each); };
    ok = ok && allNear(sub(got), gemmRef(ta[g], tb[g], m[g], n[g], k[g], double(alpha[g]), sub(A),
                                         ld[g], sub(B), ld[g], double(beta[g]), sub(C), ld[g]),
                       typed ? 1e-5L : 1e-10L);
  }
  return ok;
}

template <class T>
static void packedIn(cublasHandle_t h, bool complex,
                     cublasStatus_t (*tpttr)(cublasHandle_t, cublasFillMode_t, int, const T *, T *, int),
                     cublasStatus_t (*trttp)(cublasHandle_t, cublasFillMode_t, int, const T *, int, T *)) {
  const int n = 4, lda = 5;
  for (int lower = 0; lower < 2; ++lower) {
    cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    Vec AP = randoms(n * (n + 1) / 2, complex), A = randoms(size_t(lda) * n, complex);
    T *dP = dev<T>(AP), *dA = dev<T>(A), *dQ = dev<T>(Vec(AP.size()));
    tpttr(h, uplo, n, dP, dA, lda);
    trttp(h, uplo, n, dA, lda, dQ);
    // Column by column of the triangle, as BLAS packs it.
    Vec want = A;
    size_t at = 0;
    for (int j = 0; j < n; ++j)
      for (int i = lower ? j : 0; i <= (lower ? n - 1 : j); ++i)
        want[size_t(j) * lda + i] = AP[at++];
    expect(allNear(host(dA, A.size()), want, 0) && allNear(host(dQ, AP.size()), AP, 0),
           "tpttr/trttp");
  }
}

static void typedExtensions(cublasHandle_t h) {
  const int n = 3, k = 4, ld = 5;
  Vec A = randoms(size_t(ld) * k), C = randoms(size_t(ld) * n);
  for (int herm = 0; herm < 2; ++herm)
    for (int threeM = 0; threeM < 2; ++threeM) {
      cuComplex *dA = dev<cuComplex>(A), *dC = dev<cuComplex>(C);
      const float ra = 0.5f, rb = -1.0f;
      const cuComplex ca = make_cuComplex(0.5f, 1), cb = make_cuComplex(-1, 0.25f);
      cublasStatus_t st;
      if (herm)
        st = (threeM ? cublasCherk3mEx : cublasCherkEx)(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k,
                                                        &ra, dA, CUDA_C_32F, ld, &rb, dC,
                                                        CUDA_C_32F, ld);
      else
        st = (threeM ? cublasCsyrk3mEx : cublasCsyrkEx)(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k,
                                                        &ca, dA, CUDA_C_32F, ld, &cb, dC,
                                                        CUDA_C_32F, ld);
      Vec want = C, got = host(dC, C.size());
      const Cx al = herm ? Cx(ra) : Cx(0.5, 1), be = herm ? Cx(rb) : Cx(-1, 0.25);
      for (int j = 0; j < n; ++j)
        for (int i = j; i < n; ++i) {
          Cx s = 0;
          for (int l = 0; l < k; ++l)
            s += A[size_t(l) * ld + i] * (herm ? std::conj(A[size_t(l) * ld + j]) : A[size_t(l) * ld + j]);
          Cx &e = want[size_t(j) * ld + i];
          e = al * s + be * e;
          if (herm && i == j)
            e = e.real();
        }
      expect(st == CUBLAS_STATUS_SUCCESS && allNear(got, want, 1e-5L), "CherkEx/CsyrkEx");
    }
  {
    float ra = 1, rb = 0;
    cuComplex *dA = dev<cuComplex>(A), *dC = dev<cuComplex>(C);
    expect(cublasCherkEx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &ra, dA, CUDA_C_8I, ld, &rb,
                         dC, CUDA_C_32F, ld) == CUBLAS_STATUS_NOT_SUPPORTED,
           "CherkEx C_8I");
  }
  // DotcEx: x^H y in complex double, and a real dot in float.
  Vec x = randoms(6), y = randoms(6);
  cuDoubleComplex *dx = dev<cuDoubleComplex>(x), *dy = dev<cuDoubleComplex>(y), r;
  cublasDotcEx(h, 6, dx, CUDA_C_64F, 1, dy, CUDA_C_64F, 1, &r, CUDA_C_64F, CUDA_C_64F);
  Cx want = 0;
  for (int i = 0; i < 6; ++i)
    want += std::conj(x[i]) * y[i];
  bool ok = near(load(r), want, 1e-10L);
  Vec fx = randoms(6, false), fy = randoms(6, false);
  float fr = 0;
  cublasDotcEx(h, 6, dev<float>(fx), CUDA_R_32F, 1, dev<float>(fy), CUDA_R_32F, 1, &fr, CUDA_R_32F,
               CUDA_R_32F);
  Cx fwant = 0;
  for (int i = 0; i < 6; ++i)
    fwant += fx[i] * fy[i];
  expect(ok && near(fr, fwant, 1e-5L), "DotcEx");
  // DotEx in complex double is x^T y; Nrm2Ex of complex float is real.
  cublasDotEx(h, 6, dx, CUDA_C_64F, 1, dy, CUDA_C_64F, 1, &r, CUDA_C_64F, CUDA_C_64F);
  Cx dotu = 0;
  long double squares = 0;
  for (int i = 0; i < 6; ++i) {
    dotu += x[i] * y[i];
    squares += std::norm(x[i]);
  }
  float norm = 0;
  cublasNrm2Ex(h, 6, dev<cuComplex>(x), CUDA_C_32F, 1, &norm, CUDA_R_32F, CUDA_C_32F);
  expect(near(load(r), dotu, 1e-10L) && near(norm, std::sqrt(squares), 1e-5L), "DotEx/Nrm2Ex complex");
  // RotEx: drot, and csrot (complex vectors, real c and s).
  {
    const double c = 0.6, s = 0.8;
    double *rx = dev<double>(fx), *ry = dev<double>(fy);
    cublasRotEx(h, 6, rx, CUDA_R_64F, 1, ry, CUDA_R_64F, 1, &c, &s, CUDA_R_64F, CUDA_R_64F);
    Vec wx(6), wy(6);
    for (int i = 0; i < 6; ++i) {
      wx[i] = Cx(c) * fx[i] + Cx(s) * fy[i];
      wy[i] = Cx(c) * fy[i] - Cx(s) * fx[i];
    }
    bool rok = allNear(host(rx, 6), wx) && allNear(host(ry, 6), wy);
    const float fc = 0.6f, fs = 0.8f;
    cuComplex *cx = dev<cuComplex>(x), *cy = dev<cuComplex>(y);
    cublasRotEx(h, 6, cx, CUDA_C_32F, 1, cy, CUDA_C_32F, 1, &fc, &fs, CUDA_R_32F, CUDA_C_32F);
    for (int i = 0; i < 6; ++i) {
      wx[i] = Cx(fc) * x[i] + Cx(fs) * y[i];
      wy[i] = Cx(fc) * y[i] - Cx(fs) * x[i];
    }
    expect(rok && allNear(host(cx, 6), wx, 1e-5L) && allNear(host(cy, 6), wy, 1e-5L), "RotEx");
  }
  // GemmEx with the autotuning algorithm: the same product.
  {
    Vec a = randoms(16, false), b = randoms(16, false), c = randoms(16, false);
    double *da = dev<double>(a), *db = dev<double>(b), *dc = dev<double>(c);
    const double al = 1.5, be = 0.5;
    cublasStatus_t st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &al, da, CUDA_R_64F, 4,
                                     db, CUDA_R_64F, 4, &be, dc, CUDA_R_64F, 4, CUBLAS_COMPUTE_64F,
                                     CUBLAS_GEMM_AUTOTUNE);
    expect(st == CUBLAS_STATUS_SUCCESS &&
               allNear(host(dc, 16), gemmRef(CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, al, a, 4, b, 4, be, c, 4)),
           "GemmEx AUTOTUNE");
  }
  report("typed extensions");
}

int main() {
  seed = 31337;
  cublasHandle_t h;
  cublasCreate(&h);
  trsmIn<double>(h, false, cublasDtrsmBatched);
  trsmIn<cuDoubleComplex>(h, true, cublasZtrsmBatched);
  report("trsmBatched");
  expect(grouped<double>(h), "DgemmGroupedBatched");
  expect(grouped<float>(h), "GemmGroupedBatchedEx");
  report("grouped gemm");
  packedIn<double>(h, false, cublasDtpttr, cublasDtrttp);
  packedIn<cuDoubleComplex>(h, true, cublasZtpttr, cublasZtrttp);
  report("packed triangles");
  typedExtensions(h);
  cublasDestroy(h);
  return 0;
}
