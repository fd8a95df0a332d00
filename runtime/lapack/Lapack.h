//===-- Lapack.h - LAPACK's dense algorithms in double, on the host -------===//
//
// What libcusolver and libcublas compute, on column-major matrices held in doubles
// (element (i, j) at a[i + j * ld]), with LAPACK's conventions: the same
// factor layouts, pivots, Householder reflectors and orderings that
// cuSOLVER's routines of the same names document, so a program reads the
// results as it would from cuSOLVER.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_LAPACK_LAPACK_H
#define SIMT_RUNTIME_LAPACK_LAPACK_H

#include <cstddef>
#include <iterator>
#include <vector>

namespace simt::lapack {

using std::size_t;

/// A column-major m x n matrix with leading dimension ld.
struct ColMajor {
  int m = 0, n = 0, ld = 0;
  std::vector<double> a;
  double &at(int i, int j) { return a[size_t(i) + size_t(j) * size_t(ld)]; }
  double at(int i, int j) const { return a[size_t(i) + size_t(j) * size_t(ld)]; }

  /// The elements from (0, 0) to (m-1, n-1), the rows between columns
  /// included: what a copy to or from the device moves.
  size_t span() const { return m > 0 && n > 0 ? size_t(ld) * size_t(n - 1) + size_t(m) : 0; }
  /// The matrix whose span `raw` holds (in the device's type T).
  template <class T>
  static ColMajor fromElements(const std::vector<T> &raw, int m, int n, int ld) {
    ColMajor M{m, n, ld, std::vector<double>(raw.begin(), raw.end())};
    M.a.resize(size_t(ld) * size_t(n > 0 ? n : 0));
    return M;
  }
  /// Its span in type T.
  template <class T> std::vector<T> elements() const {
    return std::vector<T>(a.begin(), a.begin() + ptrdiff_t(span()));
  }
};

/// trsv: solves T x = b in place for the n x n triangle of M (`lower` or
/// upper, `unit` diagonal or not), or T^T x = b with `transpose`.
void trsv(const ColMajor &M, bool lower, bool unit, bool transpose, double *b);

/// getrf: P A = L U in place (L unit lower, U upper), partial pivoting by
/// the largest magnitude (the first of equals); ipiv 1-based, row i was
/// swapped with row ipiv[i]. `pivot` false: no pivoting (ipiv untouched).
/// Returns LAPACK's info: 0, or j (1-based) where U(j, j) is exactly zero.
int getrf(ColMajor &A, std::vector<int> *ipiv);
/// getrs: op(A) X = B with getrf's factors; `transpose`: A^T X = B.
void getrs(const ColMajor &LU, const std::vector<int> *ipiv, bool transpose, ColMajor &B);

/// potrf: A = L L^T (`lower`) or U^T U in A's triangle (the other is left
/// alone). Returns 0, or the order (1-based) of the leading minor that is
/// not positive definite.
int potrf(ColMajor &A, bool lower);
/// potrs: A X = B with potrf's factor.
void potrs(const ColMajor &factor, bool lower, ColMajor &B);
/// potri: A's inverse from potrf's factor, in the same triangle. Returns 0
/// or the 1-based index of a zero diagonal element of the factor.
int potri(ColMajor &factor, bool lower);

/// trtri: the inverse of A's `lower` or upper triangle, in place (the
/// other triangle left alone); `unit`: the diagonal taken as ones, not
/// read. Returns 0, or the 1-based index of a zero on the diagonal (A then
/// unchanged), as LAPACK's.
int trtri(ColMajor &A, bool lower, bool unit);

/// geqrf: A = Q R; R in and above the diagonal, the reflectors' vectors
/// below it (v(0) = 1 implied), tau their scales: H = I - tau v v^T,
/// Q = H(0) H(1) ... H(k-1), k = min(m, n).
void geqrf(ColMajor &A, std::vector<double> &tau);
/// ormqr: C = op(Q) C (`left`) or C op(Q) with the first k reflectors of
/// geqrf's A and tau; `transpose`: Q^T.
void ormqr(const ColMajor &QR, const std::vector<double> &tau, int k, bool left, bool transpose,
           ColMajor &C);
/// orgqr: A's first n columns of Q from its first k reflectors, in place.
void orgqr(ColMajor &A, const std::vector<double> &tau, int k);

/// How far the Jacobi methods below rotate (cuSOLVER's syevj and gesvdj
/// set it): to `tolerance` (0: to double's precision) or `maxSweeps`
/// sweeps, whichever comes first; `sort` orders the results; `sweeps` is
/// set to the sweeps made and `converged` to whether the tolerance was met.
struct Jacobi {
  double tolerance = 0;
  int maxSweeps = 60;
  bool sort = true;
  int sweeps = 0;
  bool converged = false;
};

/// gesvd (m >= n): A = U diag(S) V^T, S descending; U m x m (`fullU`) or
/// m x n, V^T n x n. One-sided Jacobi rotations to convergence.
void gesvd(const ColMajor &A, std::vector<double> &S, ColMajor *U, bool fullU, ColMajor *VT,
           Jacobi *control = nullptr);

/// syevd: the symmetric matrix (A's `lower` or upper triangle) = V diag(W)
/// V^T, W ascending, V's columns in A when `vectors` (cyclic Jacobi).
void syevd(ColMajor &A, bool lower, bool vectors, std::vector<double> &W,
           Jacobi *control = nullptr);

/// sygvd: the symmetric-definite eigenproblem of `type` 1 (A x = w B x),
/// 2 (A B x = w x) or 3 (B A x = w x), through B = L L^T (potrf, left in
/// B's triangle) and syevd of the standard problem it reduces to; W
/// ascending, the x in A's columns when `vectors` (x^T B x = 1 for types 1
/// and 2, x^T B^-1 x = 1 for 3). Returns 0, or n + potrf's info when B is
/// not positive definite (A then unchanged), as LAPACK's.
int sygvd(ColMajor &A, ColMajor &B, int type, bool lower, bool vectors, std::vector<double> &W);

} // namespace simt::lapack

#endif
