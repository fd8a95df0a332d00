// The inverse error functions (cc/headers/__simt_math_functions.h): erfinv,
// erfcinv and normcdfinv in float and double, against a host reference that
// bisects the host's long double erfl/erfcl (erfcl wherever the argument is
// near 1, so the tails keep their relative accuracy). Bounds: 2 ulp in
// double (CUDA documents 5 for erfinv, 6 for erfcinv, 8 for normcdfinv),
// 1 ulp in float; the points cover the middle, both tails of erfinv down to
// 1 - 2^-52, erfcinv down to 1e-300 and up to 2 - 1e-10, and the
// special values (+-1, 0, 2 and what lies outside).
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: erfinv: 0 bad of 600
// CHECK-NEXT: erfcinv: 0 bad of 600
// CHECK-NEXT: normcdfinv: 0 bad of 600
// CHECK-NEXT: erfinvf: 0 bad of 600
// CHECK-NEXT: erfcinvf: 0 bad of 600
// CHECK-NEXT: normcdfinvf: 0 bad of 600
// CHECK-NEXT: special: inf -inf -0 nan inf -inf 0 nan -inf inf
#include <cmath>
#include <cstdio>

const int N = 600;

__global__ void inverses(const double *in, double *d, float *f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N)
    return;
  // in[i] is in (0, 1): erfinv of 2v - 1, erfcinv of 2v, normcdfinv of v.
  double v = in[i];
  d[3 * i] = erfinv(2 * v - 1);
  d[3 * i + 1] = erfcinv(2 * v);
  d[3 * i + 2] = normcdfinv(v);
  float vf = float(v);
  f[3 * i] = erfinvf(2 * vf - 1);
  f[3 * i + 1] = erfcinvf(2 * vf);
  f[3 * i + 2] = normcdfinvf(vf);
}

__global__ void specials(double *s) {
  double inf = INFINITY;
  s[0] = erfinv(1.0), s[1] = erfinv(-1.0), s[2] = erfinv(-0.0), s[3] = erfinv(1.5);
  s[4] = erfcinv(0.0), s[5] = erfcinv(2.0), s[6] = erfcinv(1.0), s[7] = erfcinv(-inf);
  s[8] = normcdfinv(0.0), s[9] = normcdfinv(1.0);
}

// x >= 0 with erfcl(x) = z, z in (0, 1].
static long double solveErfc(long double z) {
  long double lo = 0, hi = 40;
  for (int k = 0; k < 200; ++k) {
    long double m = (lo + hi) / 2;
    (erfcl(m) > z ? lo : hi) = m;
  }
  return lo;
}
// x with erfl(x) = y; near +-1 through erfcl of 1 - |y|, exact there.
static long double refErfinv(long double y) {
  long double a = fabsl(y), x;
  if (a == 1)
    return y * INFINITY;
  if (a <= 0.5L) {
    long double lo = 0, hi = 1;
    for (int k = 0; k < 200; ++k) {
      long double m = (lo + hi) / 2;
      (erfl(m) < a ? lo : hi) = m;
    }
    x = lo;
  } else {
    x = solveErfc(1.0L - a);
  }
  return y < 0 ? -x : x;
}
static long double refErfcinv(long double z) {
  if (z == 0 || z == 2)
    return z == 0 ? INFINITY : -INFINITY;
  if (z >= 0.5L && z <= 1.5L)
    return refErfinv(1.0L - z);
  return z > 1.5L ? -solveErfc(2.0L - z) : solveErfc(z);
}

static int countBad(const char *name, const double *got, int stride, long double (*ref)(int),
                    double ulps, int bits) {
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    long double want = ref(i), g = got[i * stride];
    long double err = fabsl(g - want) / (want == 0 ? 1 : fabsl(want));
    if (isinf(want) ? g != want : !(err <= ulps * ldexp(1.0, -bits))) {
      if (++bad <= 3)
        printf("  %s #%d: %.17Lg, want %.20Lg\n", name, i, g, want);
    }
  }
  printf("%s: %d bad of %d\n", name, bad, N);
  return bad;
}

static double points[N];
static float pointsF[N];

int main() {
  // Spread over (0, 1) with both ends squeezed: v = 2^-e and 1 - 2^-e too.
  for (int i = 0; i < N; ++i) {
    if (i < 200)
      points[i] = (i + 0.5) / 200;
    else if (i < 400)
      points[i] = ldexp(1.0, -(i - 199) * 5 % 997 - 1); // down to 2^-997
    else
      points[i] = 1 - ldexp(1.0, -(i - 399) % 53 - 1);   // up to 1 - 2^-53
    if (i >= 200 && i < 400 && (i & 1)) // erfcinv's far tail: z = 2v near 1e-300
      points[i] = 1e-300 * (i - 199);
    pointsF[i] = float(points[i]);
  }
  double *dIn, *dD, *dS;
  float *dF;
  cudaMalloc(&dIn, N * sizeof(double));
  cudaMalloc(&dD, 3 * N * sizeof(double));
  cudaMalloc(&dF, 3 * N * sizeof(float));
  cudaMalloc(&dS, 10 * sizeof(double));
  cudaMemcpy(dIn, points, N * sizeof(double), cudaMemcpyHostToDevice);
  inverses<<<(N + 127) / 128, 128>>>(dIn, dD, dF);
  specials<<<1, 1>>>(dS);
  static double d[3 * N], fd[3 * N], s[10];
  static float f[3 * N];
  cudaMemcpy(d, dD, sizeof d, cudaMemcpyDeviceToHost);
  cudaMemcpy(f, dF, sizeof f, cudaMemcpyDeviceToHost);
  cudaMemcpy(s, dS, sizeof s, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 3 * N; ++i)
    fd[i] = f[i];

  // The arguments as the kernel computed them: 2v exact, 2v - 1 rounded
  // once (as a fused multiply-add rounds it).
  countBad("erfinv", d, 3, [](int i) { return refErfinv(2 * points[i] - 1); }, 2, 52);
  countBad("erfcinv", d + 1, 3, [](int i) { return refErfcinv(2.0L * points[i]); }, 2, 52);
  countBad("normcdfinv", d + 2, 3,
           [](int i) { return -sqrtl(2.0L) * refErfcinv(2.0L * points[i]); }, 2, 52);
  // Float: the arguments as the kernel had them (v = 1 - 2^-k rounds to 1
  // for k > 24, a tiny v to 0: infinite results, as the reference's).
  countBad("erfinvf", fd, 3,
           [](int i) { return refErfinv((long double)(2 * pointsF[i] - 1)); }, 1, 23);
  countBad("erfcinvf", fd + 1, 3, [](int i) { return refErfcinv((long double)(2 * pointsF[i])); },
           1, 23);
  countBad("normcdfinvf", fd + 2, 3,
           [](int i) { return -sqrtl(2.0L) * refErfcinv(2.0L * pointsF[i]); }, 1, 23);
  printf("special:");
  for (double x : s)
    printf(" %g", x);
  printf("\n");
  return 0;
}
