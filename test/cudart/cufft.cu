// cuFFT (libcufft, -lcufft; runtime/cufft) as programs use it, against the
// discrete Fourier transform's definition evaluated directly on the host in
// long double: X_k = sum_j x_j e^(s 2 pi i jk/n), s = -1 forward, +1
// inverse, unnormalised. Bounds: 1e-4 relative to the largest output in
// float, 1e-11 in double.
// - C2C forward and inverse at powers of two (256) and other lengths (100,
//   97 a prime: Bluestein's algorithm), batched; in place.
// - R2C (n/2+1 outputs) and C2R (the round trip gives n times the input);
//   D2Z and Z2D; Z2Z.
// - 2-D and 3-D C2C plans (cufftPlan2d/3d: x the slowest axis), a 2-D R2C.
// - cufftPlanMany with an advanced layout: input stride 2 and distance 40
//   (every other element), output embedded in rows of 12 of which 10 used.
// - A kernel consuming a transform's output on the plan's stream.
// - Errors: a wrong type for the plan, a destroyed plan, a bad size.
// RUN: simt-nvcc -O2 %s -o %t -lcufft && %t | FileCheck %s
// CHECK: c2c: 0 bad of 6
// CHECK-NEXT: real: 0 bad of 5
// CHECK-NEXT: multi-dimensional: 0 bad of 3
// CHECK-NEXT: layout: 0 bad of 1, gaps untouched 1
// CHECK-NEXT: stream: 0 bad of 1
// CHECK-NEXT: errors: 3 1 8
// CHECK-NEXT: version 12000
#include <cmath>
#include <complex>
#include <cstdio>
#include <cufft.h>
#include <vector>

typedef long double Real;
typedef std::complex<Real> Cx;

static int bad = 0, checks = 0;
static void report(const char *what) {
  printf("%s: %d bad of %d\n", what, bad, checks);
  bad = checks = 0;
}

// The d-dimensional transform of a row-major array, by definition.
static std::vector<Cx> dft(const std::vector<Cx> &x, const std::vector<int> &n, int sign) {
  size_t total = x.size();
  std::vector<Cx> out(total);
  std::vector<int> kIdx(n.size()), jIdx(n.size());
  for (size_t k = 0; k < total; ++k) {
    for (size_t d = n.size(), r = k; d-- > 0; r /= n[d])
      kIdx[d] = int(r % n[d]);
    Cx sum = 0;
    for (size_t j = 0; j < total; ++j) {
      Real phase = 0;
      for (size_t d = n.size(), r = j; d-- > 0; r /= n[d]) {
        jIdx[d] = int(r % n[d]);
        phase += Real(jIdx[d]) * kIdx[d] / n[d];
      }
      phase -= std::floor(phase);
      sum += x[j] * std::polar(Real(1), sign * 2 * Real(M_PI) * phase);
    }
    out[k] = sum;
  }
  return out;
}

static std::vector<Cx> signal(size_t n, int seed) {
  std::vector<Cx> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = Cx(std::sin(0.37L * i + seed), std::cos(1.3L * i * i / (seed + 3)) * 0.5L);
  return v;
}

// got (interleaved re, im or real only) against want.
template <class T> static void expect(const std::vector<T> &got, const std::vector<Cx> &want,
                                      bool realOnly) {
  ++checks;
  Real scale = 0, err = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    scale = std::max(scale, std::abs(want[i]));
    Cx g = realOnly ? Cx(got[i], 0) : Cx(got[2 * i], got[2 * i + 1]);
    err = std::max(err, std::abs(g - (realOnly ? Cx(want[i].real(), 0) : want[i])));
  }
  bad += !(err <= (sizeof(T) == 4 ? 1e-4L : 1e-11L) * (1 + scale));
}

template <class T> static std::vector<T> interleave(const std::vector<Cx> &v) {
  std::vector<T> out;
  for (Cx c : v)
    out.push_back(T(c.real())), out.push_back(T(c.imag()));
  return out;
}
template <class T> static T *upload(const std::vector<T> &h, size_t extra = 0) {
  T *d;
  cudaMalloc(&d, (h.size() + extra) * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> download(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}

static void c2cCases() {
  for (int n : {256, 100, 97}) {
    const int batch = 2;
    std::vector<Cx> x = signal(size_t(n) * batch, n);
    std::vector<float> in = interleave<float>(x);
    float *d = upload(in);
    cufftHandle plan;
    cufftPlan1d(&plan, n, CUFFT_C2C, batch);
    cufftExecC2C(plan, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD); // in place
    std::vector<Cx> want;
    for (int b = 0; b < batch; ++b) {
      std::vector<Cx> one(x.begin() + b * n, x.begin() + (b + 1) * n), t = dft(one, {n}, -1);
      want.insert(want.end(), t.begin(), t.end());
    }
    expect(download(d, in.size()), want, false);
    // Inverse of the forward: n times the input.
    cufftExecC2C(plan, (cufftComplex *)d, (cufftComplex *)d, CUFFT_INVERSE);
    for (Cx &v : x)
      v *= Real(n);
    expect(download(d, in.size()), x, false);
    cufftDestroy(plan);
  }
}

static void realCases() {
  const int n = 60;
  std::vector<Cx> x = signal(n, 1);
  for (Cx &v : x)
    v = Cx(v.real(), 0);
  std::vector<Cx> spectrum = dft(x, {n}, -1), half(spectrum.begin(), spectrum.begin() + n / 2 + 1);
  std::vector<float> realIn;
  for (Cx v : x)
    realIn.push_back(float(v.real()));
  float *dr = upload(realIn);
  float *dc;
  cudaMalloc(&dc, (n / 2 + 1) * 2 * sizeof(float));
  cufftHandle r2c, c2r;
  cufftPlan1d(&r2c, n, CUFFT_R2C, 1);
  cufftPlan1d(&c2r, n, CUFFT_C2R, 1);
  cufftExecR2C(r2c, dr, (cufftComplex *)dc);
  expect(download(dc, (n / 2 + 1) * 2), half, false);
  float *back;
  cudaMalloc(&back, n * sizeof(float));
  cufftExecC2R(c2r, (cufftComplex *)dc, back);
  std::vector<Cx> nx(x);
  for (Cx &v : nx)
    v *= Real(n);
  expect(download(back, n), nx, true);
  // Double: D2Z, Z2D, Z2Z.
  std::vector<double> realD;
  for (Cx v : x)
    realD.push_back(double(v.real()));
  double *ddr = upload(realD), *ddc, *dback;
  cudaMalloc(&ddc, (n / 2 + 1) * 2 * sizeof(double));
  cudaMalloc(&dback, n * sizeof(double));
  cufftHandle d2z, z2d, z2z;
  cufftPlan1d(&d2z, n, CUFFT_D2Z, 1);
  cufftPlan1d(&z2d, n, CUFFT_Z2D, 1);
  cufftExecD2Z(d2z, ddr, (cufftDoubleComplex *)ddc);
  expect(download(ddc, (n / 2 + 1) * 2), half, false);
  cufftExecZ2D(z2d, (cufftDoubleComplex *)ddc, dback);
  expect(download(dback, n), nx, true);
  std::vector<Cx> z = signal(n, 5);
  double *dz = upload(interleave<double>(z)), *dzo;
  cudaMalloc(&dzo, 2 * n * sizeof(double));
  cufftPlan1d(&z2z, n, CUFFT_Z2Z, 1);
  cufftExecZ2Z(z2z, (cufftDoubleComplex *)dz, (cufftDoubleComplex *)dzo, CUFFT_INVERSE);
  expect(download(dzo, 2 * n), dft(z, {n}, +1), false);
}

static void multiDimCases() {
  std::vector<Cx> x = signal(12 * 10, 2);
  float *d = upload(interleave<float>(x)), *o;
  cudaMalloc(&o, 2 * x.size() * sizeof(float));
  cufftHandle p2;
  cufftPlan2d(&p2, 12, 10, CUFFT_C2C);
  cufftExecC2C(p2, (cufftComplex *)d, (cufftComplex *)o, CUFFT_FORWARD);
  expect(download(o, 2 * x.size()), dft(x, {12, 10}, -1), false);
  std::vector<Cx> y = signal(4 * 6 * 5, 3);
  float *dy = upload(interleave<float>(y)), *oy;
  cudaMalloc(&oy, 2 * y.size() * sizeof(float));
  cufftHandle p3;
  cufftPlan3d(&p3, 4, 6, 5, CUFFT_C2C);
  cufftExecC2C(p3, (cufftComplex *)dy, (cufftComplex *)oy, CUFFT_INVERSE);
  expect(download(oy, 2 * y.size()), dft(y, {4, 6, 5}, +1), false);
  // 2-D real to complex: 8 x 6 real in, 8 x 4 complex out.
  std::vector<Cx> r = signal(8 * 6, 4);
  std::vector<float> rin;
  for (Cx &v : r)
    rin.push_back(float(v.real())), v = Cx(float(v.real()), 0);
  float *dr = upload(rin), *orc;
  cudaMalloc(&orc, 8 * 4 * 2 * sizeof(float));
  cufftHandle p2r;
  cufftPlan2d(&p2r, 8, 6, CUFFT_R2C);
  cufftExecR2C(p2r, dr, (cufftComplex *)orc);
  std::vector<Cx> full = dft(r, {8, 6}, -1), want;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j)
      want.push_back(full[i * 6 + j]);
  expect(download(orc, 8 * 4 * 2), want, false);
}

int main() {
  c2cCases();
  report("c2c");
  realCases();
  report("real");
  multiDimCases();
  report("multi-dimensional");

  // Three transforms of length 10: input every other complex element,
  // 40 apart; output in rows of 12 elements, 10 used, the rest left alone.
  const int n = 10, batch = 3;
  std::vector<Cx> x = signal(40 * batch, 6);
  float *din = upload(interleave<float>(x));
  std::vector<float> sentinel(2 * 12 * batch, 7.0f);
  float *dout = upload(sentinel);
  int dims[] = {n}, inembed[] = {20}, onembed[] = {12};
  cufftHandle many;
  cufftPlanMany(&many, 1, dims, inembed, 2, 40, onembed, 1, 12, CUFFT_C2C, batch);
  cufftExecC2C(many, (cufftComplex *)din, (cufftComplex *)dout, CUFFT_FORWARD);
  std::vector<float> got = download(dout, sentinel.size()), used;
  std::vector<Cx> want;
  bool gaps = true;
  for (int b = 0; b < batch; ++b) {
    std::vector<Cx> one;
    for (int i = 0; i < n; ++i)
      one.push_back(x[b * 40 + 2 * i]);
    std::vector<Cx> t = dft(one, {n}, -1);
    want.insert(want.end(), t.begin(), t.end());
    used.insert(used.end(), got.begin() + b * 24, got.begin() + b * 24 + 20);
    gaps = gaps && got[b * 24 + 20] == 7.0f && got[b * 24 + 23] == 7.0f;
  }
  expect(used, want, false);
  printf("layout: %d bad of %d, gaps untouched %d\n", bad, checks, gaps);
  bad = checks = 0;

  // On a stream: the plan's output, then a kernel's use of it on the same stream.
  cudaStream_t s;
  cudaStreamCreate(&s);
  cufftHandle ps;
  cufftPlan1d(&ps, 64, CUFFT_C2C, 1);
  cufftSetStream(ps, s);
  std::vector<Cx> sx = signal(64, 7);
  float *ds = upload(interleave<float>(sx));
  cufftExecC2C(ps, (cufftComplex *)ds, (cufftComplex *)ds, CUFFT_FORWARD);
  cudaStreamSynchronize(s);
  expect(download(ds, 128), dft(sx, {64}, -1), false);
  report("stream");

  cufftHandle wrong, gone, size;
  cufftPlan1d(&wrong, 16, CUFFT_R2C, 1);
  int type = cufftExecC2C(wrong, (cufftComplex *)ds, (cufftComplex *)ds, CUFFT_FORWARD);
  cufftPlan1d(&gone, 16, CUFFT_C2C, 1);
  cufftDestroy(gone);
  int destroyed = cufftExecC2C(gone, (cufftComplex *)ds, (cufftComplex *)ds, CUFFT_FORWARD);
  int badSize = cufftPlan1d(&size, 0, CUFFT_C2C, 1);
  printf("errors: %d %d %d\n", type, destroyed, badSize);
  int version = 0;
  cufftGetVersion(&version);
  printf("version %d\n", version);
  return 0;
}
