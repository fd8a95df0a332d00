// Function pointers and virtual functions (cc/LowerIndirectCalls.h): a
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
