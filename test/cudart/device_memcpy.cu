// memcpy and memset in device code, declared by CUDA's headers for both
// sides (a public sample's integral image type-puns a float4 with memcpy):
// a vector into an array, a struct cleared and copied out, byte rows set,
// std::memcpy as well, at -O2, -O0 and -G. The host's memcpy is the C
// library's as ever. Expected values: the host's own arithmetic below
// (row 5: 5 + 2*6 + 3*7 + 4*8 = 70).
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -G %s -o %tg && %tg | FileCheck %s
// CHECK: mismatches 0 out[5] 70
#include <cstdio>
#include <cstring>

struct Rec {
  float x;
  int y;
  short z;
};

__global__ void unpack(const float4 *in, float *out, Rec *recs, unsigned char *rows, int n) {
  int i = threadIdx.x;
  float4 v = in[i];
  float a[4];
  memcpy(a, &v, sizeof a);
  out[i] = a[0] + 2 * a[1] + 3 * a[2] + 4 * a[3];
  Rec r;
  memset(&r, 0, sizeof r);
  r.x = a[0];
  r.y = i;
  std::memcpy(&recs[i], &r, sizeof r);
  memset(rows + i * n, i + 1, n); // n is not known at compile time
}

int main() {
  const int T = 32, N = 7;
  float4 h[T];
  for (int i = 0; i < T; ++i)
    h[i] = make_float4(i, i + 1, i + 2, i + 3);
  float4 *din;
  float *dout;
  Rec *drecs;
  unsigned char *drows;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&dout, T * sizeof(float));
  cudaMalloc(&drecs, T * sizeof(Rec));
  cudaMalloc(&drows, T * N);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  unpack<<<1, T>>>(din, dout, drecs, drows, N);
  float out[T];
  Rec recs[T];
  unsigned char rows[T * N];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(recs, drecs, sizeof recs, cudaMemcpyDeviceToHost);
  cudaMemcpy(rows, drows, sizeof rows, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < T; ++i) {
    float want = h[i].x + 2 * h[i].y + 3 * h[i].z + 4 * h[i].w;
    Rec r;
    memcpy(&r, &recs[i], sizeof r); // the host's memcpy
    if (out[i] != want || r.x != h[i].x || r.y != i || r.z != 0)
      ++bad;
    for (int j = 0; j < N; ++j)
      bad += rows[i * N + j] != i + 1;
  }
  printf("mismatches %d out[5] %g\n", bad, out[5]);
  return bad != 0;
}
