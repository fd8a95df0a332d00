// cuBLAS in complex float (C) and complex double (Z) (libcublas;
// ComplexLevel1.cpp, Triangles.cpp, Level3.cpp), each call against the
// BLAS definition evaluated naively on the host in complex long double
// (bound 1e-10 relative in Z, 1e-5 in C), or, for the solves and the
// constructed rotation, against the identities they must satisfy:
// - level 1: izamax/izamin (|Re| + |Im|), dzasum, dznrm2, zdotu, zdotc,
//   zscal, zdscal, zaxpy, zcopy, zswap (incx 2), zrot, zdrot, zrotg
//   ([c s; -conj(s) c] [a; b] = [r; 0]), cdotc and caxpy;
// - level 2: zgemv (N, T, C), zgeru, zgerc, zhemv and zsymv (each
//   triangle), zher, zher2, zsyr, zsyr2 (the other triangle kept, a
//   Hermitian update's diagonal real), ztrmv and ztrsv (every triangle,
//   op and diagonal: op(A) x gives back b);
// - level 3: zgemm in its 9 op pairs, cgemm, zgemm3m, the strided and
//   pointer-array batches, GemmEx in CUDA_C_64F, zgeam, zdgmm, zhemm and
//   zsymm (each side and triangle), zherk and zsyrk, zher2k and zsyr2k,
//   zherkx and zsyrkx (each triangle and op), ztrmm and ztrsm (every
//   side, triangle, op and diagonal; op(A) X = alpha B).
// RUN: simt-nvcc -O2 %s -o %t -lcublas && %t | FileCheck %s
// CHECK: level 1: 0 bad of 16
// CHECK-NEXT: level 2: 0 bad of 29
// CHECK-NEXT: gemm: 0 bad of 16
// CHECK-NEXT: hermitian and symmetric: 0 bad of 32
// CHECK-NEXT: triangular: 0 bad of 48
#include <cublas_v2.h>

#include "Inputs/complex_checks.h"

static cuDoubleComplex z(Cx v) { return scalarOf<cuDoubleComplex>(v); }

// op(A)(i, j), A column-major with leading dimension ld.
static Cx op(const Vec &A, int ld, cublasOperation_t t, int i, int j) {
  if (t == CUBLAS_OP_N)
    return A[size_t(j) * ld + i];
  Cx v = A[size_t(i) * ld + j];
  return t == CUBLAS_OP_C ? std::conj(v) : v;
}
// The full matrix a Hermitian (or symmetric) operand's triangle stands for.
static Cx full(const Vec &A, int ld, bool lower, bool herm, int i, int j) {
  bool stored = lower ? i >= j : i <= j;
  if (i == j && herm)
    return A[size_t(i) * ld + i].real();
  if (stored)
    return A[size_t(j) * ld + i];
  Cx v = A[size_t(i) * ld + j];
  return herm ? std::conj(v) : v;
}
static Cx tri(const Vec &A, int ld, bool lower, bool unit, cublasOperation_t t, int i, int j) {
  int si = t == CUBLAS_OP_N ? i : j, sj = t == CUBLAS_OP_N ? j : i;
  if (lower ? si < sj : si > sj)
    return 0;
  if (si == sj && unit)
    return 1;
  return op(A, ld, t, i, j);
}
static bool inTriangle(bool lower, int i, int j) { return lower ? i >= j : i <= j; }

static void level1(cublasHandle_t h) {
  const int n = 7;
  Vec x = randoms(2 * n), y = randoms(n);
  x[2 * 4] = Cx(9, -9); // the largest |Re| + |Im| at element 5 (incx 2)
  cuDoubleComplex *dx = dev<cuDoubleComplex>(x), *dy = dev<cuDoubleComplex>(y);
  int imax = 0, imin = 0;
  cublasIzamax(h, n, dx, 2, &imax);
  cublasIzamin(h, n, dx, 2, &imin);
  int wantMin = 1;
  for (int i = 1; i < n; ++i) {
    auto c = [&](int k) { return std::fabs(x[2 * k].real()) + std::fabs(x[2 * k].imag()); };
    if (c(i) < c(wantMin - 1))
      wantMin = i + 1;
  }
  expect(imax == 5, "izamax");
  expect(imin == wantMin, "izamin");
  double asum = 0, nrm = 0;
  long double wantSum = 0, wantSq = 0;
  for (int i = 0; i < n; ++i) {
    wantSum += std::fabs(x[2 * i].real()) + std::fabs(x[2 * i].imag());
    wantSq += std::norm(x[2 * i]);
  }
  cublasDzasum(h, n, dx, 2, &asum);
  cublasDznrm2(h, n, dx, 2, &nrm);
  expect(near(asum, wantSum, 1e-10L), "dzasum");
  expect(near(nrm, std::sqrt(wantSq), 1e-10L), "dznrm2");
  cuDoubleComplex du, dc;
  cublasZdotu(h, n, dx, 2, dy, 1, &du);
  cublasZdotc(h, n, dx, 2, dy, 1, &dc);
  Cx wu = 0, wc = 0;
  for (int i = 0; i < n; ++i) {
    wu += x[2 * i] * y[i];
    wc += std::conj(x[2 * i]) * y[i];
  }
  expect(near(Cx(du.x, du.y), wu, 1e-10L), "zdotu");
  expect(near(Cx(dc.x, dc.y), wc, 1e-10L), "zdotc");

  const Cx alpha(0.5, -1.25);
  cuDoubleComplex za = z(alpha);
  Vec want = y;
  cublasZscal(h, n, &za, dy, 1);
  for (Cx &v : want)
    v *= alpha;
  expect(allNear(host(dy, n), want), "zscal");
  const double real = -1.5;
  cublasZdscal(h, n, &real, dy, 1);
  for (Cx &v : want)
    v *= real;
  expect(allNear(host(dy, n), want), "zdscal");
  cublasZaxpy(h, n, &za, dx, 2, dy, 1);
  for (int i = 0; i < n; ++i)
    want[i] += alpha * x[2 * i];
  expect(allNear(host(dy, n), want), "zaxpy");
  cuDoubleComplex *dz = dev<cuDoubleComplex>(Vec(n));
  cublasZcopy(h, n, dy, 1, dz, 1);
  expect(allNear(host(dz, n), want), "zcopy");
  cublasZswap(h, n, dx, 2, dz, 1);
  Vec gotX = host(dx, 2 * n), gotZ = host(dz, n);
  bool swapped = true;
  for (int i = 0; i < n; ++i)
    swapped = swapped && near(gotX[2 * i], want[i], 1e-12L) && near(gotZ[i], x[2 * i], 1e-12L) &&
              near(gotX[2 * i + 1], x[2 * i + 1], 0);
  expect(swapped, "zswap (incx 2: the elements between kept)");

  // zrot: x' = c x + s y, y' = c y - conj(s) x; zdrot with real s.
  Vec a = randoms(n), b = randoms(n);
  cuDoubleComplex *da = dev<cuDoubleComplex>(a), *db = dev<cuDoubleComplex>(b);
  const double c = 0.6;
  const Cx s(0.48, 0.64);
  cuDoubleComplex zs = z(s);
  cublasZrot(h, n, da, 1, db, 1, &c, &zs);
  Vec wa(n), wb(n);
  for (int i = 0; i < n; ++i) {
    wa[i] = Cx(c) * a[i] + s * b[i];
    wb[i] = Cx(c) * b[i] - std::conj(s) * a[i];
  }
  expect(allNear(host(da, n), wa) && allNear(host(db, n), wb), "zrot");
  const double rs = 0.8;
  cublasZdrot(h, n, da, 1, db, 1, &c, &rs);
  for (int i = 0; i < n; ++i) {
    Cx p = wa[i], q = wb[i];
    wa[i] = Cx(c) * p + Cx(rs) * q;
    wb[i] = Cx(c) * q - Cx(rs) * p;
  }
  expect(allNear(host(da, n), wa) && allNear(host(db, n), wb), "zdrot");
  // zrotg on (3 + 4i, 1 - 2i): the rotation zeroes the second component.
  cuDoubleComplex ra = make_cuDoubleComplex(3, 4), rb = make_cuDoubleComplex(1, -2), rsn;
  double rc;
  cublasZrotg(h, &ra, &rb, &rc, &rsn);
  const Cx A0(3, 4), B0(1, -2), S(rsn.x, rsn.y), R(ra.x, ra.y);
  expect(near(Cx(rc) * A0 + S * B0, R, 1e-12L) && near(-std::conj(S) * A0 + Cx(rc) * B0, 0, 1e-12L) &&
             near(Cx(rc * rc) + std::norm(S), 1, 1e-12L),
         "zrotg");

  // In C: cdotc and caxpy.
  cuComplex *cx = dev<cuComplex>(x), *cy = dev<cuComplex>(y);
  cuComplex cd;
  cublasCdotc(h, n, cx, 2, cy, 1, &cd);
  expect(near(Cx(cd.x, cd.y), wc, 1e-5L), "cdotc");
  cuComplex ca = make_cuComplex(0.5f, -1.25f);
  cublasCaxpy(h, n, &ca, cx, 2, cy, 1);
  Vec wy(n);
  for (int i = 0; i < n; ++i)
    wy[i] = y[i] + alpha * x[2 * i];
  expect(allNear(host(cy, n), wy, 1e-5L), "caxpy");
  report("level 1");
}

static void level2(cublasHandle_t h) {
  const int m = 5, n = 4, lda = 6;
  const Cx alpha(1.5, -0.5), beta(-0.25, 2);
  cuDoubleComplex za = z(alpha), zb = z(beta);
  Vec A = randoms(size_t(lda) * n), x = randoms(m), y = randoms(m);
  cuDoubleComplex *dA = dev<cuDoubleComplex>(A);
  for (cublasOperation_t t : ops) {
    int rows = t == CUBLAS_OP_N ? m : n, cols = t == CUBLAS_OP_N ? n : m;
    cuDoubleComplex *dx = dev<cuDoubleComplex>(x), *dy = dev<cuDoubleComplex>(y);
    cublasZgemv(h, t, m, n, &za, dA, lda, dx, 1, &zb, dy, 1);
    Vec want(rows);
    for (int i = 0; i < rows; ++i) {
      Cx s = 0;
      for (int j = 0; j < cols; ++j)
        s += op(A, lda, t, i, j) * x[j];
      want[i] = alpha * s + beta * y[i];
    }
    expect(allNear(host(dy, rows), want), "zgemv");
  }
  for (int conj = 0; conj < 2; ++conj) {
    cuDoubleComplex *dB = dev<cuDoubleComplex>(A), *dx = dev<cuDoubleComplex>(x),
                    *dy = dev<cuDoubleComplex>(y);
    (conj ? cublasZgerc : cublasZgeru)(h, m, n, &za, dx, 1, dy, 1, dB, lda);
    Vec want = A;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        want[size_t(j) * lda + i] += alpha * x[i] * (conj ? std::conj(y[j]) : y[j]);
    expect(allNear(host(dB, want.size()), want), conj ? "zgerc" : "zgeru");
  }
  // The square ones: n x n in lda.
  for (int lower = 0; lower < 2; ++lower) {
    cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    for (int herm = 0; herm < 2; ++herm) {
      cuDoubleComplex *dx = dev<cuDoubleComplex>(x), *dy = dev<cuDoubleComplex>(y);
      (herm ? cublasZhemv : cublasZsymv)(h, uplo, n, &za, dA, lda, dx, 1, &zb, dy, 1);
      Vec want(n);
      for (int i = 0; i < n; ++i) {
        Cx s = 0;
        for (int j = 0; j < n; ++j)
          s += full(A, lda, lower, herm, i, j) * x[j];
        want[i] = alpha * s + beta * y[i];
      }
      expect(allNear(host(dy, n), want), herm ? "zhemv" : "zsymv");
      // Rank 1 and rank 2: her (real alpha), her2, syr, syr2.
      for (int rank = 1; rank <= 2; ++rank) {
        cuDoubleComplex *dB = dev<cuDoubleComplex>(A);
        const double ralpha = 0.75;
        if (herm && rank == 1)
          cublasZher(h, uplo, n, &ralpha, dx, 1, dB, lda);
        else if (herm)
          cublasZher2(h, uplo, n, &za, dx, 1, dy, 1, dB, lda);
        else if (rank == 1)
          cublasZsyr(h, uplo, n, &za, dx, 1, dB, lda);
        else
          cublasZsyr2(h, uplo, n, &za, dx, 1, dy, 1, dB, lda);
        Vec yy = host(dy, n); // y as zhemv/zsymv left it
        Vec want2 = A;
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < n; ++i) {
            if (!inTriangle(lower, i, j))
              continue;
            auto adj = [&](Cx v) { return herm ? std::conj(v) : v; };
            Cx &e = want2[size_t(j) * lda + i];
            if (rank == 1)
              e += (herm ? Cx(ralpha) : alpha) * x[i] * adj(x[j]);
            else
              e += alpha * x[i] * adj(yy[j]) + (herm ? std::conj(alpha) : alpha) * yy[i] * adj(x[j]);
            if (herm && i == j)
              e = e.real();
          }
        expect(allNear(host(dB, want2.size()), want2), "zher/zher2/zsyr/zsyr2");
      }
    }
  }
  // trmv and trsv: every triangle, op and diagonal.
  Vec T = randoms(size_t(lda) * n);
  for (int i = 0; i < n; ++i)
    T[size_t(i) * lda + i] += Cx(4, 1); // well conditioned
  cuDoubleComplex *dT = dev<cuDoubleComplex>(T);
  for (int lower = 0; lower < 2; ++lower)
    for (cublasOperation_t t : ops)
      for (int unit = 0; unit < 2; ++unit) {
        cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
        cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
        cuDoubleComplex *dx = dev<cuDoubleComplex>(x);
        cublasZtrmv(h, uplo, t, diag, n, dT, lda, dx, 1);
        Vec want(n);
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j)
            want[i] += tri(T, lda, lower, unit, t, i, j) * x[j];
        bool ok = allNear(host(dx, n), want);
        cublasZtrsv(h, uplo, t, diag, n, dT, lda, dx, 1); // gives x back
        Vec back = host(dx, n);
        expect(ok && allNear(back, Vec(x.begin(), x.begin() + n), 1e-9L), "ztrmv/ztrsv");
      }
  report("level 2");
}

static void gemms(cublasHandle_t h) {
  const int m = 4, n = 3, k = 5, ld = 6;
  const Cx alpha(0.75, 1.25), beta(-1, 0.5);
  cuDoubleComplex za = z(alpha), zb = z(beta);
  Vec A = randoms(size_t(ld) * ld), B = randoms(size_t(ld) * ld), C = randoms(size_t(ld) * n);
  auto product = [&](cublasOperation_t ta, cublasOperation_t tb, const Vec &a, const Vec &b,
                     const Vec &c) {
    Vec want = c;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        Cx s = 0;
        for (int l = 0; l < k; ++l)
          s += op(a, ld, ta, i, l) * op(b, ld, tb, l, j);
        want[size_t(j) * ld + i] = alpha * s + beta * c[size_t(j) * ld + i];
      }
    return want;
  };
  cuDoubleComplex *dA = dev<cuDoubleComplex>(A), *dB = dev<cuDoubleComplex>(B);
  for (cublasOperation_t ta : ops)
    for (cublasOperation_t tb : ops) {
      cuDoubleComplex *dC = dev<cuDoubleComplex>(C);
      cublasZgemm(h, ta, tb, m, n, k, &za, dA, ld, dB, ld, &zb, dC, ld);
      expect(allNear(host(dC, C.size()), product(ta, tb, A, B, C)), "zgemm");
    }
  {
    cuComplex *cA = dev<cuComplex>(A), *cB = dev<cuComplex>(B), *cC = dev<cuComplex>(C);
    cuComplex ca = make_cuComplex(0.75f, 1.25f), cb = make_cuComplex(-1, 0.5f);
    cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_C, m, n, k, &ca, cA, ld, cB, ld, &cb, cC, ld);
    expect(allNear(host(cC, C.size()), product(CUBLAS_OP_N, CUBLAS_OP_C, A, B, C), 1e-5L), "cgemm");
  }
  {
    cuDoubleComplex *dC = dev<cuDoubleComplex>(C);
    cublasZgemm3m(h, CUBLAS_OP_C, CUBLAS_OP_N, m, n, k, &za, dA, ld, dB, ld, &zb, dC, ld);
    expect(allNear(host(dC, C.size()), product(CUBLAS_OP_C, CUBLAS_OP_N, A, B, C)), "zgemm3m");
  }
  {
    // Two batches: strided, then the same by pointer arrays, then GemmEx.
    const long long sA = ld * ld, sC = ld * n;
    Vec A2 = randoms(2 * sA), B2 = randoms(2 * sA), C2 = randoms(2 * sC);
    cuDoubleComplex *a = dev<cuDoubleComplex>(A2), *b = dev<cuDoubleComplex>(B2),
                    *c = dev<cuDoubleComplex>(C2);
    cublasZgemmStridedBatched(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &za, a, ld, sA, b, ld, sA, &zb,
                              c, ld, sC, 2);
    Vec got = host(c, C2.size());
    bool ok = true;
    for (int i = 0; i < 2; ++i)
      ok = ok && allNear(Vec(got.begin() + i * sC, got.begin() + (i + 1) * sC),
                         product(CUBLAS_OP_T, CUBLAS_OP_N, Vec(A2.begin() + i * sA, A2.end()),
                                 Vec(B2.begin() + i * sA, B2.end()),
                                 Vec(C2.begin() + i * sC, C2.begin() + (i + 1) * sC)));
    expect(ok, "zgemmStridedBatched");
    cuDoubleComplex *c2 = dev<cuDoubleComplex>(C2);
    const cuDoubleComplex *as[2] = {a, a + sA}, *bs[2] = {b, b + sA};
    cuDoubleComplex *cs[2] = {c2, c2 + sC};
    const cuDoubleComplex **das;
    const cuDoubleComplex **dbs;
    cuDoubleComplex **dcs;
    cudaMalloc(&das, sizeof as);
    cudaMalloc(&dbs, sizeof bs);
    cudaMalloc(&dcs, sizeof cs);
    cudaMemcpy(das, as, sizeof as, cudaMemcpyHostToDevice);
    cudaMemcpy(dbs, bs, sizeof bs, cudaMemcpyHostToDevice);
    cudaMemcpy(dcs, cs, sizeof cs, cudaMemcpyHostToDevice);
    cublasZgemmBatched(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &za, das, ld, dbs, ld, &zb, dcs, ld, 2);
    expect(allNear(host(c2, C2.size()), got), "zgemmBatched");
    cuDoubleComplex *c3 = dev<cuDoubleComplex>(C);
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &za, dA, CUDA_C_64F, ld, dB, CUDA_C_64F, ld,
                 &zb, c3, CUDA_C_64F, ld, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT);
    expect(allNear(host(c3, C.size()), product(CUBLAS_OP_N, CUBLAS_OP_T, A, B, C)), "GemmEx C_64F");
  }
  {
    // geam: C = alpha A^H + beta B^T, m x n.
    cuDoubleComplex *dC = dev<cuDoubleComplex>(C);
    cublasZgeam(h, CUBLAS_OP_C, CUBLAS_OP_T, m, n, &za, dA, ld, &zb, dB, ld, dC, ld);
    Vec want = C;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        want[size_t(j) * ld + i] = alpha * op(A, ld, CUBLAS_OP_C, i, j) + beta * op(B, ld, CUBLAS_OP_T, i, j);
    expect(allNear(host(dC, C.size()), want), "zgeam");
    // dgmm: C = A diag(x), x with incx 2.
    Vec x = randoms(2 * n);
    cuDoubleComplex *dx = dev<cuDoubleComplex>(x);
    cublasZdgmm(h, CUBLAS_SIDE_RIGHT, m, n, dA, ld, dx, 2, dC, ld);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        want[size_t(j) * ld + i] = A[size_t(j) * ld + i] * x[2 * j];
    expect(allNear(host(dC, C.size()), want), "zdgmm");
  }
  report("gemm");
}

static void selfAdjoint(cublasHandle_t h) {
  const int m = 4, n = 3, ld = 6;
  const Cx alpha(0.5, -1), beta(1.25, 0.75);
  const double ralpha = -0.5, rbeta = 1.5;
  cuDoubleComplex za = z(alpha), zb = z(beta);
  Vec A = randoms(size_t(ld) * ld), B = randoms(size_t(ld) * ld), C = randoms(size_t(ld) * ld);
  cuDoubleComplex *dA = dev<cuDoubleComplex>(A), *dB = dev<cuDoubleComplex>(B);
  for (int lower = 0; lower < 2; ++lower) {
    cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    for (int herm = 0; herm < 2; ++herm)
      for (int left = 0; left < 2; ++left) {
        cuDoubleComplex *dC = dev<cuDoubleComplex>(C);
        cublasSideMode_t side = left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
        (herm ? cublasZhemm : cublasZsymm)(h, side, uplo, m, n, &za, dA, ld, dB, ld, &zb, dC, ld);
        Vec want = C;
        int order = left ? m : n;
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < m; ++i) {
            Cx s = 0;
            for (int l = 0; l < order; ++l)
              s += left ? full(A, ld, lower, herm, i, l) * B[size_t(j) * ld + l]
                        : B[size_t(l) * ld + i] * full(A, ld, lower, herm, l, j);
            want[size_t(j) * ld + i] = alpha * s + beta * C[size_t(j) * ld + i];
          }
        expect(allNear(host(dC, C.size()), want), herm ? "zhemm" : "zsymm");
      }
    // The rank-k forms, n x n from n x k (m as k).
    for (int herm = 0; herm < 2; ++herm)
      for (int plain = 0; plain < 2; ++plain)
        for (int form = 0; form < 3; ++form) { // k, kx, 2k
          cublasOperation_t t = plain ? CUBLAS_OP_N : herm ? CUBLAS_OP_C : CUBLAS_OP_T;
          cuDoubleComplex *dC = dev<cuDoubleComplex>(C);
          const int k = m;
          if (herm && form == 0)
            cublasZherk(h, uplo, t, n, k, &ralpha, dA, ld, &rbeta, dC, ld);
          else if (herm && form == 1)
            cublasZherkx(h, uplo, t, n, k, &za, dA, ld, dB, ld, &rbeta, dC, ld);
          else if (herm)
            cublasZher2k(h, uplo, t, n, k, &za, dA, ld, dB, ld, &rbeta, dC, ld);
          else if (form == 0)
            cublasZsyrk(h, uplo, t, n, k, &za, dA, ld, &zb, dC, ld);
          else if (form == 1)
            cublasZsyrkx(h, uplo, t, n, k, &za, dA, ld, dB, ld, &zb, dC, ld);
          else
            cublasZsyr2k(h, uplo, t, n, k, &za, dA, ld, dB, ld, &zb, dC, ld);
          Vec want = C;
          const Cx al = herm && form == 0 ? Cx(ralpha) : alpha;
          const Cx be = herm ? Cx(rbeta) : beta;
          auto adj = [&](Cx v) { return herm ? std::conj(v) : v; };
          const Vec &other = form == 0 ? A : B;
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
              if (!inTriangle(lower, i, j))
                continue;
              Cx s = 0, s2 = 0;
              for (int l = 0; l < k; ++l) {
                s += op(A, ld, t, i, l) * adj(op(other, ld, t, j, l));
                s2 += op(B, ld, t, i, l) * adj(op(A, ld, t, j, l));
              }
              Cx &e = want[size_t(j) * ld + i];
              e = al * s + (form == 2 ? (herm ? std::conj(al) : al) * s2 : Cx(0)) + be * e;
              if (herm && i == j)
                e = e.real();
            }
          expect(allNear(host(dC, C.size()), want), "zherk/zherkx/zher2k/zsyrk/zsyrkx/zsyr2k");
        }
  }
  report("hermitian and symmetric");
}

static void triangular(cublasHandle_t h) {
  const int m = 4, n = 3, ld = 6;
  const Cx alpha(-0.5, 1.5);
  cuDoubleComplex za = z(alpha);
  Vec A = randoms(size_t(ld) * ld), B = randoms(size_t(ld) * ld);
  for (int i = 0; i < ld; ++i)
    A[size_t(i) * ld + i] += Cx(3, -2);
  cuDoubleComplex *dA = dev<cuDoubleComplex>(A);
  for (int left = 0; left < 2; ++left)
    for (int lower = 0; lower < 2; ++lower)
      for (cublasOperation_t t : ops)
        for (int unit = 0; unit < 2; ++unit) {
          cublasSideMode_t side = left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
          cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
          cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
          int order = left ? m : n;
          auto times = [&](const Vec &X) { // alpha-free op(A) X or X op(A)
            Vec out(size_t(ld) * n);
            for (int j = 0; j < n; ++j)
              for (int i = 0; i < m; ++i) {
                Cx s = 0;
                for (int l = 0; l < order; ++l)
                  s += left ? tri(A, ld, lower, unit, t, i, l) * X[size_t(j) * ld + l]
                            : X[size_t(l) * ld + i] * tri(A, ld, lower, unit, t, l, j);
                out[size_t(j) * ld + i] = s;
              }
            return out;
          };
          cuDoubleComplex *dB = dev<cuDoubleComplex>(B), *dC = dev<cuDoubleComplex>(Vec(size_t(ld) * n));
          cublasZtrmm(h, side, uplo, t, diag, m, n, &za, dA, ld, dB, ld, dC, ld);
          Vec want = times(B), got = host(dC, size_t(ld) * n);
          bool ok = true;
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i)
              ok = ok && near(got[size_t(j) * ld + i], alpha * want[size_t(j) * ld + i], 1e-10L);
          expect(ok, "ztrmm");
          cublasZtrsm(h, side, uplo, t, diag, m, n, &za, dA, ld, dB, ld);
          Vec X = host(dB, size_t(ld) * n), back = times(X);
          ok = true;
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i)
              ok = ok && near(back[size_t(j) * ld + i], alpha * B[size_t(j) * ld + i], 1e-9L);
          expect(ok, "ztrsm");
        }
  report("triangular");
}

int main() {
  seed = 4242;
  cublasHandle_t h;
  cublasCreate(&h);
  level1(h);
  level2(h);
  gemms(h);
  selfAdjoint(h);
  triangular(h);
  cublasDestroy(h);
  return 0;
}
