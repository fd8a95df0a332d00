// Device functions whose parameters and results do not fit R4..R15: the
// words past the twelfth travel in the stack-argument area below the
// caller's frame (docs/cuda.md, "Device functions and the ABI"). A 4x4
// matrix product passes two 64-byte structs and returns a third; a filter
// passes its taps by value and indexes them by a loop counter (the callee
// keeps a copy of the struct in its frame: the parameter's address is
// taken); a blend takes sixteen scalars; a uchar4 by value is read and
// written byte by byte at -O0; a recursive walk passes a struct through
// every level. Checked at -O0 and -O2 against Inputs/big_params.py.
// RUN: simt-cc -O0 --stack-size 4096 %s -o %t0.o
// RUN: simt-cc -O2 %s -o %t2.o
// RUN: %python %S/Inputs/big_params.py > %t.simt
// RUN: simt-emu %t0.o %t.simt --stats-file %t0.json
// RUN: %python %S/Inputs/stack_empty.py %t0.json
// RUN: simt-emu %t2.o %t.simt --seeds 1-2
// RUN: simt-cc -O0 %s -S -o - | FileCheck %s
// The product passes 32 words and gets 16 back: R1 moves down by the 20
// words past R4..R15 (0x50 bytes) around the call, the caller stores them
// from [R1] up and reads the results' last four from there.
// CHECK-LABEL: .kernel matmul4
// CHECK: IADD32I R1, R1, 0xffffffb0
// CHECK-NEXT: STL [R1], R{{[0-9]+}}
// CHECK: STL [R1+0x4c], R{{[0-9]+}}
// CHECK-NEXT: CAL _Z4mul44Mat4S_
// CHECK-NEXT: LDL R{{[0-9]+}}, [R1]
// CHECK: LDL R{{[0-9]+}}, [R1+0xc]
// CHECK-NEXT: IADD32I R1, R1, 0x50
#include <cuda_runtime.h>

struct Mat4 {
  float m[4][4];
};

__device__ __noinline__ Mat4 mul4(Mat4 a, Mat4 b) {
  Mat4 c;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      float s = 0.0f;
      for (int k = 0; k < 4; ++k)
        s += a.m[i][k] * b.m[k][j];
      c.m[i][j] = s;
    }
  return c;
}

// out[t] = A_t * B_t, the matrices stored one after the other.
extern "C" __global__ void matmul4(const Mat4 *a, const Mat4 *b, Mat4 *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    out[t] = mul4(a[t], b[t]);
}

struct Taps {
  float w[15];
  int count;
  double gain;
};

__device__ __noinline__ float apply(Taps taps, const float *in, int i) {
  float acc = 0.0f;
  for (int j = 0; j < taps.count; ++j)
    acc += taps.w[j] * in[i + j];
  return acc * (float)taps.gain;
}

extern "C" __global__ void filter(Taps taps, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = apply(taps, in, i);
}

__device__ __noinline__ float blend(float a0, float a1, float a2, float a3, float a4, float a5,
                                    float a6, float a7, int b0, int b1, int b2, int b3, int b4,
                                    int b5, int b6, int b7) {
  return a0 * b0 - a1 * b1 + a2 * b2 - a3 * b3 + a4 * b4 - a5 * b5 + a6 * b6 - a7 * b7;
}

extern "C" __global__ void blend16(const float *x, const int *y, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  // Divergent: odd threads pass their values reversed.
  if (i & 1)
    out[i] = blend(x[i + 7], x[i + 6], x[i + 5], x[i + 4], x[i + 3], x[i + 2], x[i + 1], x[i],
                   y[i + 7], y[i + 6], y[i + 5], y[i + 4], y[i + 3], y[i + 2], y[i + 1], y[i]);
  else
    out[i] = blend(x[i], x[i + 1], x[i + 2], x[i + 3], x[i + 4], x[i + 5], x[i + 6], x[i + 7],
                   y[i], y[i + 1], y[i + 2], y[i + 3], y[i + 4], y[i + 5], y[i + 6], y[i + 7]);
}

__device__ __noinline__ uchar4 mix(uchar4 a, uchar4 b) {
  return make_uchar4(a.x + b.w, a.y ^ b.z, a.z - b.y, a.w | b.x);
}

extern "C" __global__ void mix4(const uchar4 *p, uchar4 *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    q[i] = mix(p[i], p[(i + 1) % n]);
}

struct Path {
  int step[14];
  int len;
};

// The sum of the first `depth` steps of p, one level a step.
__device__ __noinline__ int walk(Path p, int depth) {
  if (depth == 0)
    return 0;
  return p.step[depth - 1] + walk(p, depth - 1);
}

extern "C" __global__ void walks(Path p, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = walk(p, i % (p.len + 1));
}

// The host program: the five kernels on inputs built here, each checked
// against a CPU loop. The float inputs are small integers (or halves), so
// every product and sum is exact in any order and the comparison is exact.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned rng_state = 7;
static int rnd(int lo, int hi) { // uniform in [lo, hi]
  rng_state = rng_state * 1664525u + 1013904223u;
  return lo + (int)((rng_state >> 8) % (unsigned)(hi - lo + 1));
}

#define CUDA_CHECK(call)                                                               \
  do {                                                                                 \
    cudaError_t e = (call);                                                            \
    if (e != cudaSuccess) {                                                            \
      printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e));     \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

int main() {
  // matmul4: 40 pairs of 4x4 matrices.
  {
    const int n = 40;
    Mat4 *a = (Mat4 *)malloc(n * sizeof(Mat4)), *b = (Mat4 *)malloc(n * sizeof(Mat4));
    Mat4 *c = (Mat4 *)malloc(n * sizeof(Mat4));
    for (int t = 0; t < n; ++t)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
          a[t].m[i][j] = rnd(-4, 4);
          b[t].m[i][j] = rnd(-4, 4);
        }
    Mat4 *da, *db, *dc;
    CUDA_CHECK(cudaMalloc(&da, n * sizeof(Mat4)));
    CUDA_CHECK(cudaMalloc(&db, n * sizeof(Mat4)));
    CUDA_CHECK(cudaMalloc(&dc, n * sizeof(Mat4)));
    CUDA_CHECK(cudaMemcpy(da, a, n * sizeof(Mat4), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(db, b, n * sizeof(Mat4), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(dc, 0xff, n * sizeof(Mat4)));
    matmul4<<<2, 32>>>(da, db, dc, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(c, dc, n * sizeof(Mat4), cudaMemcpyDeviceToHost));
    for (int t = 0; t < n; ++t)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
          int ref = 0;
          for (int k = 0; k < 4; ++k)
            ref += (int)a[t].m[i][k] * (int)b[t].m[k][j];
          if (c[t].m[i][j] != (float)ref) {
            printf("matmul4: out[%d].m[%d][%d] = %g, expected %d\n", t, i, j, c[t].m[i][j], ref);
            return 1;
          }
        }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    free(a);
    free(b);
    free(c);
  }
  // filter: 15 taps, 11 of them used, a gain of 0.5.
  {
    const int n = 100;
    Taps taps;
    for (int j = 0; j < 15; ++j)
      taps.w[j] = rnd(-3, 3);
    taps.count = 11;
    taps.gain = 0.5;
    float in[n + 15], out[n];
    for (int i = 0; i < n + 15; ++i)
      in[i] = rnd(-8, 8);
    float *din, *dout;
    CUDA_CHECK(cudaMalloc(&din, sizeof(in)));
    CUDA_CHECK(cudaMalloc(&dout, sizeof(out)));
    CUDA_CHECK(cudaMemcpy(din, in, sizeof(in), cudaMemcpyHostToDevice));
    filter<<<1, 128>>>(taps, din, dout, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      int sum = 0;
      for (int j = 0; j < 11; ++j)
        sum += (int)taps.w[j] * (int)in[i + j];
      double ref = sum * 0.5;
      if (out[i] != ref) {
        printf("filter: out[%d] = %g, expected %g\n", i, out[i], ref);
        return 1;
      }
    }
    cudaFree(din);
    cudaFree(dout);
  }
  // blend16: eight floats and eight ints, reversed in odd threads.
  {
    const int n = 64;
    float x[n + 8], out[n];
    int y[n + 8];
    for (int i = 0; i < n + 8; ++i) {
      x[i] = rnd(-6, 6) / 2.0f;
      y[i] = rnd(-5, 5);
    }
    float *dx, *dout;
    int *dy;
    CUDA_CHECK(cudaMalloc(&dx, sizeof(x)));
    CUDA_CHECK(cudaMalloc(&dy, sizeof(y)));
    CUDA_CHECK(cudaMalloc(&dout, sizeof(out)));
    CUDA_CHECK(cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dy, y, sizeof(y), cudaMemcpyHostToDevice));
    blend16<<<1, 64>>>(dx, dy, dout, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      double ref = 0;
      for (int k = 0; k < 8; ++k) {
        int idx = (i & 1) ? i + 7 - k : i + k;
        ref += (k % 2 ? -1 : 1) * (double)x[idx] * y[idx];
      }
      if (out[i] != ref) {
        printf("blend16: out[%d] = %g, expected %g\n", i, out[i], ref);
        return 1;
      }
    }
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dout);
  }
  // mix4: uchar4 by value, byte arithmetic modulo 256.
  {
    const int n = 50;
    unsigned char p[4 * n], q[4 * n];
    for (int i = 0; i < 4 * n; ++i)
      p[i] = (unsigned char)rnd(0, 255);
    uchar4 *dp, *dq;
    CUDA_CHECK(cudaMalloc(&dp, sizeof(p)));
    CUDA_CHECK(cudaMalloc(&dq, sizeof(q)));
    CUDA_CHECK(cudaMemcpy(dp, p, sizeof(p), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(dq, 0, sizeof(q)));
    mix4<<<1, 64>>>(dp, dq, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(q, dq, sizeof(q), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      const unsigned char *u = p + 4 * i, *v = p + 4 * ((i + 1) % n);
      unsigned ref[4] = {(u[0] + v[3]) & 0xffu, (unsigned)(u[1] ^ v[2]), (u[2] - v[1]) & 0xffu,
                         (unsigned)(u[3] | v[0])};
      for (int k = 0; k < 4; ++k)
        if (q[4 * i + k] != ref[k]) {
          printf("mix4: q[%d] byte %d = %u, expected %u\n", i, k, q[4 * i + k], ref[k]);
          return 1;
        }
    }
    cudaFree(dp);
    cudaFree(dq);
  }
  // walks: a 60-byte struct through up to 14 levels of recursion.
  {
    const int n = 96;
    Path path;
    for (int k = 0; k < 14; ++k)
      path.step[k] = rnd(-100, 100);
    path.len = 14;
    int out[n];
    int *dout;
    CUDA_CHECK(cudaMalloc(&dout, sizeof(out)));
    CUDA_CHECK(cudaMemset(dout, 0xff, sizeof(out)));
    walks<<<1, 96>>>(path, dout, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      int ref = 0;
      for (int k = 0; k < i % 15; ++k)
        ref += path.step[k];
      if (out[i] != ref) {
        printf("walks: out[%d] = %d, expected %d\n", i, out[i], ref);
        return 1;
      }
    }
    cudaFree(dout);
  }
  printf("PASSED\n");
  return 0;
}
