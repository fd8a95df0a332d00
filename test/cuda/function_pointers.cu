// Function pointers and virtual functions (cc/passes/LowerIndirectCalls.h): a
// __device__ table of operations picked per thread (threads of a warp call
// different functions and reconverge after the call), C++ virtual calls
// through a base pointer to objects built in the kernel, a function pointer
// passed to a __noinline__ function that calls it in a loop (uniform per
// block), and a pointer stored in a __device__ variable by one launch and
// called by the next. Checked against Inputs/function_pointers.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/function_pointers.py > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-cc %s -S -o - | FileCheck %s
// The table's entries are the operations' addresses; a call through one
// compares it with each candidate's and calls that one.
// CHECK-LABEL: .kernel apply
// CHECK: ISETP.EQ.U32.AND
// CHECK: CAL _Z4addfff
// CHECK: CAL _Z4mulfff
#include <cuda_runtime.h>

typedef float (*binary_op)(float, float);

__device__ float addf(float a, float b) { return a + b; }
__device__ float mulf(float a, float b) { return a * b; }
__device__ float subf(float a, float b) { return a - b; }
__device__ float maxf(float a, float b) { return a > b ? a : b; }

__device__ binary_op ops[4] = {addf, mulf, subf, maxf};

extern "C" __global__ void apply(const float *x, const float *y, const int *which, float *out,
                                 int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = ops[which[i]](x[i], y[i]);
}

class Shape {
public:
  __device__ virtual float area() const = 0;
  __device__ virtual float perimeter() const = 0;
  __device__ float ratio() const { return area() - perimeter(); }
};

class Square : public Shape {
  float s;

public:
  __device__ explicit Square(float s) : s(s) {}
  __device__ float area() const override { return s * s; }
  __device__ float perimeter() const override { return 4.0f * s; }
};

class Rect : public Shape {
  float w, h;

public:
  __device__ Rect(float w, float h) : w(w), h(h) {}
  __device__ float area() const override { return w * h; }
  __device__ float perimeter() const override { return 2.0f * (w + h); }
};

class Tri : public Shape {
  float a, b, c; // a right triangle with legs a, b

public:
  __device__ Tri(float a, float b, float c) : a(a), b(b), c(c) {}
  __device__ float area() const override { return 0.5f * a * b; }
  __device__ float perimeter() const override { return a + b + c; }
};

extern "C" __global__ void shapes(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i];
  Square sq(v);
  Rect re(v, v + 1.0f);
  Tri tr(3.0f * v, 4.0f * v, 5.0f * v);
  const Shape *s = i % 3 == 0 ? (const Shape *)&sq : i % 3 == 1 ? (const Shape *)&re
                                                                 : (const Shape *)&tr;
  out[i] = s->ratio();
}

// The sum of f(k, k + 1) for k in [0, n).
__device__ __noinline__ float fold(binary_op f, int n) {
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += f((float)k, (float)(k + 1));
  return acc;
}

extern "C" __global__ void folds(float *out, int n) {
  binary_op f = ops[blockIdx.x % 4];
  out[blockIdx.x * blockDim.x + threadIdx.x] = fold(f, n + threadIdx.x % 5);
}

__device__ binary_op chosen;

extern "C" __global__ void choose(int k) { chosen = ops[k]; }

extern "C" __global__ void use_chosen(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = chosen(x[i], 3.0f);
}

// The host program: the kernels on inputs built here, against CPU loops.
// The inputs are small integers (halves for x), so every float result is
// exact and the comparison is exact.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>

static unsigned seed = 11;
static int rnd(int lo, int hi) { // uniform in [lo, hi]
  seed = seed * 1103515245u + 12345u;
  return lo + (int)((seed >> 16) % (unsigned)(hi - lo + 1));
}

static float host_op(int which, float a, float b) {
  switch (which) {
  case 0: return a + b;
  case 1: return a * b;
  case 2: return a - b;
  default: return a > b ? a : b;
  }
}

static int compare(const char *name, const float *got, const float *expected, int n) {
  for (int i = 0; i < n; ++i)
    if (got[i] != expected[i]) {
      printf("%s: out[%d] = %g, expected %g\n", name, i, got[i], expected[i]);
      return 1;
    }
  return 0;
}

int main() {
  const int n = 100, block = 64, grid = (n + block - 1) / block;
  float x[n], y[n], out[n], ref[n];
  int which[n];
  for (int i = 0; i < n; ++i) {
    x[i] = rnd(-12, 12) / 2.0f;
    y[i] = rnd(-6, 6);
    which[i] = rnd(0, 3);
  }
  float *d_x, *d_y, *d_out;
  int *d_which;
  cudaMalloc(&d_x, sizeof x);
  cudaMalloc(&d_y, sizeof y);
  cudaMalloc(&d_which, sizeof which);
  cudaMalloc(&d_out, 6 * 32 * sizeof(float));
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, y, sizeof y, cudaMemcpyHostToDevice);
  cudaMemcpy(d_which, which, sizeof which, cudaMemcpyHostToDevice);

  apply<<<grid, block>>>(d_x, d_y, d_which, d_out, n);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    ref[i] = host_op(which[i], x[i], y[i]);
  if (compare("apply", out, ref, n))
    return 1;

  // Area minus perimeter: a square of side v, a v x (v + 1) rectangle, a
  // 3v-4v-5v right triangle.
  shapes<<<grid, block>>>(d_x, d_out, n);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    double v = x[i];
    ref[i] = i % 3 == 0   ? v * v - 4 * v
             : i % 3 == 1 ? v * (v + 1) - 2 * (2 * v + 1)
                          : 6 * v * v - 12 * v;
  }
  if (compare("shapes", out, ref, n))
    return 1;

  // Block b folds ops[b % 4] over k = 0 .. base + t % 5 - 1.
  const int blocks = 6, threads = 32, base = 7;
  float fout[blocks * threads], fref[blocks * threads];
  folds<<<blocks, threads>>>(d_out, base);
  cudaMemcpy(fout, d_out, sizeof fout, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      float acc = 0;
      for (int k = 0; k < base + t % 5; ++k)
        acc += host_op(b % 4, k, k + 1);
      fref[b * threads + t] = acc;
    }
  if (compare("folds", fout, fref, blocks * threads))
    return 1;

  // The pointer chosen by one launch, called by the next.
  const int picks[2] = {1, 3};
  for (int p = 0; p < 2; ++p) {
    choose<<<1, 1>>>(picks[p]);
    use_chosen<<<grid, block>>>(d_x, d_out, n);
    cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
      ref[i] = host_op(picks[p], x[i], 3.0f);
    if (compare(picks[p] == 1 ? "use_chosen (mulf)" : "use_chosen (maxf)", out, ref, n))
      return 1;
  }
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_which);
  cudaFree(d_out);
  printf("PASSED\n");
  return 0;
}
