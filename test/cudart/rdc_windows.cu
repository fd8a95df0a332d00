// Generic pointers into shared, local and constant memory across files
// with separate compilation (docs/cuda.md "Generic addresses", "Across
// files"): a kernel here passes a global, a __shared__, a local and a
// __constant__ array to device functions of Inputs/rdc_windows_lib.cu
// (a sum, a scale writing through the pointer), which keeps one pointer
// per thread in its __device__ array and reads it back, returns whichever
// of two pointers it is told, and returns a pointer to its own
// __constant__ table. The device link compiles both files as one program,
// so the windows and the constant bank are the program's. Built in one
// command at -O2 and -O0, with -dc and a link at -G, through a static
// library, and with -dlink and a link by the host compiler. Expected
// values: the host loops below.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -rdc=true -O2 %s %S/Inputs/rdc_windows_lib.cu -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: simt-nvcc -rdc=true -O0 %s %S/Inputs/rdc_windows_lib.cu -o %t/app0
// RUN: %t/app0 | FileCheck %s
// RUN: simt-nvcc -dc -G %s -o %t/main-g.o
// RUN: simt-nvcc -dc -G %S/Inputs/rdc_windows_lib.cu -o %t/lib-g.o
// RUN: simt-nvcc %t/main-g.o %t/lib-g.o -o %t/app-g
// RUN: %t/app-g | FileCheck %s
// RUN: simt-nvcc -dc -O2 %s -o %t/main.o
// RUN: simt-nvcc -dc -O2 %S/Inputs/rdc_windows_lib.cu -o %t/lib.o
// RUN: ar rcs %t/libwindows.a %t/lib.o
// RUN: simt-nvcc %t/main.o -L%t -lwindows -o %t/app-lib
// RUN: %t/app-lib | FileCheck %s
// RUN: simt-nvcc -dlink %t/main.o %t/lib.o -o %t/dlink.o
// RUN: clang++-19 %t/main.o %t/lib.o %t/dlink.o -L%simt_obj_root/lib64 -lcudart -Wl,-rpath,%simt_obj_root/lib64 -o %t/app-dlink
// RUN: %t/app-dlink | FileCheck %s
// CHECK: sums PASSED
// CHECK-NEXT: kept PASSED
#include <cstdio>

__device__ float sum_ext(const float *p, int n);
__device__ void scale_ext(float *p, float f, int n);
__device__ void keep(int t, const float *p);
__device__ float first_kept(int t);
__device__ float *pick(float *a, float *b, int which);
__device__ const float *lib_table();

__constant__ float coef[8] = {1, 2, 3, 4, 5, 6, 7, 8};

// Per thread t: sums of 8 floats from x + t (global), the block's shared
// row of 8, a local array scaled by 2 in the other file, coef, the other
// file's table; and one element of that table through its pointer.
__global__ void sums(const float *x, float *out) {
  __shared__ float sh[64];
  float loc[8];
  const int t = threadIdx.x;
  sh[t] = t;
  for (int i = 0; i < 8; ++i)
    loc[i] = t + i;
  __syncthreads();
  scale_ext(loc, 2.f, 8);
  out[6 * t] = sum_ext(x + t, 8);
  out[6 * t + 1] = sum_ext(sh + (t & ~7), 8);
  out[6 * t + 2] = sum_ext(loc, 8);
  out[6 * t + 3] = sum_ext(coef, 8);
  out[6 * t + 4] = sum_ext(lib_table(), 8);
  out[6 * t + 5] = lib_table()[t % 8];
}

// Each thread keeps a pointer of the space t % 4 names in the other file's
// array and reads its first element back there; adds 1 through a shared or
// a local pointer the other file picks; reads through a global or a shared
// one it picks.
__global__ void kept(float *x, float *out) {
  __shared__ float sh[64];
  float loc[2];
  const int t = threadIdx.x;
  sh[t] = 100 + t;
  loc[0] = 200 + t;
  loc[1] = 0;
  __syncthreads();
  const float *ps[4] = {x + t, sh + t, loc, coef + t % 8};
  keep(t, ps[t % 4]);
  out[3 * t] = first_kept(t);
  float *q = pick(sh + t, loc, t & 1);
  *q += 1;
  out[3 * t + 1] = *q;
  out[3 * t + 2] = *pick(x + t, sh + t, t & 2);
}

static int check(const char *what, const float *got, const float *want, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (got[i] != want[i] && bad++ < 5)
      printf("%s[%d] = %g, expected %g\n", what, i, got[i], want[i]);
  printf("%s %s\n", what, bad ? "FAILED" : "PASSED");
  return bad != 0;
}

int main() {
  float hx[72], out[6 * 64], want[6 * 64];
  for (int i = 0; i < 72; ++i)
    hx[i] = i * 0.5f;
  float *x, *o;
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&o, sizeof out);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  int bad = 0;

  sums<<<1, 64>>>(x, o);
  if (cudaError_t e = cudaMemcpy(out, o, sizeof out, cudaMemcpyDeviceToHost)) {
    printf("sums: %s\n", cudaGetErrorString(e));
    return 1;
  }
  for (int t = 0; t < 64; ++t) {
    float *w = want + 6 * t;
    for (int j = 0; j < 5; ++j)
      w[j] = 0;
    for (int i = 0; i < 8; ++i) {
      w[0] += hx[t + i];
      w[1] += (t & ~7) + i;
      w[2] += 2 * (t + i);
      w[3] += i + 1;
      w[4] += 10 * (i + 1);
    }
    w[5] = 10 * (t % 8 + 1);
  }
  bad |= check("sums", out, want, 6 * 64);

  kept<<<1, 64>>>(x, o);
  if (cudaError_t e = cudaMemcpy(out, o, 3 * 64 * sizeof(float), cudaMemcpyDeviceToHost)) {
    printf("kept: %s\n", cudaGetErrorString(e));
    return 1;
  }
  for (int t = 0; t < 64; ++t) {
    float *w = want + 3 * t;
    w[0] = t % 4 == 0 ? hx[t] : t % 4 == 1 ? 100 + t : t % 4 == 2 ? 200 + t : t % 8 + 1;
    w[1] = (t & 1) ? 101 + t : 201 + t;
    w[2] = (t & 2) ? hx[t] : (t & 1) ? 101 + t : 100 + t;
  }
  bad |= check("kept", out, want, 3 * 64);
  return bad;
}
