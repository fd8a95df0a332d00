//===-- Lapack.cpp - LU, Cholesky, QR, SVD and symmetric eigenproblems ----===//
#include "runtime/lapack/Lapack.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace simt::lapack {

int getrf(ColMajor &A, std::vector<int> *ipiv) {
  const int k = std::min(A.m, A.n);
  int info = 0;
  for (int j = 0; j < k; ++j) {
    int p = j;
    if (ipiv) {
      for (int i = j + 1; i < A.m; ++i)
        if (std::fabs(A.at(i, j)) > std::fabs(A.at(p, j)))
          p = i;
      (*ipiv)[size_t(j)] = p + 1;
      if (p != j)
        for (int c = 0; c < A.n; ++c)
          std::swap(A.at(j, c), A.at(p, c));
    }
    const double pivot = A.at(j, j);
    if (pivot == 0) {
      if (!info)
        info = j + 1; // LAPACK goes on: the factors are complete, U singular
      continue;
    }
    for (int i = j + 1; i < A.m; ++i)
      A.at(i, j) /= pivot;
    for (int c = j + 1; c < A.n; ++c)
      for (int i = j + 1; i < A.m; ++i)
        A.at(i, c) -= A.at(i, j) * A.at(j, c);
  }
  return info;
}

void trsv(const ColMajor &M, bool lower, bool unit, bool transpose, double *b) {
  const int n = M.n;
  const bool forward = lower != transpose;
  for (int s = 0; s < n; ++s) {
    const int i = forward ? s : n - 1 - s;
    double v = b[i];
    for (int j = 0; j < n; ++j) {
      const bool inTriangle = lower ? j < i : j > i;        // T(i, j), op N
      const bool inTransposed = lower ? j > i : j < i;      // T(j, i), op T
      if (!transpose && inTriangle)
        v -= M.at(i, j) * b[j];
      else if (transpose && inTransposed)
        v -= M.at(j, i) * b[j];
    }
    b[i] = unit ? v : v / M.at(i, i);
  }
}

void getrs(const ColMajor &LU, const std::vector<int> *ipiv, bool transpose, ColMajor &B) {
  const int n = LU.n;
  for (int c = 0; c < B.n; ++c) {
    double *b = &B.at(0, c);
    if (!transpose) {
      if (ipiv)
        for (int i = 0; i < n; ++i)
          std::swap(b[i], b[(*ipiv)[size_t(i)] - 1]);
      trsv(LU, true, true, false, b);
      trsv(LU, false, false, false, b);
    } else {
      // A^T = U^T L^T P: U^T y = b, L^T z = y, then the swaps backwards.
      trsv(LU, false, false, true, b);
      trsv(LU, true, true, true, b);
      if (ipiv)
        for (int i = n - 1; i >= 0; --i)
          std::swap(b[i], b[(*ipiv)[size_t(i)] - 1]);
    }
  }
}

int potrf(ColMajor &A, bool lower) {
  // The lower factor L (A = L L^T); an upper one is its transpose, U = L^T,
  // read and written through the mirrored index.
  auto at = [&](int i, int j) -> double & { return lower ? A.at(i, j) : A.at(j, i); };
  for (int j = 0; j < A.n; ++j) {
    double d = at(j, j);
    for (int k = 0; k < j; ++k)
      d -= at(j, k) * at(j, k);
    if (!(d > 0))
      return j + 1;
    d = std::sqrt(d);
    at(j, j) = d;
    for (int i = j + 1; i < A.n; ++i) {
      double v = at(i, j);
      for (int k = 0; k < j; ++k)
        v -= at(i, k) * at(j, k);
      at(i, j) = v / d;
    }
  }
  return 0;
}

void potrs(const ColMajor &factor, bool lower, ColMajor &B) {
  for (int c = 0; c < B.n; ++c) {
    double *b = &B.at(0, c);
    // lower: L L^T x = b; upper: U^T U x = b.
    trsv(factor, lower, false, !lower, b);
    trsv(factor, lower, false, lower, b);
  }
}

int potri(ColMajor &factor, bool lower) {
  const int n = factor.n;
  for (int i = 0; i < n; ++i)
    if (factor.at(i, i) == 0)
      return i + 1;
  // The inverse column by column: A^-1 e_c by potrs, written to the triangle.
  ColMajor inv{n, n, n, std::vector<double>(size_t(n) * n, 0.0)};
  for (int c = 0; c < n; ++c)
    inv.at(c, c) = 1;
  potrs(factor, lower, inv);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (lower ? i >= j : i <= j)
        factor.at(i, j) = inv.at(i, j);
  return 0;
}

int trtri(ColMajor &A, bool lower, bool unit) {
  const int n = A.n;
  if (!unit)
    for (int i = 0; i < n; ++i)
      if (A.at(i, i) == 0)
        return i + 1;
  // The inverse X of the lower triangle L (an upper U = L^T through the
  // mirrored index, U^-1 = X^T), column by column: X(:, j) reads L's
  // columns j and after only, which are still L's, so it can replace them.
  auto at = [&](int i, int j) -> double & { return lower ? A.at(i, j) : A.at(j, i); };
  std::vector<double> x(static_cast<size_t>(n));
  for (int j = 0; j < n; ++j) {
    x[size_t(j)] = unit ? 1 : 1 / at(j, j);
    // L(i, j:i) X(j:i, j) = 0, the sums in long double: an inverse's
    // element then carries one rounding, not one per term, and programs
    // check A A^-1 = I to within a few ulps of the identity.
    for (int i = j + 1; i < n; ++i) {
      long double s = 0;
      for (int k = j; k < i; ++k)
        s += static_cast<long double>(at(i, k)) * x[size_t(k)];
      x[size_t(i)] = double(unit ? -s : -s / at(i, i));
    }
    for (int i = unit ? j + 1 : j; i < n; ++i)
      at(i, j) = x[size_t(i)];
  }
  return 0;
}

void geqrf(ColMajor &A, std::vector<double> &tau) {
  const int k = std::min(A.m, A.n);
  tau.assign(size_t(k), 0.0);
  for (int j = 0; j < k; ++j) {
    double xnorm = 0;
    for (int i = j + 1; i < A.m; ++i)
      xnorm = std::hypot(xnorm, A.at(i, j));
    const double alpha = A.at(j, j);
    if (xnorm == 0)
      continue; // H = I
    const double beta = -std::copysign(std::hypot(alpha, xnorm), alpha);
    tau[size_t(j)] = (beta - alpha) / beta;
    for (int i = j + 1; i < A.m; ++i)
      A.at(i, j) /= alpha - beta;
    A.at(j, j) = beta;
    // The rest of the columns: A = H A, H = I - tau v v^T, v = (1, A(j+1:, j)).
    for (int c = j + 1; c < A.n; ++c) {
      double s = A.at(j, c);
      for (int i = j + 1; i < A.m; ++i)
        s += A.at(i, j) * A.at(i, c);
      s *= tau[size_t(j)];
      A.at(j, c) -= s;
      for (int i = j + 1; i < A.m; ++i)
        A.at(i, c) -= s * A.at(i, j);
    }
  }
}

namespace {
/// Applies reflector r of `QR` (rows r.. of its column r, v(r) = 1) to C:
/// from the left to C's rows, or from the right to its columns.
void reflect(const ColMajor &QR, double tau, int r, bool left, ColMajor &C) {
  if (tau == 0)
    return;
  const auto v = [&](int i) { return i == r ? 1.0 : QR.at(i, r); };
  if (left) {
    for (int c = 0; c < C.n; ++c) {
      double s = 0;
      for (int i = r; i < QR.m; ++i)
        s += v(i) * C.at(i, c);
      s *= tau;
      for (int i = r; i < QR.m; ++i)
        C.at(i, c) -= s * v(i);
    }
  } else {
    for (int row = 0; row < C.m; ++row) {
      double s = 0;
      for (int i = r; i < QR.m; ++i)
        s += C.at(row, i) * v(i);
      s *= tau;
      for (int i = r; i < QR.m; ++i)
        C.at(row, i) -= s * v(i);
    }
  }
}
} // namespace

void ormqr(const ColMajor &QR, const std::vector<double> &tau, int k, bool left, bool transpose,
           ColMajor &C) {
  // Q = H(0) ... H(k-1). Q C and C Q^T apply H(k-1) first; Q^T C and C Q
  // apply H(0) first.
  const bool lastFirst = left != transpose;
  for (int s = 0; s < k; ++s) {
    const int r = lastFirst ? k - 1 - s : s;
    reflect(QR, tau[size_t(r)], r, left, C);
  }
}

void orgqr(ColMajor &A, const std::vector<double> &tau, int k) {
  ColMajor Q{A.m, A.n, A.m, std::vector<double>(size_t(A.m) * A.n, 0.0)};
  for (int j = 0; j < std::min(A.m, A.n); ++j)
    Q.at(j, j) = 1;
  ormqr(A, tau, k, true, false, Q);
  for (int j = 0; j < A.n; ++j)
    for (int i = 0; i < A.m; ++i)
      A.at(i, j) = Q.at(i, j);
}

namespace {
/// Jacobi rotation (c, s) that zeroes the off-diagonal of the symmetric
/// 2 x 2 matrix [app apq; apq aqq].
void rotation(double app, double aqq, double apq, double &c, double &s) {
  const double theta = (aqq - app) / (2 * apq);
  const double t = std::copysign(1.0, theta) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
  c = 1 / std::sqrt(t * t + 1);
  s = c * t;
}

/// Completes the first `have` orthonormal columns of the m x m `U` to a
/// basis (Gram-Schmidt over the unit vectors, twice for accuracy).
void completeBasis(ColMajor &U, int have) {
  int next = have;
  for (int e = 0; e < U.m && next < U.m; ++e) {
    std::vector<double> v(static_cast<size_t>(U.m), 0.0);
    v[size_t(e)] = 1;
    for (int pass = 0; pass < 2; ++pass)
      for (int j = 0; j < next; ++j) {
        double d = 0;
        for (int i = 0; i < U.m; ++i)
          d += U.at(i, j) * v[size_t(i)];
        for (int i = 0; i < U.m; ++i)
          v[size_t(i)] -= d * U.at(i, j);
      }
    double norm = 0;
    for (double x : v)
      norm = std::hypot(norm, x);
    if (norm < 1e-8)
      continue;
    for (int i = 0; i < U.m; ++i)
      U.at(i, next) = v[size_t(i)] / norm;
    ++next;
  }
}
} // namespace

void gesvd(const ColMajor &A, std::vector<double> &S, ColMajor *U, bool fullU, ColMajor *VT,
           Jacobi *control) {
  Jacobi defaults;
  Jacobi &J = control ? *control : defaults;
  const double converged = J.tolerance > 0 ? J.tolerance : 1e-15;
  const int m = A.m, n = A.n;
  ColMajor W{m, n, m, std::vector<double>(size_t(m) * n)};
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      W.at(i, j) = A.at(i, j);
  ColMajor V{n, n, n, std::vector<double>(size_t(n) * n, 0.0)};
  for (int j = 0; j < n; ++j)
    V.at(j, j) = 1;
  // One-sided Jacobi: rotate column pairs of W (and V) until all are
  // orthogonal; W's column norms are then the singular values.
  J.converged = false;
  for (J.sweeps = 0; J.sweeps < J.maxSweeps && !J.converged;) {
    ++J.sweeps;
    double off = 0;
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) {
        double app = 0, aqq = 0, apq = 0;
        for (int i = 0; i < m; ++i) {
          app += W.at(i, p) * W.at(i, p);
          aqq += W.at(i, q) * W.at(i, q);
          apq += W.at(i, p) * W.at(i, q);
        }
        if (apq == 0 || std::fabs(apq) <= 1e-300)
          continue;
        off = std::max(off, std::fabs(apq) / std::sqrt(app * aqq));
        double c, s;
        rotation(app, aqq, apq, c, s);
        for (int i = 0; i < m; ++i) {
          const double wp = W.at(i, p), wq = W.at(i, q);
          W.at(i, p) = c * wp - s * wq;
          W.at(i, q) = s * wp + c * wq;
        }
        for (int i = 0; i < n; ++i) {
          const double vp = V.at(i, p), vq = V.at(i, q);
          V.at(i, p) = c * vp - s * vq;
          V.at(i, q) = s * vp + c * vq;
        }
      }
    J.converged = off < converged;
  }
  std::vector<double> norms(static_cast<size_t>(n));
  for (int j = 0; j < n; ++j) {
    double s = 0;
    for (int i = 0; i < m; ++i)
      s = std::hypot(s, W.at(i, j));
    norms[size_t(j)] = s;
  }
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  if (J.sort)
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return norms[size_t(a)] > norms[size_t(b)]; });
  S.resize(size_t(n));
  for (int r = 0; r < n; ++r)
    S[size_t(r)] = norms[size_t(order[size_t(r)])];
  if (VT) {
    *VT = ColMajor{n, n, n, std::vector<double>(size_t(n) * n)};
    for (int r = 0; r < n; ++r)
      for (int j = 0; j < n; ++j)
        VT->at(r, j) = V.at(j, order[size_t(r)]);
  }
  if (U) {
    // U's column r is W's over its singular value; those of zero singular
    // values (wherever they stand, unsorted) and the columns past n come
    // from completing the others to an orthonormal basis.
    const int cols = fullU ? m : n;
    *U = ColMajor{m, cols, m, std::vector<double>(size_t(m) * cols, 0.0)};
    const double largest = S.empty() ? 0.0 : *std::max_element(S.begin(), S.end());
    ColMajor square{m, m, m, std::vector<double>(size_t(m) * m, 0.0)};
    std::vector<int> missing;
    int have = 0;
    for (int r = 0; r < n; ++r) {
      const double s = S[size_t(r)];
      if (s <= largest * 1e-15 || s == 0) {
        missing.push_back(r);
        continue;
      }
      for (int i = 0; i < m; ++i)
        square.at(i, have) = U->at(i, r) = W.at(i, order[size_t(r)]) / s;
      ++have;
    }
    completeBasis(square, have);
    for (int j = n; j < cols; ++j)
      missing.push_back(j);
    for (int r : missing) {
      for (int i = 0; i < m; ++i)
        U->at(i, r) = square.at(i, have);
      ++have;
    }
  }
}

void syevd(ColMajor &A, bool lower, bool vectors, std::vector<double> &W, Jacobi *control) {
  Jacobi defaults;
  Jacobi &J = control ? *control : defaults;
  // Converged: the off-diagonal part's norm at most tolerance times the
  // whole's (squared here), 1e-15 by default.
  const double converged = J.tolerance > 0 ? J.tolerance * J.tolerance : 1e-30;
  const int n = A.n;
  ColMajor S{n, n, n, std::vector<double>(size_t(n) * n)};
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const bool stored = lower ? i >= j : i <= j;
      S.at(i, j) = stored ? A.at(i, j) : A.at(j, i);
    }
  ColMajor V{n, n, n, std::vector<double>(size_t(n) * n, 0.0)};
  for (int j = 0; j < n; ++j)
    V.at(j, j) = 1;
  // Cyclic Jacobi: rotate away each off-diagonal element in turn.
  J.converged = false;
  for (J.sweeps = 0;; ++J.sweeps) {
    double off = 0, total = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        total += S.at(i, j) * S.at(i, j);
        if (i != j)
          off += S.at(i, j) * S.at(i, j);
      }
    J.converged = off <= converged * total || off == 0;
    if (J.converged || J.sweeps == J.maxSweeps)
      break;
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) {
        if (S.at(p, q) == 0)
          continue;
        double c, s;
        rotation(S.at(p, p), S.at(q, q), S.at(p, q), c, s);
        for (int k = 0; k < n; ++k) { // S = S J
          const double kp = S.at(k, p), kq = S.at(k, q);
          S.at(k, p) = c * kp - s * kq;
          S.at(k, q) = s * kp + c * kq;
        }
        for (int k = 0; k < n; ++k) { // S = J^T S
          const double pk = S.at(p, k), qk = S.at(q, k);
          S.at(p, k) = c * pk - s * qk;
          S.at(q, k) = s * pk + c * qk;
        }
        for (int k = 0; k < n; ++k) {
          const double kp = V.at(k, p), kq = V.at(k, q);
          V.at(k, p) = c * kp - s * kq;
          V.at(k, q) = s * kp + c * kq;
        }
      }
  }
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  if (J.sort)
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return S.at(a, a) < S.at(b, b); });
  W.resize(size_t(n));
  for (int r = 0; r < n; ++r)
    W[size_t(r)] = S.at(order[size_t(r)], order[size_t(r)]);
  if (vectors)
    for (int r = 0; r < n; ++r)
      for (int i = 0; i < n; ++i)
        A.at(i, r) = V.at(i, order[size_t(r)]);
}

int sygvd(ColMajor &A, ColMajor &B, int type, bool lower, bool vectors, std::vector<double> &W) {
  const int n = A.n;
  if (const int info = potrf(B, lower))
    return n + info;
  // L, the factor as a whole lower triangular matrix (L = U^T for upper).
  ColMajor L{n, n, n, std::vector<double>(size_t(n) * n, 0.0)};
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i)
      L.at(i, j) = lower ? B.at(i, j) : B.at(j, i);
  ColMajor C{n, n, n, std::vector<double>(size_t(n) * n)};
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      C.at(i, j) = (lower ? i >= j : i <= j) ? A.at(i, j) : A.at(j, i);
  // The standard problem C y = w y: C = L^-1 A L^-T for type 1, L^T A L
  // for 2 and 3; each half applied to C's columns, and, C being
  // symmetric, again to the transpose.
  for (int half = 0; half < 2; ++half) {
    for (int c = 0; c < n; ++c) {
      double *col = &C.at(0, c);
      if (type == 1) {
        trsv(L, true, false, false, col);
      } else {
        std::vector<double> y(static_cast<size_t>(n), 0.0); // L^T col
        for (int i = 0; i < n; ++i)
          for (int k = i; k < n; ++k)
            y[size_t(i)] += L.at(k, i) * col[k];
        std::copy(y.begin(), y.end(), col);
      }
    }
    for (int j = 0; j < n; ++j)
      for (int i = j + 1; i < n; ++i)
        std::swap(C.at(i, j), C.at(j, i));
  }
  syevd(C, true, vectors, W);
  if (!vectors)
    return 0;
  // The eigenvectors: x = L^-T y for types 1 and 2, x = L y for 3.
  for (int c = 0; c < n; ++c) {
    double *y = &C.at(0, c);
    if (type == 3) {
      std::vector<double> x(static_cast<size_t>(n), 0.0);
      for (int i = 0; i < n; ++i)
        for (int k = 0; k <= i; ++k)
          x[size_t(i)] += L.at(i, k) * y[k];
      std::copy(x.begin(), x.end(), y);
    } else {
      trsv(L, true, false, true, y);
    }
    for (int i = 0; i < n; ++i)
      A.at(i, c) = y[i];
  }
  return 0;
}

} // namespace simt::lapack
